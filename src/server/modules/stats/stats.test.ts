import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp, type Agent } from '../../test/app';
import {
  createCancellation,
  createCancellationReason,
  createCredit,
  createCustomer,
  createDevice,
  createProduct,
  createRenewal,
  createSubscription,
  createSupplier,
  createUser,
} from '../../test/factories';
import { utcOffsetMs } from '../../seed/time-zone';
import {
  deviceSwaps,
  planLookupRequests,
  promoEmails,
  prospects,
  referralCodes,
  resetRequests,
  siteVisits,
  subscriptions,
} from '../../db/schema';
import { pathOf } from '../../../contract/endpoint';
import {
  STATS_ENDPOINTS,
  statsEndpoints,
  trendName,
  type StatsEndpoint,
  type StatsView,
} from '../../../contract/stats';
import { addDays, localDate } from './stats.periods';
import { rollupSums, naiveSums, naiveContents, rollupContents } from './stats.queries';
import { trend } from './stats.service';
import { ensureRollup } from './stats.rollup';

const TZ = 'America/Chicago';
let t: TestApp;
let agent: Agent;

beforeAll(async () => {
  t = await createTestApp({ BUSINESS_TIMEZONE: TZ });
  agent = await t.signIn();
});
afterAll(() => t.close());

/** The instant of a wall-clock time 'YYYY-MM-DD HH:MM[:SS]' in the business time zone. */
function at(local: string): Date {
  const wall = Date.parse(`${local.replace(' ', 'T')}${local.length === 16 ? ':00' : ''}Z`);
  const first = wall - utcOffsetMs(new Date(wall), TZ);
  return new Date(wall - utcOffsetMs(new Date(first), TZ));
}

const today = () => localDate(new Date(), TZ);
const day = (offset: number, time = '10:00') => at(`${addDays(today(), offset)} ${time}`);

/** Empties the tables the charts read; the deletes go through the rollup triggers like any other write. */
async function clean() {
  await t.db.execute(sql`DELETE FROM subscription_cancellations`);
  await t.db.execute(sql`DELETE FROM renewals`);
  await t.db.execute(sql`DELETE FROM credits`);
  await t.db.execute(sql`DELETE FROM plan_lookup_requests`);
  await t.db.execute(sql`DELETE FROM prospects`);
  await t.db.execute(sql`DELETE FROM device_swaps`);
  await t.db.execute(sql`DELETE FROM reset_requests`);
  await t.db.execute(sql`DELETE FROM site_visits`);
  await t.db.execute(sql`DELETE FROM subscriptions`);
}

const trendUrl = (endpoint: StatsEndpoint, view: StatsView) =>
  pathOf(statsEndpoints.trend, { name: trendName(endpoint, view) });
const returnRateUrl = (limit: number) => pathOf(statsEndpoints.returnRateByModel, { limit });

const get = async (endpoint: StatsEndpoint, view: StatsView) => {
  const res = await agent.get(trendUrl(endpoint, view));
  expect(res.statusCode).toBe(200);
  return res.json<Record<string, number | string>[]>();
};
const rowOf = (rows: Record<string, unknown>[], period: string) => rows.find((r) => r.period === period);

