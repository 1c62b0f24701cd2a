import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/types';
import { checkSchedule, lastDue, nextDue, type BusinessSchedule } from './business-time';
import type { JobQueue } from './job-queue';
import { claimDue } from './schedule-claims';

export interface SchedulerOptions {
  timeZone: string;
  log: FastifyBaseLogger;
  /** The clock; tests inject one. */
  now?: () => number;
}

interface Entry {
  name: string;
  schedule: BusinessSchedule;
  /** The due time this instance last tried to claim (claimed, or found claimed by another instance). */
  tried?: number;
}

/**
 * Cron-like schedules in business time, run through the queue. At each look (once a minute, from the queue's own
 * clock) an instance finds each schedule's last due time; the first instance to claim that time in the database
 * queues one run, the others leave it (schedule-claims.ts). A time that the change to summer time skips runs at the
 * jump; an instance that was down at the time queues the run when it is back, if no other did.
 */
export class Scheduler {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly db: Db,
    private readonly queue: Pick<JobQueue, 'send' | 'everyMinute'>,
    private readonly opts: SchedulerOptions,
  ) {}

  /** Queues a run of the job `name` (defined on the queue) at each due time of `schedule`. */
  add(name: string, schedule: BusinessSchedule): void {
    checkSchedule(schedule);
    this.entries.set(name, { name, schedule });
  }

  private now(): number {
    return (this.opts.now ?? Date.now)();
  }

  /** When the job `name` is next due; null for a job with no schedule. */
  nextRunAt(name: string): Date | null {
    const entry = this.entries.get(name);
    return entry ? new Date(nextDue(entry.schedule, this.now(), this.opts.timeZone)) : null;
  }

  /** The job's schedule, as the Jobs page says it; null for a job with no schedule. */
  describe(name: string): string | null {
    const entry = this.entries.get(name);
    if (!entry) return null;
    const { at, weekday, monthDay, hourly } = entry.schedule;
    if (hourly) return `Every hour at :${at.slice(3)}`;
    if (monthDay !== undefined) return `Every month on day ${monthDay} at ${at}`;
    return weekday === undefined ? `Every day at ${at}` : `Every ${WEEKDAYS[weekday]} at ${at}`;
  }

  /** Has the queue's clock call `look`. */
  start(): Promise<void> {
    return this.queue.everyMinute(() => this.look());
  }

  /** Queues a run of every schedule whose last due time no instance has claimed yet. */
  async look(): Promise<void> {
    const now = this.now();
    for (const entry of this.entries.values()) {
      const due = lastDue(entry.schedule, now, this.opts.timeZone);
      if (entry.tried === due) continue;
      try {
        if (await claimDue(this.db, entry.name, new Date(due))) {
          const id = await this.queue.send(entry.name);
          this.opts.log.info({ job: entry.name, id, due: new Date(due).toISOString() }, 'scheduled job queued');
        }
        entry.tried = due;
      } catch (err) {
        // The database is away: the next look tries again.
        this.opts.log.warn({ err, job: entry.name }, 'scheduled job not queued');
      }
    }
  }
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
