import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { auditLog, subscriptionCancellations, subscriptions } from '../../db/schema';
import {
  createCancellation,
  createCancellationReason,
  createCustomer,
  createDevice,
  createRenewal,
  createSubscription,
} from '../../test/factories';
import type { SubscriptionDetail, SubscriptionRow } from '../../../contract/subscriptions';
import type { Page } from '../../../contract/pagination';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn({ name: 'Casey Recorder' });
});
afterAll(() => t.close());

const subscriptionRow = async (id: number) =>
  (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const cancellationRow = async (id: number) =>
  (await t.db.select().from(subscriptionCancellations).where(eq(subscriptionCancellations.id, id)))[0]!;
const auditFor = (entityType: string, entityId: number) =>
  t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));

describe('PATCH /admin/subscriptions/{id}', () => {
  it('records an active reason on a cancelled subscription and on the cancellation that ended it, auditing both', async () => {
    const reason = await createCancellationReason(t.db, { name: 'Moved Abroad (sub test)' });
    const cancellation = await createCancellation(t.db);
    const res = await agent.patch(`/admin/subscriptions/${cancellation.subscriptionId}`, {
      cancellation_reason_id: reason.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: cancellation.subscriptionId, cancellation_reason_id: reason.id });
    expect((await subscriptionRow(cancellation.subscriptionId)).cancellationReasonId).toBe(reason.id);
    expect((await cancellationRow(cancellation.id)).cancellationReasonId).toBe(reason.id);

    const [entry] = await auditFor('subscription', cancellation.subscriptionId);
    expect(entry).toMatchObject({
      userId: agent.user.id,
      action: 'set_cancellation_reason',
      before: { cancellation_reason_id: 0, cancellation_reason: null },
      after: { cancellation_reason_id: reason.id, cancellation_reason: 'Moved Abroad (sub test)' },
    });
    expect(await auditFor('subscription_cancellation', cancellation.id)).toHaveLength(1);

    const history = await agent.get(`/admin/api/audit?entityType=subscription&entityId=${cancellation.subscriptionId}`);
    expect(history.json()[0]).toMatchObject({ action: 'set_cancellation_reason', userName: 'Casey Recorder' });
  });

  it('accepts the id as a numeric string, as a classic form sends it', async () => {
    const reason = await createCancellationReason(t.db);
    const sub = await createSubscription(t.db, { status: 'cancelled', cancelledAt: new Date() });
    const res = await agent.patch(`/admin/subscriptions/${sub.id}`, { cancellation_reason_id: String(reason.id) });
    expect(res.statusCode).toBe(200);
    expect((await subscriptionRow(sub.id)).cancellationReasonId).toBe(reason.id);
  });

  it('clears the reason with 0 so the subscription needs one again', async () => {
    const reason = await createCancellationReason(t.db);
    const cancellation = await createCancellation(t.db, { cancellationReasonId: reason.id });
    const res = await agent.patch(`/admin/subscriptions/${cancellation.subscriptionId}`, { cancellation_reason_id: 0 });
    expect(res.statusCode).toBe(200);
    expect((await subscriptionRow(cancellation.subscriptionId)).cancellationReasonId).toBe(0);
    expect((await cancellationRow(cancellation.id)).cancellationReasonId).toBe(0);
  });

  it('refuses an unknown reason with 422 and changes nothing', async () => {
    const cancellation = await createCancellation(t.db);
    const res = await agent.patch(`/admin/subscriptions/${cancellation.subscriptionId}`, {
      cancellation_reason_id: 999_999,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      message: 'The selected cancellation reason id is invalid.',
      errors: { cancellation_reason_id: ['The selected cancellation reason id is invalid.'] },
    });
    expect((await subscriptionRow(cancellation.subscriptionId)).cancellationReasonId).toBe(0);
    expect(await auditFor('subscription', cancellation.subscriptionId)).toHaveLength(0);
  });

  it('refuses a retired reason with 422 and changes nothing', async () => {
    const retired = await createCancellationReason(t.db, { active: false });
    const cancellation = await createCancellation(t.db);
    const res = await agent.patch(`/admin/subscriptions/${cancellation.subscriptionId}`, {
      cancellation_reason_id: retired.id,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cancellation_reason_id).toEqual([
      'The selected cancellation reason has been retired. Choose another reason.',
    ]);
    expect((await subscriptionRow(cancellation.subscriptionId)).cancellationReasonId).toBe(0);
    expect((await cancellationRow(cancellation.id)).cancellationReasonId).toBe(0);
  });

  it.each([
    ['a word', { cancellation_reason_id: 'moved' }, 'The cancellation reason id field must be a number.'],
    ['a fraction', { cancellation_reason_id: 1.5 }, 'The cancellation reason id field must be a whole number.'],
    ['a negative number', { cancellation_reason_id: -1 }, 'The cancellation reason id field must be at least 0.'],
    ['null', { cancellation_reason_id: null }, 'The cancellation reason id field is required.'],
    ['nothing', {}, 'The cancellation reason id field is required.'],
  ])('refuses %s as the reason id with 422 and changes nothing', async (_label, body, message) => {
    const cancellation = await createCancellation(t.db);
    const res = await agent.patch(`/admin/subscriptions/${cancellation.subscriptionId}`, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.cancellation_reason_id).toEqual([message]);
    expect((await subscriptionRow(cancellation.subscriptionId)).cancellationReasonId).toBe(0);
  });

  it('refuses fields other than the reason', async () => {
    const reason = await createCancellationReason(t.db);
    const sub = await createSubscription(t.db);
    const res = await agent.patch(`/admin/subscriptions/${sub.id}`, {
      cancellation_reason_id: reason.id,
      status: 'active',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ status: ['The status field is not allowed.'] });
    expect((await subscriptionRow(sub.id)).cancellationReasonId).toBe(0);
  });

  it('answers 404 for a subscription that does not exist', async () => {
    const reason = await createCancellationReason(t.db);
    const res = await agent.patch('/admin/subscriptions/987654321', { cancellation_reason_id: reason.id });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Subscription not found.' });
  });

  it('answers 419 without the CSRF token and changes nothing', async () => {
    const reason = await createCancellationReason(t.db);
    const cancellation = await createCancellation(t.db);
    const other = await t.signIn();
    other.csrfToken = '';
    const res = await other.patch(`/admin/subscriptions/${cancellation.subscriptionId}`, {
      cancellation_reason_id: reason.id,
    });
    expect(res.statusCode).toBe(419);
    expect(res.json()).toEqual({ message: 'CSRF token mismatch.' });
    expect((await subscriptionRow(cancellation.subscriptionId)).cancellationReasonId).toBe(0);
  });

  it('answers 401 without a session', async () => {
    const guest = await t.guest();
    const res = await guest.patch('/admin/subscriptions/1', { cancellation_reason_id: 0 });
    expect(res.statusCode).toBe(401);
  });

  it('lets exactly one of two staff picking different reasons for the same row at once win', async () => {
    const [a, b] = [await createCancellationReason(t.db), await createCancellationReason(t.db)];
    const cancellation = await createCancellation(t.db);
    const other = await t.signIn();
    const url = `/admin/subscriptions/${cancellation.subscriptionId}`;
    const answers = await Promise.all([
      agent.patch(url, { cancellation_reason_id: a.id, expected_cancellation_reason_id: 0 }),
      other.patch(url, { cancellation_reason_id: b.id, expected_cancellation_reason_id: 0 }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const loser = answers.find((r) => r.statusCode === 409)!;
    const winnerReason = answers.find((r) => r.statusCode === 200)!.json().cancellation_reason_id as number;
    const winnerName = winnerReason === a.id ? a.name : b.name;
    expect(loser.json().errors).toEqual([
      `Another user has already recorded "${winnerName}" as the reason for this subscription. Reload to see it.`,
    ]);
    expect((await subscriptionRow(cancellation.subscriptionId)).cancellationReasonId).toBe(winnerReason);
    expect(await auditFor('subscription', cancellation.subscriptionId)).toHaveLength(1);
  });

  it('treats picking the reason another user just recorded as done, without a second audit entry', async () => {
    const reason = await createCancellationReason(t.db);
    const cancellation = await createCancellation(t.db, { cancellationReasonId: reason.id });
    const res = await agent.patch(`/admin/subscriptions/${cancellation.subscriptionId}`, {
      cancellation_reason_id: reason.id,
      expected_cancellation_reason_id: 0,
    });
    expect(res.statusCode).toBe(200);
    expect(await auditFor('subscription', cancellation.subscriptionId)).toHaveLength(0);
  });

  it('changes a recorded reason when no expected reason is sent', async () => {
    const [a, b] = [await createCancellationReason(t.db), await createCancellationReason(t.db)];
    const cancellation = await createCancellation(t.db, { cancellationReasonId: a.id });
    const res = await agent.patch(`/admin/subscriptions/${cancellation.subscriptionId}`, {
      cancellation_reason_id: b.id,
    });
    expect(res.statusCode).toBe(200);
    expect((await cancellationRow(cancellation.id)).cancellationReasonId).toBe(b.id);
  });
});

describe('GET /admin/api/subscriptions', () => {
  const list = async (query: string) => {
    const res = await agent.get(`/admin/api/subscriptions?${query}`);
    expect(res.statusCode).toBe(200);
    return res.json() as Page<SubscriptionRow>;
  };

  it('lists the subscriptions needing a reason, newest cancellation first, leaving out recorded and active ones', async () => {
    const carrier = 3;
    const reason = await createCancellationReason(t.db);
    const day = 86_400_000;
    const older = await createCancellation(t.db, { cancelledAt: new Date(Date.now() - 2 * day) });
    const newer = await createCancellation(t.db, { cancelledAt: new Date(Date.now() - day) });
    const recorded = await createCancellation(t.db, { cancellationReasonId: reason.id });
    const active = await createSubscription(t.db);
    await t.db.update(subscriptions).set({ carrierId: carrier }).where(eq(subscriptions.id, newer.subscriptionId));
    await t.db.update(subscriptions).set({ carrierId: carrier }).where(eq(subscriptions.id, older.subscriptionId));
    const page = await list(`needsReason=1&carrierId=${carrier}&perPage=100`);
    const ids = page.rows.map((r) => r.id);
    expect(ids.indexOf(newer.subscriptionId)).toBeLessThan(ids.indexOf(older.subscriptionId));
    expect(ids).toContain(older.subscriptionId);
    expect(ids).not.toContain(recorded.subscriptionId);
    expect(ids).not.toContain(active.id);
    expect(page.rows.every((r) => r.status === 'cancelled' && r.cancellationReasonId === 0)).toBe(true);
  });

  it('finds subscriptions by customer name, customer id, line phone and IMEI', async () => {
    const customer = await createCustomer(t.db, { name: 'Wilhelmina Quarterfield' });
    const device = await createDevice(t.db, { phone: '4235550147', imei: '356789012345678' });
    const sub = await createSubscription(t.db, { customerId: customer.id, deviceId: device.id });
    for (const q of ['quarterFIELD', String(customer.id), '(423) 555-0147', '356789012345678']) {
      const page = await list(`q=${encodeURIComponent(q)}`);
      expect(
        page.rows.map((r) => r.id),
        q,
      ).toContain(sub.id);
    }
    const row = (await list('q=Quarterfield')).rows[0]!;
    expect(row).toMatchObject({
      customer: { id: customer.id, name: 'Wilhelmina Quarterfield' },
      phone: '4235550147',
      imei: '356789012345678',
    });
    expect((await list('q=Nobody%20Matches%20This')).total).toBe(0);
  });

  it('filters by status and by order date in the business time zone', async () => {
    const customer = await createCustomer(t.db, { name: 'Datefilter Person' });
    // 05:30 UTC on Nov 2 is still Nov 1 in Chicago.
    const lateNight = await createSubscription(t.db, {
      customerId: customer.id,
      orderedAt: new Date('2026-11-02T05:30:00Z'),
    });
    const nextDay = await createSubscription(t.db, {
      customerId: customer.id,
      orderedAt: new Date('2026-11-02T18:00:00Z'),
    });
    const q = `q=Datefilter`;
    expect((await list(`${q}&from=2026-11-01&to=2026-11-01`)).rows.map((r) => r.id)).toEqual([lateNight.id]);
    expect((await list(`${q}&from=2026-11-02`)).rows.map((r) => r.id)).toEqual([nextDay.id]);
    expect((await list(`${q}&status=cancelled`)).total).toBe(0);
    expect((await list(`${q}&status=active`)).total).toBe(2);
  });

  it('pages the list with a total', async () => {
    const customer = await createCustomer(t.db, { name: 'Pagination Tester' });
    for (let i = 0; i < 26; i++) await createSubscription(t.db, { customerId: customer.id });
    const page = await list('q=Pagination%20Tester&perPage=25&page=2');
    expect(page).toMatchObject({ total: 26, page: 2, perPage: 25 });
    expect(page.rows).toHaveLength(1);
  });

  it('refuses bad filters with field messages', async () => {
    const res = await agent.get(
      '/admin/api/subscriptions?carrierId=9&from=2026-13-01&to=2026-01-01&status=gone&needsReason=yes',
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toMatchObject({
      carrierId: ['The selected carrier id is invalid.'],
      from: ['The from date must be a valid date.'],
      status: ['The selected status is invalid.'],
      needsReason: ['The needs reason filter must be 0 or 1.'],
    });
    const order = await agent.get('/admin/api/subscriptions?from=2026-02-01&to=2026-01-01');
    expect(order.json().errors).toEqual({ to: ['The to date must be on or after the from date.'] });
  });
});

describe('GET /admin/api/subscriptions/{id}', () => {
  it('shows customer, carrier, device, dates, renewals and the cancellation with its reason', async () => {
    const reason = await createCancellationReason(t.db, { name: 'Detail Reason' });
    const customer = await createCustomer(t.db, { name: 'Detail Customer' });
    const sub = await createSubscription(t.db, { customerId: customer.id, carrierId: 4, source: 'google_cpc' });
    await createRenewal(t.db, { subscriptionId: sub.id, gross: '40.00' });
    const cancellation = await createCancellation(t.db, { subscriptionId: sub.id, cancellationReasonId: reason.id });
    const res = await agent.get(`/admin/api/subscriptions/${sub.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as SubscriptionDetail;
    expect(detail).toMatchObject({
      id: sub.id,
      status: 'cancelled',
      source: 'google_cpc',
      carrierId: 4,
      cancellationReasonId: reason.id,
      customer: { id: customer.id, name: 'Detail Customer' },
      renewals: { total: 1, rows: [{ gross: '40.00', net: '30.00' }] },
      cancellations: [{ id: cancellation.id, cancellationReasonId: reason.id }],
    });
    expect(detail.device?.id).toBe(sub.deviceId);
    expect(detail.device?.model).toMatch(/Test Phone/);
  });

  it('answers 404 for an unknown subscription', async () => {
    const res = await agent.get('/admin/api/subscriptions/987654321');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Subscription not found.' });
  });
});

describe('GET /admin/api/subscriptions/lookup', () => {
  it('answers the subscription with that number, its customer and status', async () => {
    const customer = await createCustomer(t.db, { name: 'Lookup Customer' });
    const sub = await createSubscription(t.db, { customerId: customer.id });
    const res = await agent.get(`/admin/api/subscriptions/lookup?id=${sub.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { id: sub.id, status: 'active', customer: { id: customer.id, name: 'Lookup Customer' } },
    ]);
  });

  it('answers an empty list, not a 404, for a number no subscription has', async () => {
    const res = await agent.get('/admin/api/subscriptions/lookup?id=987654321');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([]);
  });

  it.each(['0', '2147483648', '12a', '%00', '%25', '_', '🙂', '1'.repeat(200), ''])(
    'refuses %s as the number with 422 and a message',
    async (bad) => {
      const res = await agent.get(`/admin/api/subscriptions/lookup?id=${bad}`);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual({ id: ['The subscription id must be a whole number from 1 to 2147483647.'] });
    },
  );

  it('is refused to a role that may not see subscriptions, and to a guest', async () => {
    const sub = await createSubscription(t.db);
    const rep = await t.signIn({ role: 'field-rep' });
    expect((await rep.get(`/admin/api/subscriptions/lookup?id=${sub.id}`)).statusCode).toBe(403);
    const guest = await t.guest();
    expect((await guest.get(`/admin/api/subscriptions/lookup?id=${sub.id}`)).statusCode).toBe(401);
  });
});

describe('input the database could not store', () => {
  const BAD_IDS = ['2147483648', '0x10', '1e3', '0'];
  const idMessage = 'The subscription id must be a whole number from 1 to 2147483647.';

  it.each(BAD_IDS)('refuses %s as the subscription id of the PATCH with 422', async (bad) => {
    const res = await agent.patch(`/admin/subscriptions/${bad}`, { cancellation_reason_id: 0 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ subscriptionId: [idMessage] });
  });

  it.each(BAD_IDS)('refuses %s as the subscription id of the detail with 422', async (bad) => {
    const res = await agent.get(`/admin/api/subscriptions/${bad}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ subscriptionId: [idMessage] });
  });

  it.each([
    [2147483648, 'The cancellation reason id field is too large.'],
    ['2147483648', 'The cancellation reason id field is too large.'],
    ['0x10', 'The cancellation reason id field must be a number.'],
    ['1e3', 'The cancellation reason id field must be a number.'],
    ['\ud800', 'The cancellation reason id field must be a number.'],
    ['\u0000', 'The cancellation reason id field must be a number.'],
  ])('refuses %j as the reason id with 422 and changes nothing', async (bad, message) => {
    const cancellation = await createCancellation(t.db);
    const url = `/admin/subscriptions/${cancellation.subscriptionId}`;
    const res = await agent.patch(url, { cancellation_reason_id: bad });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ cancellation_reason_id: [message] });
    const expected = await agent.patch(url, { cancellation_reason_id: 0, expected_cancellation_reason_id: bad });
    expect(expected.statusCode).toBe(422);
    expect(Object.keys(expected.json().errors)).toEqual(['expected_cancellation_reason_id']);
    expect((await subscriptionRow(cancellation.subscriptionId)).cancellationReasonId).toBe(0);
    expect(await auditFor('subscription', cancellation.subscriptionId)).toHaveLength(0);
  });

  it.each([
    ['q=%00', { q: ['The q may not contain a NUL character.'] }],
    ['carrierId=2147483648', { carrierId: ['The selected carrier id is invalid.'] }],
    ['carrierId=0x10', { carrierId: ['The selected carrier id is invalid.'] }],
    ['carrierId=1e3', { carrierId: ['The selected carrier id is invalid.'] }],
    ['from=2024-02-30', { from: ['The from date must be a valid date.'] }],
    ['to=2023-02-29', { to: ['The to date must be a valid date.'] }],
    ['from=2024-02-30%00', { from: ['The from date must be a valid date.'] }],
  ])('refuses the list filter %s with 422 and a field message', async (query, errors) => {
    const res = await agent.get(`/admin/api/subscriptions?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(errors);
  });

  it('takes a cleared filter as no filter and accepts 29 February of a leap year', async () => {
    const res = await agent.get('/admin/api/subscriptions?q=&carrierId=&status=&from=2024-02-29&to=&needsReason=');
    expect(res.statusCode).toBe(200);
  });
});
