import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { createTestApp, type Agent, type TestApp } from '../../test/app';
import { createDevice, createSubscription } from '../../test/factories';
import { devicesEndpoints } from '../../../contract/devices';
import { pathOf } from '../../../contract/endpoint';
import { statsEndpoints, trendName } from '../../../contract/stats';
import { FRESH_COOKIE, StatsAnswers } from './stats.cache';

const TTL_S = 5;
let clock = Date.now();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ STATS_CACHE_SECONDS: TTL_S }, { now: () => clock });
});
afterAll(() => t.close());

const ordersUrl = pathOf(statsEndpoints.trend, { name: trendName('subscription-activity-trend', 'daily') });

/** Orders over the chart's days, as a browser reads them. */
async function orders(agent: Agent): Promise<number> {
  const res = await agent.get(ordersUrl);
  expect(res.statusCode).toBe(200);
  return res.json<{ orders: number }[]>().reduce((sum, row) => sum + row.orders, 0);
}

/** A write beside this instance (another instance's, an import's): nothing here hears of it. */
const orderElsewhere = () => createSubscription(t.db, { orderedAt: new Date(clock - 3_600_000) });

describe('stats answers kept per instance', () => {
  // Each case starts with nothing kept.
  beforeEach(() => {
    clock += TTL_S * 1000;
  });

  it('serves a kept answer until it is older than STATS_CACHE_SECONDS, then reads again', async () => {
    const agent = await t.signIn();
    const before = await orders(agent);
    await orderElsewhere();
    expect(await orders(agent)).toBe(before);
    clock += TTL_S * 1000 - 1;
    expect(await orders(agent)).toBe(before);
    clock += 1;
    expect(await orders(agent)).toBe(before + 1);
  });

  it('keeps one answer for every member of staff, not one each', async () => {
    const [first, second] = [await t.signIn(), await t.signIn()];
    const seen = await orders(first);
    await orderElsewhere();
    expect(await orders(second)).toBe(seen);
  });

  it('drops every kept answer after a write through this instance, and the writer reads fresh answers elsewhere', async () => {
    const [writer, reader] = [await t.signIn(), await t.signIn()];
    const seen = await orders(reader);
    await orderElsewhere();
    const res = await writer.post('/admin/api/cancellation-reasons', { name: `Moved away ${clock}` });
    expect(res.statusCode).toBe(201);
    const fresh = res.cookies.find((c) => c.name === FRESH_COOKIE);
    // The mark outlives any answer another instance kept before the write.
    expect(fresh?.maxAge).toBeGreaterThan(TTL_S);
    expect(fresh?.httpOnly).toBe(true);
    expect(await orders(reader)).toBe(seen + 1);
  });

  it('answers a browser that has just written from the database, past the kept answer', async () => {
    const [reader, writer] = [await t.signIn(), await t.signIn()];
    expect((await writer.post('/admin/api/cancellation-reasons', { name: `Emigrated ${clock}` })).statusCode).toBe(201);
    const seen = await orders(reader);
    // A change this instance does not hear of, as when the writer's next write goes through another instance.
    await orderElsewhere();
    expect(await orders(reader)).toBe(seen);
    expect(await orders(writer)).toBe(seen + 1);
  });

  it('drops them after a write whose endpoint changes what the charts read, and only then (ADR 033)', async () => {
    const agent = await t.signIn();
    const seen = await orders(agent);
    await orderElsewhere();
    // Feedback is not read by any chart: the answer is kept.
    expect((await agent.post('/admin/feedback-submissions', { body: 'The charts are fine.' })).statusCode).toBe(201);
    expect(await orders(agent)).toBe(seen);
    // Deleting a device changes the devices, which the charts read.
    const device = await createDevice(t.db, { simOnly: true });
    expect((await agent.delete(pathOf(devicesEndpoints.deleteDevice, { id: device.id }))).statusCode).toBe(200);
    expect(await orders(agent)).toBe(seen + 1);
  });

  it('keeps answers through a refused write', async () => {
    const agent = await t.signIn();
    const seen = await orders(agent);
    await orderElsewhere();
    const res = await agent.post('/admin/api/cancellation-reasons', { name: '' });
    expect(res.statusCode).toBe(422);
    expect(res.cookies.find((c) => c.name === FRESH_COOKIE)).toBeUndefined();
    expect(await orders(agent)).toBe(seen);
  });
});

describe('StatsAnswers', () => {
  const request = (cookies: Record<string, string> = {}) => ({ cookies }) as unknown as FastifyRequest;

  it('computes once for concurrent askers of the same question', async () => {
    const answers = new StatsAnswers(5_000, () => 0);
    let computed = 0;
    const compute = async () => ++computed;
    const got = await Promise.all([1, 2, 3].map(() => answers.get(request(), 'q', compute)));
    expect(got).toEqual([1, 1, 1]);
    expect(computed).toBe(1);
  });

  it('does not keep a failure', async () => {
    const answers = new StatsAnswers(5_000, () => 0);
    await expect(answers.get(request(), 'q', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await answers.get(request(), 'q', () => Promise.resolve('up'))).toBe('up');
  });

  it('holds a bounded number of questions, whatever the client asks', async () => {
    const answers = new StatsAnswers(5_000, () => 0);
    let computed = 0;
    for (let i = 0; i < 2_000; i++) await answers.get(request(), `q${i}`, async () => ++computed);
    const size = (answers as unknown as { entries: Map<string, unknown> }).entries.size;
    expect(size).toBeLessThanOrEqual(500);
    expect(computed).toBe(2_000);
  });

  it('keeps nothing when the time to live is 0', async () => {
    const answers = new StatsAnswers(0, () => 0);
    let computed = 0;
    await answers.get(request(), 'q', async () => ++computed);
    await answers.get(request(), 'q', async () => ++computed);
    expect(computed).toBe(2);
  });
});
