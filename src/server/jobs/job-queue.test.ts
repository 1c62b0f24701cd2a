import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Database } from '../db/types';
import { openTestDatabase } from '../test/database';
import { openJobQueue } from './background-work';
import type { JobQueue, JobWork } from './job-queue';

/*
 * The queue of the database the tier runs on: the in-process runner on the embedded database, pg-boss on
 * PostgreSQL. The same tests hold both (ADR 056).
 */
let database: Database;
const queues: JobQueue[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.close()));
  await database.close();
});

const log = pino({ level: 'silent' });
let seq = 0;

async function queueWith(
  work: JobWork,
  { retryLimit = 2, retryDelaySeconds = 1, name = `job-${++seq}`, works = true } = {},
) {
  const queue = await openJobQueue(database, log, { pollSeconds: 0.5 });
  queues.push(queue);
  await queue.define({ name, work, retryLimit, retryDelaySeconds }, { work: works });
  return { queue, name };
}

/** Waits until the run is in one of `states`, as the Jobs page would show it. */
async function settled(queue: JobQueue, id: string, states: string[]) {
  await expect.poll(async () => (await queue.run(id))?.state, { timeout: 20_000, interval: 100 }).toBeOneOf(states);
  return (await queue.run(id))!;
}

describe('the job queue', () => {
  it('runs a queued job once and shows it completed after one attempt', async () => {
    let runs = 0;
    const { queue, name } = await queueWith(async () => void (runs += 1));
    const id = await queue.send(name);
    const run = await settled(queue, id, ['completed']);
    expect(run).toMatchObject({ id, name, attempts: 1, lastError: null });
    expect(runs).toBe(1);
    expect(await queue.latestRuns()).toEqual([run]);
  });

  it('tries a failing job again after a wait that doubles, and dead-letters it after its limit with its last error', async () => {
    const tries: number[] = [];
    const { queue, name } = await queueWith(async () => {
      tries.push(Date.now());
      throw new Error(`mail server refused (try ${tries.length})`);
    });
    const id = await queue.send(name);
    const run = await settled(queue, id, ['failed']);
    expect(run).toMatchObject({
      state: 'failed',
      attempts: 3,
      retryLimit: 2,
      lastError: 'mail server refused (try 3)',
    });
    expect(tries).toHaveLength(3);
    // Backoff: at least the delay (1 s) before the first retry, at least twice it before the second.
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(950);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(1950);
    // Dead-lettered: it is not tried again.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(tries).toHaveLength(3);
  });

  it('completes a job that fails once and then succeeds, after two attempts', async () => {
    let calls = 0;
    const { queue, name } = await queueWith(async () => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
    });
    const run = await settled(queue, await queue.send(name), ['completed']);
    expect(run).toMatchObject({ attempts: 2, lastError: null });
  });

  it('runs each run once when several instances work the same queue', async () => {
    const name = `shared-${++seq}`;
    const done: string[] = [];
    const instances = await Promise.all(
      [1, 2, 3].map((n) => queueWith(async () => void done.push(`instance ${n}`), { name })),
    );
    const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => instances[0]!.queue.send(name)));
    for (const id of ids) await settled(instances[0]!.queue, id, ['completed']);
    expect(done).toHaveLength(6);
  });

  // Only PostgreSQL has several instances: the embedded database's one instance must work its runs (config.ts).
  it.runIf(process.env.DATABASE_URL)(
    'leaves the runs an instance that serves requests only queues to the others',
    async () => {
      const name = `served-${++seq}`;
      const done: string[] = [];
      const serving = await queueWith(async () => void done.push('serving'), { name, works: false });
      await queueWith(async () => void done.push('working'), { name });
      const ids = await Promise.all([1, 2, 3, 4, 5, 6].map(() => serving.queue.send(name)));
      for (const id of ids) await settled(serving.queue, id, ['completed']);
      expect(done).toEqual(Array(6).fill('working'));
    },
  );

  it('knows no run by an id it never gave', async () => {
    const { queue } = await queueWith(async () => undefined);
    expect(await queue.run('00000000-0000-4000-8000-000000000000')).toBeUndefined();
  });
});
