import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { auditLog, customers, subscriptionCancellations, subscriptions } from '../../db/schema';
import {
  createCancellation,
  createCancellationReason,
  createCustomer,
  createDevice,
  createProduct,
  createSubscription,
} from '../../test/factories';
import type { CancellationRow } from '../../../contract/subscriptions';
import type { Page } from '../../../contract/pagination';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const subscriptionReason = async (id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!.cancellationReasonId;
const cancellationReason = async (id: number) =>
  (await t.db.select().from(subscriptionCancellations).where(eq(subscriptionCancellations.id, id)))[0]!
    .cancellationReasonId;
const auditFor = (entityType: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));

describe('PATCH /admin/subscription-cancellations/{id}', () => {
  it('records the reason on the cancellation and on the subscription it ended, auditing both', async () => {
    const reason = await createCancellationReason(t.db);
    const cancellation = await createCancellation(t.db);
    const res = await agent.patch(`/admin/subscription-cancellations/${cancellation.id}`, {
      cancellation_reason_id: reason.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: cancellation.id, cancellation_reason_id: reason.id });
    expect(await cancellationReason(cancellation.id)).toBe(reason.id);
    expect(await subscriptionReason(cancellation.subscriptionId)).toBe(reason.id);
    const [entry] = await auditFor('subscription_cancellation', cancellation.id);
    expect(entry).toMatchObject({
      userId: agent.user.id,
      action: 'set_cancellation_reason',
      after: { cancellation_reason_id: reason.id },
    });
    expect(await auditFor('subscription', cancellation.subscriptionId)).toHaveLength(1);
  });

  it('leaves the subscription alone when recording the reason of an earlier cancellation', async () => {
    const reason = await createCancellationReason(t.db);
    const sub = await createSubscription(t.db, { orderedAt: new Date(Date.now() - 400 * DAY) });
    const earlier = await createCancellation(t.db, {
      subscriptionId: sub.id,
      cancelledAt: new Date(Date.now() - 200 * DAY),
    });
    const latest = await createCancellation(t.db, { subscriptionId: sub.id, cancelledAt: new Date(Date.now() - DAY) });
    const res = await agent.patch(`/admin/subscription-cancellations/${earlier.id}`, {
      cancellation_reason_id: reason.id,
    });
    expect(res.statusCode).toBe(200);
    expect(await cancellationReason(earlier.id)).toBe(reason.id);
    expect(await cancellationReason(latest.id)).toBe(0);
    expect(await subscriptionReason(sub.id)).toBe(0);
  });

  it('refuses an unknown reason with 422 and changes nothing', async () => {
    const cancellation = await createCancellation(t.db);
    const res = await agent.patch(`/admin/subscription-cancellations/${cancellation.id}`, {
      cancellation_reason_id: 424_242,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cancellation_reason_id: ['The selected cancellation reason id is invalid.'] });
    expect(await cancellationReason(cancellation.id)).toBe(0);
    expect(await auditFor('subscription_cancellation', cancellation.id)).toHaveLength(0);
  });

  it('refuses a retired reason with 422 and changes nothing', async () => {
    const retired = await createCancellationReason(t.db, { active: false });
    const cancellation = await createCancellation(t.db);
    const res = await agent.patch(`/admin/subscription-cancellations/${cancellation.id}`, {
      cancellation_reason_id: retired.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      cancellation_reason_id: ['The selected cancellation reason has been retired. Choose another reason.'],
    });
    expect(await cancellationReason(cancellation.id)).toBe(0);
    expect(await subscriptionReason(cancellation.subscriptionId)).toBe(0);
  });

  it.each([
    ['a word', { cancellation_reason_id: 'x1' }, 'The cancellation reason id field must be a number.'],
    ['nothing', {}, 'The cancellation reason id field is required.'],
    ['an empty string', { cancellation_reason_id: '' }, 'The cancellation reason id field is required.'],
  ])('refuses %s as the reason id with 422 and changes nothing', async (_label, body, message) => {
    const cancellation = await createCancellation(t.db);
    const res = await agent.patch(`/admin/subscription-cancellations/${cancellation.id}`, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cancellation_reason_id: [message] });
    expect(await cancellationReason(cancellation.id)).toBe(0);
  });

  it('answers 404 for a cancellation that does not exist', async () => {
    const reason = await createCancellationReason(t.db);
    const res = await agent.patch('/admin/subscription-cancellations/987654321', { cancellation_reason_id: reason.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Cancellation not found.' });
  });

  it('answers 419 without the CSRF token and changes nothing', async () => {
    const reason = await createCancellationReason(t.db);
    const cancellation = await createCancellation(t.db);
    const other = await t.signIn();
    other.csrfToken = '';
    const res = await other.patch(`/admin/subscription-cancellations/${cancellation.id}`, {
      cancellation_reason_id: reason.id,
    });
    expect(res.statusCode).toBe(419);
    expect(await cancellationReason(cancellation.id)).toBe(0);
  });

  it('lets exactly one of two staff win when they record different reasons for the same cancellation and its subscription at once', async () => {
    const [a, b] = [await createCancellationReason(t.db), await createCancellationReason(t.db)];
    const cancellation = await createCancellation(t.db);
    const other = await t.signIn();
    const answers = await Promise.all([
      agent.patch(`/admin/subscription-cancellations/${cancellation.id}`, {
        cancellation_reason_id: a.id,
        expected_cancellation_reason_id: 0,
      }),
      other.patch(`/admin/subscriptions/${cancellation.subscriptionId}`, {
        cancellation_reason_id: b.id,
        expected_cancellation_reason_id: 0,
      }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!.json().cancellation_reason_id;
    expect(await cancellationReason(cancellation.id)).toBe(winner);
    expect(await subscriptionReason(cancellation.subscriptionId)).toBe(winner);
  });
});

describe('GET /admin/api/subscription-cancellations', () => {
  const list = async (query: string) => {
    const res = await agent.get(`/admin/api/subscription-cancellations?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Page<CancellationRow>;
  };

  it('lists cancellations needing a reason, newest first, telling 21-day returns apart', async () => {
    const customer = await createCustomer(t.db, { name: 'Cancelling Customer' });
    const reason = await createCancellationReason(t.db);
    const returnSub = await createSubscription(t.db, {
      customerId: customer.id,
      orderedAt: new Date(Date.now() - 5 * DAY),
    });
    const returned = await createCancellation(t.db, {
      subscriptionId: returnSub.id,
      cancelledAt: new Date(Date.now() - DAY),
    });
    const laterSub = await createSubscription(t.db, {
      customerId: customer.id,
      orderedAt: new Date(Date.now() - 300 * DAY),
    });
    const cancelled = await createCancellation(t.db, {
      subscriptionId: laterSub.id,
      cancelledAt: new Date(Date.now() - 2 * DAY),
    });
    const recordedSub = await createSubscription(t.db, {
      customerId: customer.id,
      orderedAt: new Date(Date.now() - 100 * DAY),
    });
    await createCancellation(t.db, { subscriptionId: recordedSub.id, cancellationReasonId: reason.id });

    const page = await list('q=Cancelling%20Customer&needsReason=1');
    expect(page.rows.map((r) => r.id)).toEqual([returned.id, cancelled.id]);
    expect(page.rows[0]).toMatchObject({
      subscriptionId: returnSub.id,
      isReturn: true,
      customer: { name: 'Cancelling Customer' },
    });
    expect((await list('q=Cancelling%20Customer&type=return')).rows.map((r) => r.id)).toEqual([returned.id]);
    expect((await list('q=Cancelling%20Customer&type=cancellation')).total).toBe(2);
    expect((await list('q=Cancelling%20Customer')).total).toBe(3);
  });

  it("finds cancellations by their customer's name as it is now: after a rename, a move to another customer, or a write that named another", async () => {
    const customer = await createCustomer(t.db, { name: 'Quentin Oldname' });
    const other = await createCustomer(t.db, { name: 'Rosalind Elsewhere' });
    const subscription = await createSubscription(t.db, { customerId: customer.id });
    const cancellation = await createCancellation(t.db, { subscriptionId: subscription.id, customerName: 'Wrong' });
    const found = async (q: string) => (await list(`q=${encodeURIComponent(q)}`)).rows.map((r) => r.id);
    expect(await found('Oldname')).toEqual([cancellation.id]);
    expect(await found('Wrong')).toEqual([]);
    expect(await found('qu')).toContain(cancellation.id);

    await t.db.update(customers).set({ name: 'Quentin Newname' }).where(eq(customers.id, customer.id));
    expect(await found('Oldname')).toEqual([]);
    expect(await found('Newname')).toEqual([cancellation.id]);

    await t.db.update(subscriptions).set({ customerId: other.id }).where(eq(subscriptions.id, subscription.id));
    expect(await found('Newname')).toEqual([]);
    expect(await found('Elsewhere')).toEqual([cancellation.id]);

    await t.db
      .update(subscriptionCancellations)
      .set({ customerName: 'Forged' })
      .where(eq(subscriptionCancellations.id, cancellation.id));
    expect(await found('Forged')).toEqual([]);
    expect(await found('Elsewhere')).toEqual([cancellation.id]);
  });

  it("filters cancellations by their subscription's carrier as it is now: after a change of carrier, or a write that named another", async () => {
    const subscription = await createSubscription(t.db, { carrierId: 3 });
    const cancellation = await createCancellation(t.db, { subscriptionId: subscription.id, carrierId: 1 });
    const ofCarrier = async (carrierId: number) => {
      const page = await list(`carrierId=${carrierId}&perPage=100`);
      return page.rows.some((r) => r.id === cancellation.id);
    };
    expect(await ofCarrier(3)).toBe(true);
    expect(await ofCarrier(1)).toBe(false);

    await t.db.update(subscriptions).set({ carrierId: 4 }).where(eq(subscriptions.id, subscription.id));
    expect(await ofCarrier(3)).toBe(false);
    expect(await ofCarrier(4)).toBe(true);

    await t.db
      .update(subscriptionCancellations)
      .set({ carrierId: 2 })
      .where(eq(subscriptionCancellations.id, cancellation.id));
    expect(await ofCarrier(2)).toBe(false);
    expect(await ofCarrier(4)).toBe(true);
  });

  it('refuses an unknown type', async () => {
    const res = await agent.get('/admin/api/subscription-cancellations?type=refund');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ type: ['The selected type is invalid.'] });
  });
});

describe('the reason filter', () => {
  it('lists the cancellations of one reason only, and refuses an id that is not one', async () => {
    const moved = await createCancellationReason(t.db, { name: 'Filter Moved' });
    const mine = await createCancellation(t.db, { cancellationReasonId: moved.id });
    await createCancellation(t.db);
    const res = await agent.get(`/admin/api/subscription-cancellations?needsReason=0&reasonId=${moved.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<Page<CancellationRow>>().rows.map((r) => r.id)).toEqual([mine.id]);
    for (const bad of ['0', '-1', 'x', '99999999999'])
      expect((await agent.get(`/admin/api/subscription-cancellations?reasonId=${bad}`)).statusCode, bad).toBe(422);
  });
});

const ids = async (query: string) => {
  const res = await agent.get(`/admin/api/subscription-cancellations?needsReason=0&${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<CancellationRow>>().rows.map((r) => r.id);
};

describe('the return reason filter', () => {
  it('lists the 21-day returns given one return reason, newest first, and none for an unknown reason', async () => {
    const customer = await createCustomer(t.db, { name: 'Return Reason Customer' });
    const returned = async (returnReasonId: number | null, daysAgo: number) => {
      const cancelledAt = new Date(Date.now() - daysAgo * DAY);
      const sub = await createSubscription(t.db, {
        customerId: customer.id,
        orderedAt: new Date(cancelledAt.getTime() - 3 * DAY),
      });
      return createCancellation(t.db, { subscriptionId: sub.id, cancelledAt, returnReasonId });
    };
    const older = await returned(2, 2);
    const newer = await returned(2, 1);
    await returned(1, 1);
    await returned(null, 1);
    expect(await ids('q=Return%20Reason%20Customer&type=return&returnReasonId=2')).toEqual([newer.id, older.id]);
    expect(await ids('q=Return%20Reason%20Customer&returnReasonId=2&sort=cancelledAt')).toEqual([older.id, newer.id]);
    expect(await ids('returnReasonId=2147483647')).toEqual([]);
  });

  it.each(['0', '-1', 'x', '1.5', '2147483648'])('refuses %s as the return reason id with 422', async (bad) => {
    const res = await agent.get(`/admin/api/subscription-cancellations?returnReasonId=${bad}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      returnReasonId: ['The return reason id must be a whole number from 1 to 2147483647.'],
    });
  });
});

