import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { customers, devices, equipment, products } from '../../db/schema';
import type { EquipmentListQuery, EquipmentRow, EquipmentState } from '../../../contract/equipment';
import type { Cursor, Page } from '../../../contract/pagination';
import { readPage, type ListOrder } from '../../db/pages';

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

/** The equipment with its product, device and customer; a list page reads its cursor key (null: the order is by id). */
function selectRows(tx: Tx, cursorKey: SQL<Cursor[0]> = sql`null`) {
  return tx
    .select({
      id: equipment.id,
      cursorKey,
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
    .$dynamic();
}

type Selected = Omit<Awaited<ReturnType<typeof selectRows>>[number], 'cursorKey'>;

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

export function listEquipment(tx: Tx, query: EquipmentListQuery): Promise<Page<EquipmentRow>> {
  const where = and(eq(equipment.state, query.state), query.q ? eq(equipment.imei, query.q) : undefined);
  return readPage(tx, query, {
    order: equipmentOrder,
    where,
    // Typed, so that the rows' type is inferred here before the ready-made toRow is checked against it.
    rows: (cursorKey: SQL<Cursor[0]>) => selectRows(tx, cursorKey),
    count: equipment,
    toRow,
  });
}

export async function findEquipment(tx: Tx, id: number): Promise<EquipmentRow | undefined> {
  const [row] = await selectRows(tx).where(eq(equipment.id, id));
  return row && toRow(row);
}