describe('access and addressing', () => {
  it('answers 401 without a session', async () => {
    const guest = await t.guest();
    const res = await guest.get(trendUrl('subscription-activity-trend', 'monthly'));
    expect(res.statusCode).toBe(401);
  });

  it('answers 404 with a message for an unknown endpoint, an unknown view and a view the endpoint does not offer', async () => {
    for (const name of [
      'no-such-trend-monthly',
      'visitor-trend-hourly',
      'ppc-conversion-trend-weekly',
      'visitor-trend',
    ]) {
      const res = await agent.get(`/admin/api/stats/${name}`);
      expect(res.statusCode, name).toBe(404);
      expect(res.json().message).toBe(`There is no stats endpoint or view named '${name}'.`);
    }
  });

  it('refuses a return-rate limit that is not a whole number from 1 to 10,000', async () => {
    for (const limit of ['0', '10001', 'abc', '2.5', '-3']) {
      const res = await agent.get(`/admin/api/stats/return-rate-by-model/${limit}`);
      expect(res.statusCode, limit).toBe(422);
      expect(res.json().errors.limit).toEqual(['The limit must be a whole number from 1 to 10,000.']);
    }
    expect((await agent.get('/admin/api/stats/return-rate-by-model/10000')).statusCode).toBe(200);
  });

  it('refuses a return-rate limit written in hex, with an exponent, above 2^31−1 or with a NUL byte', async () => {
    for (const limit of ['0x10', '1e3', '2147483648', '%00', '10%00']) {
      const res = await agent.get(`/admin/api/stats/return-rate-by-model/${limit}`);
      expect(res.statusCode, limit).toBe(422);
      expect(res.json().errors.limit).toEqual(['The limit must be a whole number from 1 to 10,000.']);
    }
  });

  it('refuses a promo row limit written in hex, with an exponent, above 2^31−1 or with a NUL byte', async () => {
    const url = trendUrl('lookup-request-drip-mail-conversion-trend', 'monthly');
    for (const limit of ['0x19', '1e2', '2147483648', '%00', '25%00']) {
      const res = await agent.get(`${url}?limit=${limit}`);
      expect(res.statusCode, limit).toBe(422);
      expect(res.json().errors.limit).toEqual(['The limit must be 25, 50 or 100.']);
    }
  });

  it('answers 404 for a name with a NUL byte and 400 for one that is not UTF-8, never 500', async () => {
    const nul = await agent.get('/admin/api/stats/visitor-trend-monthly%00');
    expect(nul.statusCode).toBe(404);
    expect(nul.json().message).toBe("There is no stats endpoint or view named 'visitor-trend-monthly\u0000'.");
    // %ED%A0%80 would be a lone surrogate; it is no valid UTF-8, so the router refuses it before any handler.
    expect((await agent.get('/admin/api/stats/visitor-trend-%ED%A0%80')).statusCode).toBe(400);
  });

  it('answers every endpoint and view of §7 with one row per period and exactly its fields', async () => {
    await clean();
    for (const [endpoint, { views, fields }] of Object.entries(STATS_ENDPOINTS) as [
      StatsEndpoint,
      (typeof STATS_ENDPOINTS)[StatsEndpoint],
    ][]) {
      for (const view of views) {
        const rows = await get(endpoint, view);
        expect(rows.length, `${endpoint}-${view}`).toBe({ daily: 30, weekly: 26, monthly: 12, yearly: 1 }[view]);
        if (typeof fields !== 'string') for (const row of rows) expect(Object.keys(row)).toEqual(['period', ...fields]);
      }
    }
  });
});

describe('subscription activity, total orders, churn and active subscriptions (daily, exact rows)', () => {
  beforeEach(clean);

  it('counts a cancellation 21 days after the order as a return and 22 days after as a cancellation', async () => {
    const later = await createSubscription(t.db, { orderedAt: day(-22) });
    const returned = await createSubscription(t.db, { orderedAt: day(-21), source: 'google_cpc' });
    await createSubscription(t.db, { orderedAt: day(0, '08:00') });
    await createSubscription(t.db, { orderedAt: day(-40) });
    await createCancellation(t.db, { subscriptionId: later.id, cancelledAt: day(0) });
    await createCancellation(t.db, { subscriptionId: returned.id, cancelledAt: day(0, '09:00') });

    const zero = { orders: 0, returns: 0, cancellations: 0, net: 0 };
    const expected = Array.from({ length: 30 }, (_, i) => ({ period: addDays(today(), i - 29), ...zero }));
    expected[29 - 22] = { ...expected[29 - 22]!, orders: 1, net: 1 };
    expected[29 - 21] = { ...expected[29 - 21]!, orders: 1, net: 1 };
    expected[29] = { period: today(), orders: 1, returns: 1, cancellations: 1, net: -1 };
    expect(await get('subscription-activity-trend', 'daily')).toEqual(expected);

    const cpc = await get('cpc-subscription-activity-trend', 'daily');
    expect(cpc.filter((r) => r.orders || r.returns || r.cancellations)).toEqual([
      { period: addDays(today(), -21), orders: 1, returns: 0, cancellations: 0, net: 1 },
      { period: today(), orders: 0, returns: 1, cancellations: 0, net: -1 },
    ]);

    const total = await get('total-orders-trend', 'daily');
    expect(total.at(-1)).toEqual({ period: today(), total: 1, cancellations: 1, net: 0 });

    const active = (await get('active-subscriptions-trend', 'daily')).map((r) => r.total);
    expect(active).toEqual([...Array(7).fill(1), 2, ...Array(21).fill(3), 2]);

    const churn = await get('churn-trend', 'daily');
    expect(churn.at(-1)).toEqual({ period: today(), rate: 33.33 });
    expect(churn.slice(0, -1).every((r) => r.rate === 0)).toBe(true);
  });
});