describe('the product filter', () => {
  it('lists the cancellations of that model among the latest deployed devices, the type filter kept', async () => {
    const model = await createProduct(t.db, { model: 'Filter Phone' });
    const other = await createProduct(t.db, { model: 'Other Phone' });
    const cancel = async (productId: number, daysAfterOrder: number, deployedAt = new Date()) => {
      const device = await createDevice(t.db, { productId, deployedAt });
      const orderedAt = new Date(Date.now() - 60 * DAY);
      const sub = await createSubscription(t.db, { deviceId: device.id, orderedAt });
      return createCancellation(t.db, {
        subscriptionId: sub.id,
        cancelledAt: new Date(orderedAt.getTime() + daysAfterOrder * DAY),
      });
    };
    // Deployed long before the others: outside the latest 4 deployed devices.
    const older = await cancel(model.id, 3, new Date(Date.now() - 400 * DAY));
    const firstReturn = await cancel(model.id, 5);
    const laterReturn = await cancel(model.id, 10);
    const cancelled = await cancel(model.id, 40);
    await cancel(other.id, 5);
    const latest = `productId=${model.id}&latestDevices=4`;
    expect(await ids(`${latest}&type=return`)).toEqual([laterReturn.id, firstReturn.id]);
    expect(await ids(latest)).toEqual([cancelled.id, laterReturn.id, firstReturn.id]);
    const counted = await agent.get(`/admin/api/subscription-cancellations?needsReason=0&${latest}`);
    expect(counted.json()).toMatchObject({ total: 3, estimated: false });
    expect(await ids(`productId=${model.id}&latestDevices=10000&type=return`)).toEqual([
      laterReturn.id,
      firstReturn.id,
      older.id,
    ]);
    expect(await ids('productId=2147483647&latestDevices=100')).toEqual([]);
  });

  it.each(['0', '-3', 'phone', '2.5', '99999999999'])('refuses %s as the product id with 422', async (bad) => {
    const res = await agent.get(`/admin/api/subscription-cancellations?productId=${bad}&latestDevices=100`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ productId: ['The product id must be a whole number from 1 to 2147483647.'] });
  });
});

