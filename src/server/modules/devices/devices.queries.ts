import { IMEI_SUFFIX } from '../../../contract/identifiers';
import { and, asc, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import {
  customers,
  devices,
  deviceStatuses,
  deviceSwaps,
  equipment,
  loaners,
  products,
  subscriptions,
  suppliers,
} from '../../db/schema';
import type {
  DeviceDetail,
  DeviceListQuery,
  DeviceOptions,
  DeviceRow,
  SimLookupDevice,
} from '../../../contract/devices';
import type { Page } from '../../../contract/pagination';
import { listSpec, readPage, sortOrder, type ListOrder } from '../../db/pages';
import { csvNumber, csvText, csvYesNo } from '../../db/export-columns';

export type DeviceRecord = typeof devices.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The device row locked for the rest of the transaction, or undefined when it does not exist. */
export async function lockDevice(tx: Tx, id: number): Promise<DeviceRecord | undefined> {
  const [row] = await tx.select().from(devices).where(eq(devices.id, id)).for('update');
  return row;
}

export async function findProduct(tx: Tx, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id));
  return row;
}

/** The active subscription using a device, if any. */
export async function activeSubscription(tx: Tx, deviceId: number) {
  const [row] = await tx
    .select({ id: subscriptions.id, customerId: subscriptions.customerId, customerName: customers.name })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .where(and(eq(subscriptions.deviceId, deviceId), eq(subscriptions.status, 'active')))
    .orderBy(desc(subscriptions.id))
    .limit(1);
  return row;
}

/** The open loan of a device, if any. */
export async function openLoan(tx: Tx, deviceId: number) {
  const [row] = await tx
    .select({ id: loaners.id, startedAt: loaners.startedAt, customerId: customers.id, customerName: customers.name })
    .from(loaners)
    .innerJoin(customers, eq(customers.id, loaners.customerId))
    .where(and(eq(loaners.deviceId, deviceId), isNull(loaners.returnedAt)))
    .orderBy(desc(loaners.id))
    .limit(1);
  return row;
}

export async function updateDevice(
  tx: Tx,
  id: number,
  changes: Partial<typeof devices.$inferInsert>,
): Promise<DeviceRecord> {
  const [row] = await tx
    .update(devices)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(devices.id, id))
    .returning();
  return row!;
}

export async function deleteDeviceRow(tx: Tx, id: number): Promise<void> {
  await tx.delete(devices).where(eq(devices.id, id));
}

export async function insertEquipment(tx: Tx, values: typeof equipment.$inferInsert) {
  const [row] = await tx.insert(equipment).values(values).returning();
  return row!;
}

/** The active subscription and the open loan of a line follow it to another device. */
export async function moveLine(tx: Tx, fromId: number, toId: number, at: Date): Promise<void> {
  await tx
    .update(subscriptions)
    .set({ deviceId: toId, updatedAt: at })
    .where(and(eq(subscriptions.deviceId, fromId), eq(subscriptions.status, 'active')));
  await tx
    .update(loaners)
    .set({ deviceId: toId })
    .where(and(eq(loaners.deviceId, fromId), isNull(loaners.returnedAt)));
}

export async function insertDeviceSwap(tx: Tx, values: typeof deviceSwaps.$inferInsert): Promise<void> {
  await tx.insert(deviceSwaps).values(values);
}

/**
 * Devices whose IMEI ends in `digits`: the reversed IMEI starts with the reversed digits, a range the
 * `devices_imei_suffix_idx` index answers (a range, unlike LIKE, keeps the index with a bound parameter).
 */
export function imeiEndingIn(digits: string): SQL {
  const from = [...digits].reverse().join('');
  // The first text after every one starting with `from`: its last character one higher ('9' + 1 is ':').
  const to = from.slice(0, -1) + String.fromCharCode(from.charCodeAt(from.length - 1) + 1);
  const reversed = sql`(reverse(${devices.imei}) collate "C")`;
  return sql`(${reversed} >= ${from} and ${reversed} < ${to})`;
}

