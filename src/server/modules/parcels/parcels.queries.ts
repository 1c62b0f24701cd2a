import { and, asc, desc, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import {
  customers,
  devices,
  equipment,
  loaners,
  parcels,
  predefinedContainers,
  products,
  subscriptions,
  users,
} from '../../db/schema';
import {
  DIRECTION_LABELS,
  type Container,
  type ContainerInput,
  type CustomerItem,
  type Parcel,
  type ParcelListQuery,
} from '../../../contract/parcels';
import { listSpec, readPage, sortOrder, type ListOrder } from '../../db/pages';
import { csvDecimal, csvLabel, csvNumber, csvText, csvTime } from '../../db/export-columns';
import type { Page } from '../../../contract/pagination';

type ContainerRecord = typeof predefinedContainers.$inferSelect;

export const toContainer = (row: ContainerRecord): Container => ({
  id: row.id,
  name: row.name,
  length: Number(row.length),
  width: Number(row.width),
  height: Number(row.height),
});

const asNumeric = (v: ContainerInput) => ({
  name: v.name,
  length: String(v.length),
  width: String(v.width),
  height: String(v.height),
});

export async function listContainers(db: Tx): Promise<Container[]> {
  return (await db.select().from(predefinedContainers).orderBy(asc(predefinedContainers.name))).map(toContainer);
}

export async function findContainer(db: Tx, id: number, { lock = false } = {}): Promise<Container | undefined> {
  const query = db.select().from(predefinedContainers).where(eq(predefinedContainers.id, id));
  const [row] = await (lock ? query.for('update') : query);
  return row && toContainer(row);
}

export async function isContainerNameTaken(db: Tx, name: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: predefinedContainers.id })
    .from(predefinedContainers)
    .where(
      and(
        sql`lower(${predefinedContainers.name}) = ${name.toLowerCase()}`,
        exceptId ? ne(predefinedContainers.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

/** Answers undefined when another insert took the name first (the unique index decides). */
export async function insertContainer(db: Tx, values: ContainerInput): Promise<Container | undefined> {
  const [row] = await db
    .insert(predefinedContainers)
    .values(asNumeric(values))
    .onConflictDoNothing({ target: predefinedContainers.name })
    .returning();
  return row && toContainer(row);
}

export async function updateContainerRow(db: Tx, id: number, values: ContainerInput): Promise<Container> {
  const [row] = await db
    .update(predefinedContainers)
    .set(asNumeric(values))
    .where(eq(predefinedContainers.id, id))
    .returning();
  return toContainer(row!);
}

export async function deleteContainerRow(db: Tx, id: number): Promise<void> {
  await db.delete(predefinedContainers).where(eq(predefinedContainers.id, id));
}

export async function customerExists(db: Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id));
  return !!row;
}

const deviceLabel = sql<string>`'Device #' || ${devices.id} || coalesce(' · ' || ${products.model}, ' · SIM Only') || coalesce(' · IMEI ' || ${devices.imei}, '')`;
const equipmentLabel = sql<string>`'Equipment #' || ${equipment.id} || coalesce(' · ' || ${products.model}, '') || ' · IMEI ' || ${equipment.imei}`;

/** Devices on the customer's subscriptions or on loan to them. */
function customerDevices(db: Tx, customerId: number, deviceId?: number) {
  const mine = sql`(${devices.id} in (select ${subscriptions.deviceId} from ${subscriptions} where ${subscriptions.customerId} = ${customerId})
    or ${devices.id} in (select ${loaners.deviceId} from ${loaners} where ${loaners.customerId} = ${customerId} and ${loaners.returnedAt} is null))`;
  return db
    .select({ id: devices.id, label: deviceLabel })
    .from(devices)
    .leftJoin(products, eq(products.id, devices.productId))
    .where(and(mine, deviceId ? eq(devices.id, deviceId) : undefined, isNull(devices.lineDeletedAt)))
    .orderBy(desc(devices.id))
    .limit(100);
}

function customerEquipment(db: Tx, customerId: number, equipmentId?: number) {
  return db
    .select({ id: equipment.id, label: equipmentLabel })
    .from(equipment)
    .leftJoin(products, eq(products.id, equipment.productId))
    .where(and(eq(equipment.customerId, customerId), equipmentId ? eq(equipment.id, equipmentId) : undefined))
    .orderBy(desc(equipment.id))
    .limit(100);
}

export async function customerItems(db: Tx, customerId: number): Promise<CustomerItem[]> {
  const [deviceRows, equipmentRows] = await Promise.all([
    customerDevices(db, customerId),
    customerEquipment(db, customerId),
  ]);
  return [
    ...deviceRows.map((r) => ({ kind: 'device' as const, ...r })),
    ...equipmentRows.map((r) => ({ kind: 'equipment' as const, ...r })),
  ];
}

export const isCustomersDevice = async (db: Tx, customerId: number, deviceId: number) =>
  (await customerDevices(db, customerId, deviceId)).length > 0;
export const isCustomersEquipment = async (db: Tx, customerId: number, equipmentId: number) =>
  (await customerEquipment(db, customerId, equipmentId)).length > 0;

export async function insertParcel(db: Tx, values: typeof parcels.$inferInsert): Promise<number> {
  const [row] = await db.insert(parcels).values(values).returning({ id: parcels.id });
  return row!.id;
}

const parcelOrder = (sort: ParcelListQuery['sort']): ListOrder =>
  sortOrder(
    sort,
    { createdAt: { key: parcels.createdAt }, weight: { key: parcels.weight, kind: 'decimal' } },
    parcels.id,
  );

export function parcelList(db: Tx, query: ParcelListQuery & { id?: number }) {
  const { customerId, direction, id } = query;
  const conditions: (SQL | undefined)[] = [
    customerId ? eq(parcels.customerId, customerId) : undefined,
    direction ? eq(parcels.direction, direction) : undefined,
    id ? eq(parcels.id, id) : undefined,
  ];
  const where = and(...conditions);
  const itemLabel = sql<string | null>`case
    when ${parcels.deviceId} is not null then 'Device #' || ${parcels.deviceId}
    when ${parcels.equipmentId} is not null then 'Equipment #' || ${parcels.equipmentId} end`;
  return listSpec({
    order: parcelOrder(query.sort),
    where,
    rows: (extras) =>
      db
        .select({
          id: parcels.id,
          ...extras,
          customerId: customers.id,
          customerName: customers.name,
          direction: parcels.direction,
          item: itemLabel,
          containerName: predefinedContainers.name,
          length: parcels.length,
          width: parcels.width,
          height: parcels.height,
          weight: parcels.weight,
          createdBy: users.name,
          createdAt: parcels.createdAt,
        })
        .from(parcels)
        .leftJoin(customers, eq(customers.id, parcels.customerId))
        .leftJoin(predefinedContainers, eq(predefinedContainers.id, parcels.containerId))
        .leftJoin(users, eq(users.id, parcels.createdById))
        .$dynamic(),
    count: parcels,
    toRow: ({ customerId: cid, customerName, ...r }): Parcel => ({
      ...r,
      customer: cid !== null && customerName !== null ? { id: cid, name: customerName } : null,
      length: Number(r.length),
      width: Number(r.width),
      height: Number(r.height),
      weight: Number(r.weight),
      createdAt: r.createdAt.toISOString(),
    }),
    csv: [
      csvNumber('Parcel ID', parcels.id),
      csvTime('Entered', parcels.createdAt),
      csvLabel('Direction', parcels.direction, DIRECTION_LABELS),
      csvNumber('Customer ID', customers.id),
      csvText('Customer', customers.name),
      csvText('Item', itemLabel),
      csvText('Container', predefinedContainers.name),
      csvDecimal('Length (in)', parcels.length),
      csvDecimal('Width (in)', parcels.width),
      csvDecimal('Height (in)', parcels.height),
      csvDecimal('Weight (oz)', parcels.weight),
      csvText('Entered by', users.name),
    ],
  });
}

export const listParcels = (db: Tx, query: ParcelListQuery & { id?: number }): Promise<Page<Parcel>> =>
  readPage(db, parcelList(db, query), query);
