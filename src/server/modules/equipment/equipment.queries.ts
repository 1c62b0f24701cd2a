import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { customers, devices, equipment, products } from '../../db/schema';
import type { EquipmentListQuery, EquipmentRow, EquipmentState } from '../../../contract/equipment';
import type { Page } from '../../../contract/pagination';
import { countRows, inOrder, pageOfRows, pageWindow, type ListOrder } from '../../db/pages';

export type EquipmentRecord = typeof equipment.$inferSelect;

export async function lockEquipment(tx: Tx, id: number): Promise<EquipmentRecord | undefined> {
  const [row] = await tx.select().from(equipment).where(eq(equipment.id, id)).for('update');
  return row;
}

export async function setEquipmentState(tx: Tx, id: number, state: EquipmentState): Promise<EquipmentRecord> {
  const [row] = await tx
    .update(equipment)
    .set({ state, updatedAt: new Date() })
    .where(eq(equipment.id, id))
    .returning();
  return row!;
}

export async function deleteEquipmentRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(equipment).where(eq(equipment.id, id));
}

function selectRows(tx: Tx, where: SQL | undefined) {
  return tx
    .select({
      id: equipment.id,
      imei: equipment.imei,
      state: equipment.state,
      productId: products.id,
      model: products.model,
      price: products.price,
      fromDeviceId: equipment.fromDeviceId,
      fromDeviceExists: devices.id,
      customerId: customers.id,
      customerName: customers.name,
      createdAt: equipment.createdAt,
      updatedAt: equipment.updatedAt,
    })
    .from(equipment)
    .leftJoin(products, eq(products.id, equipment.productId))
    .leftJoin(devices, eq(devices.id, equipment.fromDeviceId))
    .leftJoin(customers, eq(customers.id, equipment.customerId))
    .where(where);
}

type Selected = Awaited<ReturnType<typeof selectRows>>[number];

const toRow = (r: Selected): EquipmentRow => ({
  id: r.id,
  imei: r.imei,
  state: r.state,
  product:
    r.productId !== null && r.model !== null && r.price !== null
      ? { id: r.productId, model: r.model, price: r.price }
      : null,
  fromDeviceId: r.fromDeviceId,
  fromDeviceExists: r.fromDeviceExists !== null,
  customer: r.customerId !== null && r.customerName !== null ? { id: r.customerId, name: r.customerName } : null,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
});

const equipmentOrder: ListOrder = { id: equipment.id };

export async function listEquipment(tx: Tx, query: EquipmentListQuery): Promise<Page<EquipmentRow>> {
  const where = and(eq(equipment.state, query.state), query.q ? eq(equipment.imei, query.q) : undefined);
  const window = pageWindow(query, equipmentOrder);
  const [rows, counted] = await Promise.all([
    selectRows(tx, and(where, window.seek))
      .orderBy(...inOrder(equipmentOrder))
      .limit(window.limit)
      .offset(window.offset),
    countRows(
      tx,
      () =>
        tx
          .select({ one: sql`1` })
          .from(equipment)
          .where(where)
          .$dynamic(),
      query,
    ),
  ]);
  return pageOfRows(
    rows.map((r) => ({ ...r, cursorKey: null })),
    toRow,
    query,
    counted,
  );
}

export async function findEquipment(tx: Tx, id: number): Promise<EquipmentRow | undefined> {
  const [row] = await selectRows(tx, eq(equipment.id, id));
  return row && toRow(row);
}