function listFilter(query: DeviceListQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (query.status) conditions.push(eq(devices.deviceStatusId, query.status));
  if (query.productId) conditions.push(eq(devices.productId, query.productId));
  const q = query.q;
  if (q) {
    // Whole identifiers, or the last 4+ digits of an IMEI, so every search is an index lookup even on millions of
    // devices (ADR 005).
    // Phone numbers are typed with punctuation or a leading 1 ("+1 (615) 555-0100") but stored as 10 digits.
    const digits = q.replace(/[\s().+-]/g, '');
    const values = [...new Set([q, digits, digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits])];
    conditions.push(
      or(
        /^\d{1,9}$/.test(digits) ? eq(devices.id, Number(digits)) : undefined,
        inArray(devices.imei, values),
        inArray(devices.sim, values),
        inArray(devices.phone, values),
        IMEI_SUFFIX.test(digits) ? imeiEndingIn(digits) : undefined,
      ),
    );
  }
  return and(...conditions);
}

const deviceOrder = (sort: DeviceListQuery['sort']): ListOrder => sortOrder(sort, { id: {} }, devices.id);

/**
 * Who a device is with, in SQL for the export, as `listDevices` finds it for a page: the customer of its latest
 * active subscription, else of its open loan.
 */
const holderId = sql`coalesce(
  (select ${subscriptions.customerId} from ${subscriptions}
    where ${subscriptions.deviceId} = ${devices.id} and ${subscriptions.status} = 'active'
    order by ${subscriptions.id} desc limit 1),
  (select ${loaners.customerId} from ${loaners}
    where ${loaners.deviceId} = ${devices.id} and ${loaners.returnedAt} is null limit 1))`;

export function deviceList(tx: Tx, query: DeviceListQuery) {
  return listSpec({
    order: deviceOrder(query.sort),
    where: listFilter(query),
    rows: (extras) =>
      tx
        .select({
          id: devices.id,
          imei: devices.imei,
          sim: devices.sim,
          phone: devices.phone,
          status: { id: deviceStatuses.id, description: deviceStatuses.description },
          model: products.model,
          lineDeletedAt: devices.lineDeletedAt,
          ...extras,
        })
        .from(devices)
        .innerJoin(deviceStatuses, eq(deviceStatuses.id, devices.deviceStatusId))
        .leftJoin(products, eq(products.id, devices.productId))
        .$dynamic(),
    count: devices,
    toRow: (r) => r,
    csv: [
      csvNumber('Device ID', devices.id),
      csvText('IMEI', devices.imei),
      csvText('SIM', devices.sim),
      csvText('Phone', devices.phone),
      csvText('Status', deviceStatuses.description),
      csvText('Model', products.model),
      csvYesNo('Line deleted', sql`${devices.lineDeletedAt} is not null`),
      csvNumber('Customer ID', holderId),
      csvText('Customer', sql`(select ${customers.name} from ${customers} where ${customers.id} = ${holderId})`),
    ],
  });
}

/** A page of devices, each with the customer it is with. */
export async function listDevices(tx: Tx, query: DeviceListQuery): Promise<Page<DeviceRow>> {
  const page = await readPage(tx, deviceList(tx, query), query);
  const ids = page.rows.map((r) => r.id);
  const holders = ids.length
    ? await tx
        .selectDistinctOn([subscriptions.deviceId], {
          deviceId: subscriptions.deviceId,
          id: customers.id,
          name: customers.name,
        })
        .from(subscriptions)
        .innerJoin(customers, eq(customers.id, subscriptions.customerId))
        .where(and(inArray(subscriptions.deviceId, ids), eq(subscriptions.status, 'active')))
        .orderBy(subscriptions.deviceId, desc(subscriptions.id))
    : [];
  // A device out on loan is with the loan's customer, who has no subscription on it.
  const loans = ids.length
    ? await tx
        .select({ deviceId: loaners.deviceId, id: customers.id, name: customers.name })
        .from(loaners)
        .innerJoin(customers, eq(customers.id, loaners.customerId))
        .where(and(inArray(loaners.deviceId, ids), isNull(loaners.returnedAt)))
    : [];
  const customerOf = new Map([...loans, ...holders].map((h) => [h.deviceId, { id: h.id, name: h.name }] as const));
  return {
    ...page,
    rows: page.rows.map(({ lineDeletedAt, ...r }) => ({
      ...r,
      lineDeleted: lineDeletedAt !== null,
      customer: customerOf.get(r.id) ?? null,
    })),
  };
}

