import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/types';
import { subscriptions } from '../../db/schema';
import { openTestDatabase } from '../database';
import { verifyPassword } from '../../modules/auth/password';
import {
  createCancellation,
  createCancellationReason,
  createCredit,
  createDevice,
  createEquipment,
  createLoaner,
  createRenewal,
  createSubscription,
  createSupplier,
  createUser,
} from './';

const DAY_MS = 86_400_000;
let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('test factories', () => {
  it('creates users that can sign in with the default password', async () => {
    const user = await createUser(database.db, { isRep: true });
    expect(user.isRep).toBe(true);
    expect(await verifyPassword('password123', user.passwordHash)).toBe(true);
  });

  it('creates a subscription with its own customer and a built, deployed device', async () => {
    const subscription = await createSubscription(database.db, { carrierId: 4 });
    const device = await createDevice(database.db);
    expect(subscription.customerId).toBeGreaterThan(0);
    expect(subscription.deviceId).toBeGreaterThan(0);
    expect(subscription.carrierId).toBe(4);
    expect(device.productId).not.toBeNull();
    expect(device.imei).toMatch(/^\d{15}$/);
    expect(device.deviceStatusId).toBe(1);
  });

  it('gives SIM-only devices no product or IMEI and every device a different SIM', async () => {
    const a = await createDevice(database.db, { simOnly: true, deviceStatusId: 4 });
    const b = await createDevice(database.db, { simOnly: true });
    expect(a.productId).toBeNull();
    expect(a.imei).toBeNull();
    expect(a.sim).not.toBe(b.sim);
  });

  it('marks a cancellation on day 21 after the order a return and on day 22 not, and cancels the subscription', async () => {
    const orderedAt = new Date('2026-03-02T15:00:00Z');
    const early = await createSubscription(database.db, { orderedAt });
    const late = await createSubscription(database.db, { orderedAt });
    const onDay21 = await createCancellation(database.db, {
      subscriptionId: early.id,
      cancelledAt: new Date(orderedAt.getTime() + 21 * DAY_MS),
    });
    const onDay22 = await createCancellation(database.db, {
      subscriptionId: late.id,
      cancelledAt: new Date(orderedAt.getTime() + 22 * DAY_MS),
    });
    expect(onDay21.isReturn).toBe(true);
    expect(onDay22.isReturn).toBe(false);
    const [cancelled] = await database.db.select().from(subscriptions).where(eq(subscriptions.id, early.id));
    expect(cancelled!.status).toBe('cancelled');
  });

  it('creates the other rows with their related rows', async () => {
    const reason = await createCancellationReason(database.db, { active: false });
    const supplier = await createSupplier(database.db);
    const equipment = await createEquipment(database.db, { state: 'hold' });
    const loaner = await createLoaner(database.db);
    const renewal = await createRenewal(database.db, { gross: '40.00' });
    const credit = await createCredit(database.db);
    expect(reason.active).toBe(false);
    expect(supplier.name).toMatch(/^Supplier /);
    expect(equipment.state).toBe('hold');
    expect(loaner.returnedAt).toBeNull();
    expect(renewal.net).toBe('30.00');
    expect(credit.appliedAt).toBeNull();
  });
});