describe('the latest devices of the product filter', () => {
  it.each([
    ['a product without latestDevices', 'productId=3', 'latestDevices'],
    ['latestDevices without a product', 'latestDevices=100', 'productId'],
    ['latestDevices past 10,000', 'productId=3&latestDevices=10001', 'latestDevices'],
    ['latestDevices of 0', 'productId=3&latestDevices=0', 'latestDevices'],
  ])('refuses %s with 422 naming the field', async (_, query, field) => {
    const res = await agent.get(`/admin/api/subscription-cancellations?${query}`);
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual([field]);
  });
});

describe('input the database could not store', () => {
  it.each(['2147483648', '0x10', '1e3', '0'])('refuses %s as the cancellation id with 422', async (bad) => {
    const res = await agent.patch(`/admin/subscription-cancellations/${bad}`, { cancellation_reason_id: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      cancellationId: ['The cancellation id must be a whole number from 1 to 2147483647.'],
    });
  });

  it.each([
    [2147483648, 'The cancellation reason id field is too large.'],
    ['0x10', 'The cancellation reason id field must be a number.'],
    ['1e3', 'The cancellation reason id field must be a number.'],
    ['\ud800', 'The cancellation reason id field must be a number.'],
  ])('refuses %j as the reason id with 422 and changes nothing', async (bad, message) => {
    const cancellation = await createCancellation(t.db);
    const res = await agent.patch(`/admin/subscription-cancellations/${cancellation.id}`, {
      cancellation_reason_id: bad,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cancellation_reason_id: [message] });
    expect(await cancellationReason(cancellation.id)).toBe(0);
    expect(await auditFor('subscription_cancellation', cancellation.id)).toHaveLength(0);
  });

  it.each([
    ['q=%00', { q: ['The q may not contain a NUL character.'] }],
    ['carrierId=2147483648', { carrierId: ['The selected carrier id is invalid.'] }],
    ['carrierId=0x10', { carrierId: ['The selected carrier id is invalid.'] }],
    ['carrierId=1e3', { carrierId: ['The selected carrier id is invalid.'] }],
    ['from=2024-02-30', { from: ['The from date must be a valid date.'] }],
    ['to=2024-02-30', { to: ['The to date must be a valid date.'] }],
  ])('refuses the list filter %s with 422 and a field message', async (query, errors) => {
    const res = await agent.get(`/admin/api/subscription-cancellations?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });
});
