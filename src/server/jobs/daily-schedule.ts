import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types';
import { claimDay } from './daily-claims';

/** A day's work; it stops between two steps once `signal` is aborted (the server is closing). */
export type DailyJob = (signal: AbortSignal) => Promise<unknown>;

/**
 * `every day at … run …`: work run once a day across every instance (ADR 030). Timers in each process for now;
 * a job queue can take this interface's place without its callers changing.
 */
export interface DailySchedule {
  /** Runs `job` once each business day, at `time` ('HH:MM' in the business time zone) or as soon after as an instance runs. */
  everyDayAt(time: string, name: string, job: DailyJob): void;
  /** Stops the timer, asks running jobs to stop, and waits for them. */
  close(): Promise<void>;
}

interface Entry {
  time: string;
  name: string;
  job: DailyJob;
  /** The business day this instance last tried it (claimed, or found claimed by another instance). */
  triedDay?: string;
}

export interface TimerScheduleOptions {
  timeZone: string;
  log: FastifyBaseLogger;
  now?: () => number;
  /** How often the clock is looked at; a job starts at most this long after its time. */
  checkEveryMs?: number;
}

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The business day ('YYYY-MM-DD') and time of day ('HH:MM') of an instant. */
export function businessDayAndTime(at: Date, timeZone: string): { day: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return { day: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

/**
 * The schedule as timers in each instance. Every minute each instance looks whether a job's time has come today;
 * the first to claim the day in the database runs it, the others leave it (daily-claims.ts). A time that a
 * change to summer time skips still runs: the check is "at or after". An instance that was down at the time runs
 * the day's job when it is back, if no other did. `tick` is what the timer calls; tests call it themselves.
 */
export class TimerSchedule implements DailySchedule {
  private readonly entries: Entry[] = [];
  private readonly running = new Set<Promise<void>>();
  private readonly stop = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private ticking = false;

  constructor(
    private readonly db: Db,
    private readonly opts: TimerScheduleOptions,
  ) {}

  everyDayAt(time: string, name: string, job: DailyJob): void {
    if (!TIME.test(time)) throw new Error(`a daily job's time is HH:MM, not ${time}`);
    this.entries.push({ time, name, job });
  }

  /** Starts looking at the clock; the first look is one interval after the start, not during it. */
  start(): this {
    this.timer ??= setInterval(() => void this.tick(), this.opts.checkEveryMs ?? 60_000);
    // A tool or test that forgets to close it must still be able to exit.
    this.timer.unref();
    return this;
  }

  /** Starts every job whose time has come today and that no instance has claimed; resolves once they are started. */
  async tick(): Promise<void> {
    if (this.ticking || this.stop.signal.aborted) return;
    this.ticking = true;
    try {
      const { day, time } = businessDayAndTime(new Date((this.opts.now ?? Date.now)()), this.opts.timeZone);
      for (const entry of this.entries) {
        if (entry.triedDay === day || time < entry.time) continue;
        let claimed: boolean;
        try {
          claimed = await claimDay(this.db, entry.name, day);
        } catch (err) {
          // The database is away: the next look tries again.
          this.opts.log.warn({ err, job: entry.name }, 'daily job not started: its day could not be claimed');
          continue;
        }
        entry.triedDay = day;
        if (claimed) this.run(entry, day);
      }
    } finally {
      this.ticking = false;
    }
  }

  /** Resolves once every job started so far has ended. */
  async idle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private run(entry: Entry, day: string): void {
    const { log } = this.opts;
    const started = Date.now();
    const done = entry
      .job(this.stop.signal)
      .then(
        (result) => log.info({ job: entry.name, day, ms: Date.now() - started, result }, 'daily job done'),
        // The day stays claimed: the next day's run takes up what this one left.
        (err: unknown) => log.error({ err, job: entry.name, day }, 'daily job failed'),
      )
      .finally(() => this.running.delete(done));
    this.running.add(done);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.stop.abort();
    await this.idle();
  }
}
