import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import type { Database } from '../db/types';
import { openTestDatabase } from '../test/database';
import { Scheduler } from './scheduler';
import type { BusinessSchedule } from './business-time';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const log = pino({ level: 'silent' });
const MINUTE = 60_000;
let seq = 0;

/** An instance: a scheduler with its own clock, and a queue that notes each run it is sent. */
function instance(clock: { ms: number }, name: string, schedule: BusinessSchedule, timeZone = 'America/Chicago') {
  const queued: string[] = [];
  const queue = {
    send: async () => {
      queued.push(new Date(clock.ms).toISOString());
      return `${name}-${queued.length}`;
    },
    everyMinute: async () => {},
  };
  const scheduler = new Scheduler(database.db, queue, { timeZone, log, now: () => clock.ms });
  scheduler.add(name, schedule);
  return { scheduler, queued };
}

/** Looks once a minute from `from` until `to`, as the queue's clock does. */
async function minuteByMinute(clock: { ms: number }, from: string, to: string, look: () => Promise<void>) {
  for (clock.ms = Date.parse(from); clock.ms < Date.parse(to); clock.ms += MINUTE) await look();
}

describe('a schedule in business time', () => {
  it('runs a weekly job at 08:00 Chicago time once a week, the same local hour before and after summer time', async () => {
    // Summer time starts on Sunday 8 March 2026 at 02:00: 08:00 is 14:00 UTC on the Sundays before, 13:00 after.
    const clock = { ms: 0 };
    const { scheduler, queued } = instance(clock, `weekly_${++seq}`, { at: '08:00', weekday: 0 });
    // The first look finds the last due time unclaimed and runs it: a job missed while down runs once when back.
    clock.ms = Date.parse('2026-02-28T12:00:00Z');
    await scheduler.look();
    queued.length = 0;
    await minuteByMinute(clock, '2026-02-28T12:00:00Z', '2026-03-23T00:00:00Z', () => scheduler.look());
    expect(queued).toEqual([
      '2026-03-01T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z',
      '2026-03-15T13:00:00.000Z',
      '2026-03-22T13:00:00.000Z',
    ]);
  });

  it('keeps the local hour when summer time ends', async () => {
    // Summer time ends on Sunday 1 November 2026 at 02:00: 08:00 is 13:00 UTC before, 14:00 after.
    const clock = { ms: Date.parse('2026-10-24T12:00:00Z') };
    const { scheduler, queued } = instance(clock, `weekly_${++seq}`, { at: '08:00', weekday: 0 });
    await scheduler.look();
    queued.length = 0;
    await minuteByMinute(clock, '2026-10-24T12:00:00Z', '2026-11-09T00:00:00Z', () => scheduler.look());
    expect(queued).toEqual(['2026-10-25T13:00:00.000Z', '2026-11-01T14:00:00.000Z', '2026-11-08T14:00:00.000Z']);
  });

  it('runs a daily job whose time summer time skips an hour later, once that day', async () => {
    const clock = { ms: Date.parse('2026-03-07T12:00:00Z') };
    const { scheduler, queued } = instance(clock, `daily_${++seq}`, { at: '02:30' });
    await scheduler.look();
    queued.length = 0;
    await minuteByMinute(clock, '2026-03-07T12:00:00Z', '2026-03-09T12:00:00Z', () => scheduler.look());
    // 02:30 does not exist on 8 March (the clocks go from 02:00 CST to 03:00 CDT): it runs at 03:30 CDT.
    expect(queued).toEqual(['2026-03-08T08:30:00.000Z', '2026-03-09T07:30:00.000Z']);
  });

  it('queues each due run once when several instances look at the same moment, and none on a clock behind', async () => {
    const name = `daily_${++seq}`;
    const clock = { ms: Date.parse('2026-11-27T09:30:00Z') };
    const instances = [1, 2, 3, 4].map(() => instance(clock, name, { at: '03:30' }));
    await Promise.all(instances.map((i) => i.scheduler.look()));
    expect(instances.flatMap((i) => i.queued)).toEqual(['2026-11-27T09:30:00.000Z']);
    clock.ms += 86_400_000;
    await Promise.all(instances.map((i) => i.scheduler.look()));
    expect(instances.flatMap((i) => i.queued)).toHaveLength(2);
    const late = instance({ ms: Date.parse('2026-11-27T10:00:00Z') }, name, { at: '03:30' });
    await late.scheduler.look();
    expect(late.queued).toEqual([]);
  });

  it('says the schedule and the next run in business time', () => {
    const clock = { ms: Date.parse('2026-11-27T10:00:00Z') };
    const { scheduler } = instance(clock, `weekly_${++seq}`, { at: '08:00', weekday: 1 });
    expect(scheduler.describe(`weekly_${seq}`)).toBe('Every Monday at 08:00');
    expect(scheduler.nextRunAt(`weekly_${seq}`)?.toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(scheduler.nextRunAt('not scheduled')).toBeNull();
  });

  it('refuses a time that is not HH:MM and a weekday out of 0–6', () => {
    const { scheduler } = instance({ ms: 0 }, `x_${++seq}`, { at: '03:30' });
    expect(() => scheduler.add('x', { at: '3:30' })).toThrow(/HH:MM/);
    expect(() => scheduler.add('x', { at: '24:00' })).toThrow(/HH:MM/);
    expect(() => scheduler.add('x', { at: '08:00', weekday: 7 })).toThrow(/weekday/);
  });
});
