import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Database } from '../db/types';
import { openTestDatabase } from '../test/database';
import { businessDayAndTime, TimerSchedule, type DailyJob } from './daily-schedule';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The log lines a schedule writes. */
function logged() {
  const lines: { msg: string; job?: string; result?: unknown }[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { log, lines };
}

let jobSeq = 0;
/** A schedule (an instance) with its own clock, and a job that counts its runs. */
function instance(clock: { ms: number }, name: string, job?: DailyJob, timeZone = 'UTC') {
  const { log, lines } = logged();
  const schedule = new TimerSchedule(database.db, { timeZone, log, now: () => clock.ms });
  const runs: string[] = [];
  schedule.everyDayAt(
    '03:30',
    name,
    job ??
      (async () => {
        runs.push(new Date(clock.ms).toISOString());
        return { done: true };
      }),
  );
  return { schedule, runs, lines };
}

const at = (iso: string) => ({ ms: Date.parse(iso) });

describe('a daily schedule', () => {
  it('runs a job once a business day, at its time or at the first look after it', async () => {
    const clock = at('2026-11-27T03:29:00Z');
    const { schedule, runs, lines } = instance(clock, `daily_${++jobSeq}`);
    await schedule.tick();
    expect(runs).toEqual([]);
    clock.ms += 60_000;
    await schedule.tick();
    await schedule.idle();
    expect(runs).toEqual(['2026-11-27T03:30:00.000Z']);
    expect(lines.find((l) => l.msg === 'daily job done')).toMatchObject({ result: { done: true } });
    clock.ms += 5 * 3_600_000;
    await schedule.tick();
    await schedule.idle();
    expect(runs).toHaveLength(1);
    // Down at 03:30 the next day: it runs when the instance looks again.
    clock.ms = Date.parse('2026-11-28T09:12:00Z');
    await schedule.tick();
    await schedule.idle();
    expect(runs).toEqual(['2026-11-27T03:30:00.000Z', '2026-11-28T09:12:00.000Z']);
    await schedule.close();
  });

  it('keeps business time: 03:30 in Chicago is 09:30 UTC the day before summer time, 08:30 UTC from then', async () => {
    expect(businessDayAndTime(new Date('2026-03-07T09:30:00Z'), 'America/Chicago')).toEqual({
      day: '2026-03-07',
      time: '03:30',
    });
    const clock = at('2026-03-08T08:29:00Z');
    const { schedule, runs } = instance(clock, `daily_${++jobSeq}`, undefined, 'America/Chicago');
    await schedule.tick();
    expect(runs).toEqual([]);
    clock.ms += 60_000;
    await schedule.tick();
    await schedule.idle();
    expect(runs).toEqual(['2026-03-08T08:30:00.000Z']);
    await schedule.close();
  });

  it('runs a job on one instance only when several look at the same moment, and again the next day', async () => {
    const name = `daily_${++jobSeq}`;
    const clock = at('2026-11-27T03:30:00Z');
    const instances = [1, 2, 3, 4].map(() => instance(clock, name));
    await Promise.all(instances.map((i) => i.schedule.tick()));
    await Promise.all(instances.map((i) => i.schedule.idle()));
    expect(instances.flatMap((i) => i.runs)).toHaveLength(1);

    clock.ms += 86_400_000;
    await Promise.all(instances.map((i) => i.schedule.tick()));
    await Promise.all(instances.map((i) => i.schedule.idle()));
    expect(instances.flatMap((i) => i.runs)).toHaveLength(2);
    // An instance whose clock is a day behind cannot run a day already run.
    const late = instance(at('2026-11-27T04:00:00Z'), name);
    await late.schedule.tick();
    await late.schedule.idle();
    expect(late.runs).toEqual([]);
    await Promise.all([...instances, late].map((i) => i.schedule.close()));
  });

  it('logs a failed run and runs again the next day', async () => {
    const clock = at('2026-11-27T03:30:00Z');
    let calls = 0;
    const { schedule, lines } = instance(clock, `daily_${++jobSeq}`, async () => {
      calls += 1;
      if (calls === 1) throw new Error('database away');
    });
    await schedule.tick();
    await schedule.idle();
    expect(lines.find((l) => l.msg === 'daily job failed')).toBeDefined();
    clock.ms += 86_400_000;
    await schedule.tick();
    await schedule.idle();
    expect(calls).toBe(2);
    await schedule.close();
  });

  it('asks a running job to stop when closed, waits for it, and starts nothing after', async () => {
    const clock = at('2026-11-27T03:30:00Z');
    let release!: () => void;
    const started = new Promise<void>((resolve) => (release = resolve));
    let stoppedBySignal = false;
    let calls = 0;
    const { schedule } = instance(clock, `daily_${++jobSeq}`, async (signal) => {
      calls += 1;
      release();
      await new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
      stoppedBySignal = true;
    });
    await schedule.tick();
    await started;
    await schedule.close();
    expect(stoppedBySignal).toBe(true);
    clock.ms += 86_400_000;
    await schedule.tick();
    await schedule.idle();
    expect(calls).toBe(1);
  });

  it('refuses a time that is not HH:MM', () => {
    const { schedule } = instance(at('2026-11-27T03:30:00Z'), `daily_${++jobSeq}`);
    expect(() => schedule.everyDayAt('3:30', 'x', async () => undefined)).toThrow(/HH:MM/);
    expect(() => schedule.everyDayAt('24:00', 'x', async () => undefined)).toThrow(/HH:MM/);
  });
});