describe('headline figures (KPI tiles)', () => {
  beforeEach(clean);

  it('sums a range of business days and the as many days before it, with the trend charts’ definitions', async () => {
    // Before both ranges: 4 active subscriptions. Previous 30 days: 2 orders. Last 30 days: 3 orders, one
    // returned within 21 days, one older subscription cancelled.
    const old = [];
    for (let i = 0; i < 4; i++) old.push(await createSubscription(t.db, { orderedAt: day(-200) }));
    for (const d of [-45, -40]) old.push(await createSubscription(t.db, { orderedAt: day(d) }));
    const returned = await createSubscription(t.db, { orderedAt: day(-5) });
    const recent = [returned];
    for (const d of [-3, 0]) recent.push(await createSubscription(t.db, { orderedAt: day(d) }));
    await createCancellation(t.db, { subscriptionId: returned.id, cancelledAt: day(-1) });
    await createCancellation(t.db, { subscriptionId: old[0]!.id, cancelledAt: day(-2) });

    const res = await agent.get(statsEndpoints.kpis.path);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      from: addDays(today(), -29),
      to: today(),
      previousFrom: addDays(today(), -59),
      previousTo: addDays(today(), -30),
    });
    const tile = (key: string) => body.tiles.find((k: { key: string }) => k.key === key);
    expect(tile('orders')).toMatchObject({ label: 'New orders', value: 3, previous: 2, higherIsBetter: true });
    expect(tile('net')).toMatchObject({ value: 1, previous: 2 });
    expect(tile('returnRate')).toMatchObject({ label: '21-day returns', value: 33.33, previous: 0, format: 'percent' });
    // 1 cancellation over the 6 active when the range began.
    expect(tile('churn')).toMatchObject({ value: 16.67, previous: 0, higherIsBetter: false });
    // Recurring revenue: the prices of the subscriptions running at each range's end.
    const dollars = (subs: { price: string }[]) =>
      Math.round(subs.reduce((n, x) => n + Number(x.price), 0) * 100) / 100;
    const running = [...old.slice(1), ...recent.slice(1)];
    expect(tile('revenue')).toMatchObject({ format: 'money', value: dollars(running), previous: dollars(old) });

    const earlier = (
      await agent.get(`${statsEndpoints.kpis.path}?from=${addDays(today(), -59)}&to=${addDays(today(), -30)}`)
    ).json();
    expect(earlier.tiles.find((k: { key: string }) => k.key === 'orders')).toMatchObject({ value: 2, previous: 0 });
  });

  it('answers the same view ending some periods earlier, for a chart to compare with', async () => {
    const month = (back: number) => {
      const [y, m] = today().split('-').map(Number) as [number, number];
      const d = new Date(Date.UTC(y, m - 1 - back, 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    await createSubscription(t.db, { orderedAt: at(`${month(13)}-15 10:00`) });
    const url = `${pathOf(statsEndpoints.trend, { name: trendName('subscription-activity-trend', 'monthly') })}?before=12`;
    const rows = (await agent.get(url)).json() as { period: string; orders: number }[];
    expect(rows).toHaveLength(12);
    expect(rows.at(-1)!.period).toBe(month(12));
    expect(rows.find((r) => r.orders)).toEqual(expect.objectContaining({ period: month(13), orders: 1 }));
    expect((await agent.get(url.replace('before=12', 'before=0'))).statusCode).toBe(422);
  });

  it('answers the whole periods of a chosen range in any view, and refuses ranges it cannot draw', async () => {
    const month = (back: number) => {
      const [y, m] = today().split('-').map(Number) as [number, number];
      const d = new Date(Date.UTC(y, m - 1 - back, 1));
      return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
    };
    await createSubscription(t.db, { orderedAt: at(`${month(20)}-15 10:00`) });
    const path = pathOf(statsEndpoints.trend, { name: trendName('subscription-activity-trend', 'monthly') });
    // From mid-month to mid-month: the months that hold those days, whole.
    const rows = (await agent.get(`${path}?from=${month(22)}-10&to=${month(18)}-03`)).json() as {
      period: string;
      orders: number;
    }[];
    expect(rows.map((r) => r.period)).toEqual([month(22), month(21), month(20), month(19), month(18)]);
    expect(rows.find((r) => r.period === month(20))?.orders).toBe(1);
    const daily = pathOf(statsEndpoints.trend, { name: trendName('subscription-activity-trend', 'daily') });
    expect((await agent.get(`${daily}?from=${month(20)}-14&to=${month(20)}-16`)).json()).toHaveLength(3);

    for (const [query, field] of [
      [`from=${month(20)}-14`, 'to'],
      [`from=${month(20)}-16&to=${month(20)}-14`, 'to'],
      [`from=${month(20)}-14&to=${month(20)}-16&before=3`, 'before'],
    ] as const) {
      const res = await agent.get(`${path}?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(Object.keys(res.json().errors), query).toEqual([field]);
    }
    // Counting stops at 400 periods (periodStartsBetween), so a range of two centuries costs no more than one year.
    for (const [from, to] of [
      ['2020-01-01', '2026-01-01'],
      ['1900-01-01', '2099-12-31'],
    ]) {
      const tooLong = await agent.get(`${daily}?from=${from}&to=${to}`);
      expect(tooLong.statusCode).toBe(422);
      expect(tooLong.json().errors.to[0]).toMatch(/more than 400 periods/);
    }
  });

  it('refuses a range it cannot answer with a clear message', async () => {
    for (const [query, field, message] of [
      ['from=2026-02-30', 'from', 'The from date must be a valid date.'],
      ['from=2026-03-02&to=2026-03-01', 'to', 'The to date must be on or after the from date.'],
      ['from=2000-01-01&to=2026-01-01', 'from', 'Choose a range of at most ten years.'],
    ] as const) {
      const res = await agent.get(`${statsEndpoints.kpis.path}?${query}`);
      expect(res.statusCode, query).toBe(422);
      expect(res.json().errors[field], query).toEqual([message]);
    }
  });
});

describe('business time zone edges (fixed clock 2026-11-20 12:00 America/Chicago)', () => {
  beforeEach(clean);
  const clock = { now: at('2026-11-20 12:00'), timeZone: TZ };
  const orders = async (view: StatsView) =>
    (await trend(t.db, rollupSums, 'subscription-activity-trend', view, clock))
      .filter((r) => r.orders)
      .map((r) => [r.period, r.orders]);

  it('puts orders on the business day around midnight and the November DST change', async () => {
    for (const local of [
      '2026-10-31 23:59',
      '2026-11-01 00:30',
      '2026-11-01 23:30',
      '2026-11-19 23:59:59',
      '2026-11-20 00:00',
    ])
      await createSubscription(t.db, { orderedAt: at(local) });
    // 2026-11-01 23:30 CST is 05:30 UTC on November 2nd: a fixed -05:00 offset would put it on the wrong day.
    expect(at('2026-11-01 23:30').toISOString()).toBe('2026-11-02T05:30:00.000Z');
    expect(await orders('daily')).toEqual([
      ['2026-10-31', 1],
      ['2026-11-01', 2],
      ['2026-11-19', 1],
      ['2026-11-20', 1],
    ]);
    const weekly = await trend(t.db, rollupSums, 'visitor-trend', 'weekly', clock);
    expect([weekly[0]!.period, weekly.at(-1)!.period, weekly.length]).toEqual(['2026-05-25', '2026-11-16', 26]);
  });

  it('puts orders in the month and year of the business zone around the March DST change and New Year', async () => {
    for (const local of [
      '2026-02-28 23:59',
      '2026-03-31 23:59',
      '2026-04-01 00:00',
      '2026-11-20 09:00',
      '2019-12-31 23:59',
    ])
      await createSubscription(t.db, { orderedAt: at(local) });
    const monthly = await trend(t.db, rollupSums, 'subscription-activity-trend', 'monthly', clock);
    expect(monthly.map((r) => r.period)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(await orders('monthly')).toEqual([
      ['2026-02', 1],
      ['2026-03', 1],
      ['2026-04', 1],
      ['2026-11', 1],
    ]);
    const yearly = await trend(t.db, rollupSums, 'subscription-activity-trend', 'yearly', clock);
    expect(yearly.map((r) => [r.period, r.orders])).toEqual([
      ['2019', 1],
      ['2020', 0],
      ['2021', 0],
      ['2022', 0],
      ['2023', 0],
      ['2024', 0],
      ['2025', 0],
      ['2026', 4],
    ]);
  });
});

describe('the other series (monthly, exact current row)', () => {
  beforeEach(clean);
  const month = () => today().slice(0, 7);
  const current = async (endpoint: StatsEndpoint) => rowOf(await get(endpoint, 'monthly'), month());

  it('sums renewals and recurring revenue in money, and converts orders and visitors into a rate', async () => {
    const sub = await createSubscription(t.db, {
      orderedAt: day(0, '00:05'),
      price: '40.00',
      carrierId: 3,
      source: 'google_cpc',
    });
    await createSubscription(t.db, { orderedAt: day(0, '00:06'), price: '20.00', carrierId: 4 });
    await createRenewal(t.db, { subscriptionId: sub.id, renewedAt: day(0, '00:07'), gross: '40.00', net: '30.00' });
    await t.db.insert(siteVisits).values({ day: today(), visitors: 80 });
    expect(await current('renewals-trend')).toEqual({ period: month(), gross: 40, net: 30 });
    expect(await current('subscription-revenue-trend')).toEqual({ period: month(), gross: 60, net: 45 });
    expect(await current('visitor-trend')).toEqual({ period: month(), visitors: 80 });
    expect(await current('conversion-rate-trend')).toEqual({ period: month(), rate: 2.5 });
    expect(await current('ppc-conversion-trend')).toEqual({ period: month(), google: 1 });
    expect(await current('orders-by-carrier-trend')).toEqual({ period: month(), blue: 0, yellow: 0, pink: 1, red: 1 });
  });

  it('gives one column per reason and supplier, showing retired reasons only while they have counts', async () => {
    const used = await createCancellationReason(t.db, { name: 'Stats Moving', position: 1 });
    await createCancellationReason(t.db, { name: 'Stats Unused', position: 2 });
    await createCancellationReason(t.db, { name: 'Stats Retired', position: 3, active: false });
    const retiredUsed = await createCancellationReason(t.db, {
      name: 'Stats Retired Used',
      position: 4,
      active: false,
    });
    await createCancellation(t.db, { cancelledAt: day(0, '00:10'), cancellationReasonId: used.id });
    await createCancellation(t.db, { cancelledAt: day(0, '00:11'), cancellationReasonId: retiredUsed.id });
    const sub = await createSubscription(t.db, { orderedAt: day(0, '00:01') });
    await createCancellation(t.db, { subscriptionId: sub.id, cancelledAt: day(0, '00:12'), returnReasonId: 1 });
    const row = await current('cancellation-reason-trend');
    expect(Object.keys(row!)).not.toContain('Stats Retired');
    expect(row).toMatchObject({ 'Stats Moving': 1, 'Stats Unused': 0, 'Stats Retired Used': 1 });
    expect(await current('subscription-return-reason-trend')).toEqual({
      period: month(),
      'Poor Coverage': 1,
      'Changed Mind': 0,
      'Device Problem': 0,
      'Too Expensive': 0,
      Other: 0,
    });

    const a = await createSupplier(t.db, { name: 'Stats Supplier A' });
    const b = await createSupplier(t.db, { name: 'Stats Supplier B' });
    await t.db.insert(deviceSwaps).values([
      { supplierId: a.id, swappedAt: day(0, '00:01') },
      { supplierId: a.id, swappedAt: day(0, '00:02') },
    ]);
    await t.db.insert(resetRequests).values({ supplierId: b.id, requestedAt: day(0, '00:03') });
    expect(await current('swaps-by-supplier-trend')).toMatchObject({ 'Stats Supplier A': 2, 'Stats Supplier B': 0 });
    expect(await current('reset-requests-by-supplier-trend')).toMatchObject({
      'Stats Supplier A': 0,
      'Stats Supplier B': 1,
    });
    expect(await current('swap-and-reset-trend')).toEqual({ period: month(), replacements: 2, resets: 1 });
  });

  it('counts referral orders, plan lookups, promo e-mails, prospects and their revenue', async () => {
    const customer = await createCustomer(t.db);
    const [code] = await t.db
      .insert(referralCodes)
      .values({ code: `STATS${Date.now()}`, customerId: customer.id })
      .returning();
    await createSubscription(t.db, { orderedAt: day(0, '00:05'), referralCodeId: code!.id });
    const [lookup] = await t.db
      .insert(planLookupRequests)
      .values([
        { email: 'a@example.test', requestedAt: day(0, '00:01'), convertedAt: day(0, '00:02') },
        { email: 'b@example.test', requestedAt: day(0, '00:01') },
      ])
      .returning();
    await t.db.insert(promoEmails).values([
      { planLookupRequestId: lookup!.id, sentAt: day(0, '00:01'), convertedAt: day(0, '00:02') },
      { planLookupRequestId: lookup!.id, sentAt: day(0, '00:01') },
    ]);
    const rep = await createUser(t.db, { isRep: true });
    const visit = {
      repId: rep.id,
      createdById: rep.id,
      name: 'P',
      address: '1 A St',
      city: 'Nashville',
      state: 'TN',
      zip: '37203',
      prospectActionId: 1,
    };
    await t.db.insert(prospects).values([
      { ...visit, createdAt: day(0, '00:01'), convertedAt: day(0, '00:02'), revenue: '120.50' },
      { ...visit, createdAt: day(0, '00:01') },
    ]);
    expect(await current('referral-code-orders-trend')).toEqual({ period: month(), count: 1 });
    expect(await current('lookup-requests-trend')).toEqual({ period: month(), requests: 2, conversions: 1 });
    expect(await current('lookup-request-drip-mail-conversion-trend')).toEqual({
      period: month(),
      sent: 2,
      converted: 1,
    });
    expect(await current('prospects-trend')).toEqual({ period: month(), prospects: 2 });
    expect(await current('prospect-conversions-trend')).toEqual({ period: month(), conversions: 1 });
    expect(await current('net-prospecting-revenue-trend')).toEqual({ period: month(), revenue: 120.5 });
  });

  it('caps the promo chart at 25, 50 or 100 periods within its view, and refuses other limits', async () => {
    const url = (view: StatsView, limit: number) =>
      `${trendUrl('lookup-request-drip-mail-conversion-trend', view)}?limit=${limit}`;
    const res = await agent.get(url('daily', 25));
    expect(res.json()).toHaveLength(25);
    expect(res.json().at(-1).period).toBe(today());
    // "Past 30 Days" and "Past Year" never show more than they say.
    expect((await agent.get(url('daily', 50))).json()).toHaveLength(30);
    expect((await agent.get(url('monthly', 25))).json()).toHaveLength(12);
    const bad = await agent.get(`${trendUrl('lookup-request-drip-mail-conversion-trend', 'daily')}?limit=30`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.limit).toEqual(['The limit must be 25, 50 or 100.']);
  });
});

describe('21-day returns by product and upcoming credits', () => {
  beforeEach(clean);

  it('counts 21-day returns of the latest deployed devices by model', async () => {
    await t.db.execute(sql`DELETE FROM devices`);
    const a = await createProduct(t.db, { model: 'Stats Phone A' });
    const b = await createProduct(t.db, { model: 'Stats Phone B' });
    const deploy = async (productId: number, deployedAt: Date, orderedDay: number, cancelledDay: number | null) => {
      const device = await createDevice(t.db, { productId, imei: `35${Date.now()}${Math.random()}`, deployedAt });
      const sub = await createSubscription(t.db, { deviceId: device.id, orderedAt: day(orderedDay) });
      if (cancelledDay !== null)
        await createCancellation(t.db, { subscriptionId: sub.id, cancelledAt: day(cancelledDay) });
    };
    await deploy(a.id, day(0, '12:00'), -21, 0);
    await deploy(b.id, day(0, '11:00'), -22, 0);
    await deploy(b.id, day(0, '10:00'), -5, null);
    await deploy(a.id, day(-1), -2, 0);
    const res = await agent.get(returnRateUrl(3));
    expect(res.json()).toEqual([
      { productId: a.id, model: 'Stats Phone A', returns: 1 },
      { productId: b.id, model: 'Stats Phone B', returns: 0 },
    ]);
    expect((await agent.get(returnRateUrl(4))).json()[0]).toEqual({
      productId: a.id,
      model: 'Stats Phone A',
      returns: 2,
    });
  });

  it('names lines with no phone "SIM Only", with no product to open', async () => {
    await t.db.execute(sql`DELETE FROM devices`);
    await createDevice(t.db, { simOnly: true, deployedAt: day(0) });
    expect((await agent.get(returnRateUrl(1))).json()).toEqual([{ productId: null, model: 'SIM Only', returns: 0 }]);
  });

  it('sums unapplied credits week by week for the next 4 weeks and the rest as remaining, 0.00 when none', async () => {
    const empty = (await agent.get(statsEndpoints.upcomingCredits.path)).json();
    expect(empty).toEqual({
      weeks: [0, 7, 14, 21].map((d) => ({ period: addDays(today(), d), amount: '0.00' })),
      remaining: '0.00',
    });
    const due = (offset: number, amount: string, appliedAt: Date | null = null) =>
      createCredit(t.db, { dueOn: addDays(today(), offset), amount, appliedAt });
    await due(0, '10.00');
    await due(6, '5.25');
    await due(7, '1.00');
    await due(27, '2.00');
    await due(28, '100.10');
    await due(3, '50.00', new Date());
    await due(-1, '70.00');
    expect((await agent.get(statsEndpoints.upcomingCredits.path)).json()).toEqual({
      weeks: [
        { period: today(), amount: '15.25' },
        { period: addDays(today(), 7), amount: '1.00' },
        { period: addDays(today(), 14), amount: '0.00' },
        { period: addDays(today(), 21), amount: '2.00' },
      ],
      remaining: '100.10',
    });
  });
});

describe('the rollup', () => {
  it('counts rows loaded before it was built, and is rebuilt when the business time zone changes', async () => {
    await clean();
    const clock = { now: at('2026-11-20 12:00'), timeZone: TZ };
    // As on a database loaded by the seed before the first start: no rollup state, so the triggers skip.
    await t.db.execute(sql`DELETE FROM stats_rollup_state`);
    await createSubscription(t.db, { orderedAt: new Date('2026-11-20T03:00:00Z') });
    await ensureRollup(t.db, TZ);
    const chicago = await trend(t.db, rollupSums, 'subscription-activity-trend', 'daily', clock);
    expect(chicago.filter((r) => r.orders).map((r) => r.period)).toEqual(['2026-11-19']);

    await ensureRollup(t.db, 'UTC');
    const utc = await trend(t.db, rollupSums, 'subscription-activity-trend', 'daily', { ...clock, timeZone: 'UTC' });
    expect(utc.filter((r) => r.orders).map((r) => r.period)).toEqual(['2026-11-20']);
    await ensureRollup(t.db, TZ);
  });

  /** A small deterministic PRNG so a failure can be replayed. */
  function prng(seed: number) {
    let s = seed >>> 0;
    return () => (s = (s * 1_664_525 + 1_013_904_223) >>> 0) / 2 ** 32;
  }

  it('equals the naive GROUP BY over the base tables after random inserts, bulk loads, updates and deletes', async () => {
    await clean();
    const random = prng(42);
    const pick = <T>(list: T[]) => list[Math.floor(random() * list.length)]!;
    const instant = () =>
      new Date(Date.now() - Math.floor(random() * 3 * 365) * 86_400_000 - Math.floor(random() * 86_400_000));
    const reasons = [await createCancellationReason(t.db), await createCancellationReason(t.db, { active: false })];
    const suppliers = [await createSupplier(t.db), await createSupplier(t.db)];
    const subs: number[] = [];

    for (let step = 0; step < 60; step++) {
      const op = Math.floor(random() * 9);
      if (op === 0 || subs.length < 5) {
        const orderedAt = instant();
        const sub = await createSubscription(t.db, {
          orderedAt,
          carrierId: 1 + Math.floor(random() * 4),
          source: pick(['direct', 'google_cpc', 'referral']),
        });
        subs.push(sub.id);
        if (random() < 0.5)
          await createCancellation(t.db, {
            subscriptionId: sub.id,
            cancelledAt: new Date(orderedAt.getTime() + Math.floor(random() * 40) * 86_400_000),
            cancellationReasonId: pick([0, reasons[0]!.id, reasons[1]!.id]),
            returnReasonId: pick([null, 1, 2]),
          });
      } else if (op === 1) {
        // A bulk load, as the seed does it: one statement, many rows.
        await t.db.execute(sql`INSERT INTO renewals (subscription_id, renewed_at, gross, net)
          SELECT ${pick(subs)}, now() - g * interval '9 days 3 hours', 30 + g, 20 + g FROM generate_series(1, 200) g`);
        await t.db.execute(sql`INSERT INTO device_swaps (supplier_id, swapped_at)
          SELECT CASE WHEN g % 3 = 0 THEN NULL ELSE ${pick(suppliers).id}::int END, now() - g * interval '1 day 5 hours' FROM generate_series(1, 100) g`);
      } else if (op === 2) {
        // A reason being picked, and a subscription cancelled by hand.
        await t.db.execute(sql`UPDATE subscription_cancellations SET cancellation_reason_id = ${reasons[0]!.id}
          WHERE id IN (SELECT id FROM subscription_cancellations ORDER BY random() LIMIT 3)`);
        await t.db
          .update(subscriptions)
          .set({ cancelledAt: instant(), status: 'cancelled' })
          .where(sql`id = ${pick(subs)}`);
      } else if (op === 3) {
        await t.db.execute(
          sql`UPDATE subscriptions SET source = 'google_cpc', ordered_at = ordered_at - interval '13 hours' WHERE id = ${pick(subs)}`,
        );
      } else if (op === 4) {
        const id = subs.splice(Math.floor(random() * subs.length), 1)[0]!;
        // Cascades to its cancellations and renewals.
        await t.db.execute(sql`DELETE FROM subscriptions WHERE id = ${id}`);
      } else if (op === 5) {
        await t.db.execute(sql`DELETE FROM renewals WHERE id IN (SELECT id FROM renewals ORDER BY random() LIMIT 50)`);
        await t.db.execute(
          sql`UPDATE device_swaps SET supplier_id = ${pick(suppliers).id} WHERE id IN (SELECT id FROM device_swaps ORDER BY random() LIMIT 20)`,
        );
      } else if (op === 6) {
        await t.db
          .execute(sql`INSERT INTO site_visits (day, visitors) SELECT current_date - g, g * 3 FROM generate_series(0, 50) g
          ON CONFLICT (day) DO UPDATE SET visitors = site_visits.visitors + 1`);
        await t.db.insert(resetRequests).values({ supplierId: pick(suppliers).id, requestedAt: instant() });
      } else if (op === 7) {
        const [lookup] = await t.db
          .insert(planLookupRequests)
          .values({ email: 'x@example.test', requestedAt: instant() })
          .returning();
        await t.db.insert(promoEmails).values({
          planLookupRequestId: lookup!.id,
          sentAt: instant(),
          convertedAt: random() < 0.5 ? instant() : null,
        });
        await t.db.execute(
          sql`UPDATE plan_lookup_requests SET converted_at = now() - interval '3 days' WHERE id IN (SELECT id FROM plan_lookup_requests ORDER BY random() LIMIT 2)`,
        );
      } else {
        await t.db.execute(sql`TRUNCATE reset_requests`);
        await t.db.execute(
          sql`UPDATE renewals SET gross = gross + 1, renewed_at = renewed_at + interval '20 hours' WHERE id IN (SELECT id FROM renewals ORDER BY random() LIMIT 30)`,
        );
      }
    }

    for (const grain of ['day', 'month'] as const) {
      const naive = await naiveContents(t.db, TZ, grain);
      expect(naive.length).toBeGreaterThan(100);
      expect(await rollupContents(t.db, grain)).toEqual(naive);
    }

    const clock = { now: new Date(), timeZone: TZ };
    for (const [endpoint, { views }] of Object.entries(STATS_ENDPOINTS) as [
      StatsEndpoint,
      { views: readonly StatsView[] },
    ][])
      for (const view of views)
        expect(await trend(t.db, rollupSums, endpoint, view, clock), `${endpoint}-${view}`).toEqual(
          await trend(t.db, naiveSums(TZ), endpoint, view, clock),
        );
  });
});
