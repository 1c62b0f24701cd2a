import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import { customers, devices, equipment, products } from '../../db/schema';
import {
  EQUIPMENT_STATE_LABELS,
  type EquipmentListQuery,
  type EquipmentRow,
  type EquipmentState,
} from '../../../contract/equipment';
import type { Page } from '../../../contract/pagination';
import { listSpec, readPage, sortOrder, type RowExtras } from '../../db/pages';
import { csvLabel, csvNumber, csvText, csvTime } from '../../db/export-columns';

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

/** The equipment with its product, device and customer; a list page reads its cursor key (null in id order). */
function selectRows(tx: Tx, extras: RowExtras = { cursorKey: sql`null` }) {
  return tx
    .select({
      id: equipment.id,
      ...extras,
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

type Selected = Omit<Awaited<ReturnType<typeof selectRows>>[number], 'cursorKey' | 'cells'>;

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

export function equipmentList(tx: Tx, query: EquipmentListQuery) {
  const where = and(eq(equipment.state, query.state), query.q ? eq(equipment.imei, query.q) : undefined);
  return listSpec({
    // Both read off an index of the state: (state, id) and (state, updated_at, id).
    order: sortOrder(query.sort, { id: {}, updatedAt: { key: equipment.updatedAt } }, equipment.id),
    where,
    // Typed, so that the rows' type is inferred here before the ready-made toRow is checked against it.
    rows: (extras: RowExtras) => selectRows(tx, extras),
    count: equipment,
    toRow,
    csv: [
      csvNumber('Equipment ID', equipment.id),
      csvText('IMEI', equipment.imei),
      csvLabel('State', equipment.state, EQUIPMENT_STATE_LABELS),
      // The model only with its product whole, as the row's `product` is.
      csvText('Model', sql`case when ${products.price} is not null then ${products.model} end`),
      csvNumber('From device', equipment.fromDeviceId),
      csvNumber('Customer ID', sql`case when ${customers.name} is not null then ${customers.id} end`),
      csvText('Customer', customers.name),
      csvTime('Since', equipment.updatedAt),
    ],
  });
}

export const listEquipment = (tx: Tx, query: EquipmentListQuery): Promise<Page<EquipmentRow>> =>
  readPage(tx, equipmentList(tx, query), query);

export async function findEquipment(tx: Tx, id: number): Promise<EquipmentRow | undefined> {
  const [row] = await selectRows(tx).where(eq(equipment.id, id));
  return row && toRow(row);
}