export async function deviceOptions(tx: Tx): Promise<DeviceOptions> {
  const [statuses, productRows] = await Promise.all([
    tx.select().from(deviceStatuses).orderBy(asc(deviceStatuses.id)),
    tx.select().from(products).orderBy(asc(products.model), asc(products.id)),
  ]);
  return { statuses, products: productRows };
}

export async function deviceDetail(tx: Tx, id: number): Promise<DeviceDetail | undefined> {
  const [row] = await tx
    .select({
      device: devices,
      status: deviceStatuses,
      product: products,
      supplier: { id: suppliers.id, name: suppliers.name },
    })
    .from(devices)
    .innerJoin(deviceStatuses, eq(deviceStatuses.id, devices.deviceStatusId))
    .leftJoin(products, eq(products.id, devices.productId))
    .leftJoin(suppliers, eq(suppliers.id, devices.supplierId))
    .where(eq(devices.id, id));
  if (!row) return undefined;
  const [subscription] = await tx
    .select({
      id: subscriptions.id,
      status: subscriptions.status,
      customerId: customers.id,
      customerName: customers.name,
    })
    .from(subscriptions)
    .innerJoin(customers, eq(customers.id, subscriptions.customerId))
    .where(eq(subscriptions.deviceId, id))
    // The active subscription first, else the latest.
    .orderBy(sql`${subscriptions.status} = 'active' desc`, desc(subscriptions.orderedAt), desc(subscriptions.id))
    .limit(1);
  const loan = await openLoan(tx, id);
  const taken = await tx
    .select({ id: equipment.id, imei: equipment.imei, state: equipment.state, model: products.model })
    .from(equipment)
    .leftJoin(products, eq(products.id, equipment.productId))
    .where(eq(equipment.fromDeviceId, id))
    .orderBy(desc(equipment.id))
    .limit(50);
  const d = row.device;
  return {
    id: d.id,
    imei: d.imei,
    sim: d.sim,
    phone: d.phone,
    status: row.status,
    unavailable: d.unavailable,
    blacklistHold: d.blacklistHold,
    lineDeletedAt: iso(d.lineDeletedAt),
    deployedAt: iso(d.deployedAt),
    product: row.product && {
      id: row.product.id,
      model: row.product.model,
      price: row.product.price,
      imageUri: row.product.imageUri,
    },
    supplier: row.supplier,
    subscription: subscription
      ? {
          id: subscription.id,
          status: subscription.status,
          customer: { id: subscription.customerId, name: subscription.customerName },
        }
      : null,
    loaner: loan
      ? {
          id: loan.id,
          startedAt: loan.startedAt.toISOString(),
          customer: { id: loan.customerId, name: loan.customerName },
        }
      : null,
    equipment: taken,
  };
}

export async function findDeviceBySim(tx: Tx, sim: string): Promise<Omit<SimLookupDevice, 'warnings'> | undefined> {
  const [row] = await tx
    .select({ device: devices, status: deviceStatuses })
    .from(devices)
    .innerJoin(deviceStatuses, eq(deviceStatuses.id, devices.deviceStatusId))
    .where(eq(devices.sim, sim));
  if (!row) return undefined;
  const [subscription, loan] = await Promise.all([activeSubscription(tx, row.device.id), openLoan(tx, row.device.id)]);
  return {
    id: row.device.id,
    imei: row.device.imei,
    sim: row.device.sim,
    status: row.status,
    subscription: subscription
      ? { id: subscription.id, customer: { id: subscription.customerId, name: subscription.customerName } }
      : null,
    loaner: loan ? { id: loan.id, customer: { id: loan.customerId, name: loan.customerName } } : null,
    mofi_id: row.device.productId,
    lineDeleted: row.device.lineDeletedAt !== null,
  };
}
