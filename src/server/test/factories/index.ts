import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/types';
import {
  cancellationReasons,
  credits,
  customers,
  devices,
  equipment,
  loaners,
  products,
  renewals,
  subscriptionCancellations,
  subscriptions,
  suppliers,
  users,
} from '../../db/schema';
import { DEVICE_STATUS } from '../../../contract/business';
import { loadConfig } from '../../config';
import { testPasswordHash } from '../password-hash';
import { isWithinReturnWindow } from '../../seed/rules';

/*
 * Test factories: each inserts one row with unique defaults, any column overridable, and returns the row.
 * Test files may run in parallel against one PostgreSQL server, so unique values carry a random per-process
 * tag as well as a counter.
 */

const TAG = randomInt(100_000_000, 1_000_000_000);
let counter = 0;
const next = () => ++counter;
const digits = (n: number, width: number) => String(n).padStart(width, '0').slice(-width);

const DEFAULT_TIME_ZONE = loadConfig({}).BUSINESS_TIMEZONE;
const DAY_MS = 86_400_000;

type Insert<T extends { $inferInsert: unknown }> = Partial<T['$inferInsert']>;

export type User = typeof users.$inferSelect;
export type Customer = typeof customers.$inferSelect;
export type Supplier = typeof suppliers.$inferSelect;
export type Product = typeof products.$inferSelect;
export type Device = typeof devices.$inferSelect;
export type Equipment = typeof equipment.$inferSelect;
export type Subscription = typeof subscriptions.$inferSelect;
export type Cancellation = typeof subscriptionCancellations.$inferSelect;
export type CancellationReason = typeof cancellationReasons.$inferSelect;
export type Loaner = typeof loaners.$inferSelect;
export type Renewal = typeof renewals.$inferSelect;
export type Credit = typeof credits.$inferSelect;

/** A staff user; the returned row carries the plain `password` so tests can sign in with it. */
export async function createUser(
  db: Tx,
  overrides: Insert<typeof users> & { password?: string } = {},
): Promise<User & { password: string }> {
  const { password = 'password123', ...columns } = overrides;
  const n = next();
  const [row] = await db
    .insert(users)
    .values({
      email: `user${TAG}-${n}@example.test`,
      name: `Test User ${n}`,
      passwordHash: await testPasswordHash(password),
      role: 'administrator',
      ...columns,
    })
    .returning();
  return { ...row!, password };
}

export async function createCustomer(db: Tx, overrides: Insert<typeof customers> = {}): Promise<Customer> {
  const n = next();
  const [row] = await db
    .insert(customers)
    .values({
      name: `Customer ${TAG}-${n}`,
      email: `customer${TAG}-${n}@example.test`,
      phone: `615${digits(TAG + n, 7)}`,
      address: `${100 + (n % 900)} Main St`,
      city: 'Nashville',
      state: 'TN',
      zip: '37203',
      lat: 36.1627,
      lng: -86.7816,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createSupplier(db: Tx, overrides: Insert<typeof suppliers> = {}): Promise<Supplier> {
  const n = next();
  const [row] = await db
    .insert(suppliers)
    .values({
      name: `Supplier ${TAG}-${n}`,
      contactName: 'Pat Supplier',
      contactEmail: `supplier${TAG}-${n}@example.test`,
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createProduct(db: Tx, overrides: Insert<typeof products> = {}): Promise<Product> {
  const n = next();
  const [row] = await db
    .insert(products)
    .values({ model: `Test Phone ${TAG}-${n}`, price: '199.00', ...overrides })
    .returning();
  return row!;
}

/** A deployed line with a phone built in; `simOnly: true` leaves out the product and IMEI. */
export async function createDevice(
  db: Tx,
  overrides: Insert<typeof devices> & { simOnly?: boolean } = {},
): Promise<Device> {
  const { simOnly = false, ...columns } = overrides;
  const n = next();
  const built =
    simOnly || columns.productId !== undefined
      ? {}
      : { productId: (await createProduct(db)).id, imei: `35${digits(TAG, 9)}${digits(n, 4)}` };
  const [row] = await db
    .insert(devices)
    .values({
      sim: `8901${digits(TAG, 9)}${digits(n, 7)}`,
      phone: `629${digits(TAG + n, 7)}`,
      deviceStatusId: DEVICE_STATUS.deployed,
      deployedAt: new Date(),
      ...built,
      ...columns,
    })
    .returning();
  return row!;
}

export async function createEquipment(db: Tx, overrides: Insert<typeof equipment> = {}): Promise<Equipment> {
  const n = next();
  const productId = overrides.productId !== undefined ? overrides.productId : (await createProduct(db)).id;
  const [row] = await db
    .insert(equipment)
    .values({ imei: `35${digits(TAG, 9)}${digits(n, 4)}`, productId, state: 'inventory', ...overrides })
    .returning();
  return row!;
}

/** An active subscription; a customer and a deployed device are created unless given (`deviceId: null` for none). */
export async function createSubscription(db: Tx, overrides: Insert<typeof subscriptions> = {}): Promise<Subscription> {
  const customerId = overrides.customerId ?? (await createCustomer(db)).id;
  const deviceId = overrides.deviceId !== undefined ? overrides.deviceId : (await createDevice(db)).id;
  const [row] = await db
    .insert(subscriptions)
    .values({
      carrierId: 1,
      source: 'direct',
      price: '49.99',
      orderedAt: new Date(),
      status: 'active',
      ...overrides,
      customerId,
      deviceId,
    })
    .returning();
  return row!;
}

/**
 * Cancels a subscription (created, ordered 90 days before, unless given) and marks it cancelled to match.
 * `isReturn` follows the 21-day rule in `timeZone` (the default business time zone) unless overridden.
 */
export async function createCancellation(
  db: Tx,
  overrides: Insert<typeof subscriptionCancellations> & { timeZone?: string } = {},
): Promise<Cancellation> {
  const { timeZone = DEFAULT_TIME_ZONE, ...columns } = overrides;
  const cancelledAt = columns.cancelledAt ?? new Date();
  const subscription =
    columns.subscriptionId !== undefined
      ? (await db.select().from(subscriptions).where(eq(subscriptions.id, columns.subscriptionId)))[0]!
      : await createSubscription(db, { orderedAt: new Date(cancelledAt.getTime() - 90 * DAY_MS) });
  const [row] = await db
    .insert(subscriptionCancellations)
    .values({
      isReturn: isWithinReturnWindow(subscription.orderedAt, cancelledAt, timeZone),
      ...columns,
      subscriptionId: subscription.id,
      cancelledAt,
    })
    .returning();
  await db
    .update(subscriptions)
    .set({ status: 'cancelled', cancelledAt, cancellationReasonId: row!.cancellationReasonId, updatedAt: new Date() })
    .where(eq(subscriptions.id, subscription.id));
  return row!;
}

export async function createCancellationReason(
  db: Tx,
  overrides: Insert<typeof cancellationReasons> = {},
): Promise<CancellationReason> {
  const n = next();
  const [row] = await db
    .insert(cancellationReasons)
    .values({ name: `Reason ${TAG}-${n}`, position: n, active: true, ...overrides })
    .returning();
  return row!;
}

/** A device on loan to a customer; both are created unless given. */
export async function createLoaner(db: Tx, overrides: Insert<typeof loaners> = {}): Promise<Loaner> {
  const deviceId = overrides.deviceId ?? (await createDevice(db)).id;
  const customerId = overrides.customerId ?? (await createCustomer(db)).id;
  const [row] = await db
    .insert(loaners)
    .values({ ...overrides, deviceId, customerId })
    .returning();
  return row!;
}

/** A monthly renewal of a subscription (created unless given); net defaults to 75 % of gross. */
export async function createRenewal(db: Tx, overrides: Insert<typeof renewals> = {}): Promise<Renewal> {
  const subscriptionId = overrides.subscriptionId ?? (await createSubscription(db)).id;
  const gross = overrides.gross ?? '49.99';
  const [row] = await db
    .insert(renewals)
    .values({ renewedAt: new Date(), net: (Number(gross) * 0.75).toFixed(2), ...overrides, subscriptionId, gross })
    .returning();
  return row!;
}

/** An unapplied credit due in a week, for a customer (created unless given). */
export async function createCredit(db: Tx, overrides: Insert<typeof credits> = {}): Promise<Credit> {
  const customerId = overrides.customerId ?? (await createCustomer(db)).id;
  const dueOn = new Date(Date.now() + 7 * DAY_MS).toISOString().slice(0, 10);
  const [row] = await db
    .insert(credits)
    .values({ amount: '25.00', dueOn, ...overrides, customerId })
    .returning();
  return row!;
}
