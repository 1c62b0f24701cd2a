import type { FastifyBaseLogger } from 'fastify';
import { publicOrigin, type Config } from '../config';
import type { Database } from '../db/types';
import { poolOf } from '../db/connection-budget';
import { auditRetentionJob } from '../modules/audit';
import { idempotencyPurgeJob } from '../http/idempotency';
import { createMailer } from '../modules/mail';
import {
  ALERT_CHECKS_JOB,
  checkAlerts,
  DIGESTS_JOB,
  sendDueDigests,
  type NotificationDeps,
} from '../modules/notifications';
import { ChartPictures } from '../modules/stats';
import { sessionSecret } from '../plugins/session';
import type { BusinessSchedule } from './business-time';
import { InProcessQueue } from './in-process-queue';
import type { JobDefinition, JobQueue } from './job-queue';
import { PgBossQueue } from './pg-boss-queue';
import { Scheduler } from './scheduler';

/** Business time of the nightly jobs: the quietest hour of a back office. */
const NIGHTLY: BusinessSchedule = { at: '03:30' };
/** Alerts are checked, and digests sent, on the hour: a digest due at 08:00 leaves at 08:00. */
const HOURLY: BusinessSchedule = { at: '00:00', hourly: true };

/** A kind of work the Jobs page shows, and when it runs on its own. */
export interface BackgroundJob extends JobDefinition {
  label: string;
  schedule?: BusinessSchedule;
}

/** The server's background work (ADR 030, ADR 056, ADR 059). */
export function serverJobs(
  database: Database,
  config: Config,
  { log, now = Date.now }: { log: FastifyBaseLogger; now?: () => number },
): BackgroundJob[] {
  const db = database.primary;
  const notifications: NotificationDeps = {
    db,
    mailer: createMailer(db, { smtpUrl: config.SMTP_URL, defaultFrom: config.MAIL_FROM }),
    timeZone: config.BUSINESS_TIMEZONE,
    origin: publicOrigin(config),
    secret: () => sessionSecret(db, config.SESSION_SECRET),
    now,
    log,
  };
  // A run of either is seconds; one lost with its instance is run again by another after its expiry (ADR 060).
  const notificationRuns = {
    retryLimit: 3,
    retryDelaySeconds: config.NOTIFICATION_RETRY_SECONDS,
    expireSeconds: config.NOTIFICATION_JOB_EXPIRE_SECONDS,
  };
  // The digest run waits for the rollup itself before it draws (sendDueDigests): nothing else to wait for here.
  const pictures = new ChartPictures(db, config.BUSINESS_TIMEZONE, now, Promise.resolve());
  return [
    {
      name: 'audit-retention',
      label: 'Audit log retention',
      schedule: NIGHTLY,
      work: auditRetentionJob(db, config.AUDIT_RETENTION_DAYS),
      retryLimit: 3,
      retryDelaySeconds: 60,
    },
    {
      name: 'idempotency-purge',
      label: 'Idempotency keys purge',
      schedule: NIGHTLY,
      work: idempotencyPurgeJob(db),
      retryLimit: 3,
      retryDelaySeconds: 60,
    },
    {
      name: ALERT_CHECKS_JOB,
      label: 'Alert checks',
      schedule: HOURLY,
      work: (signal) => checkAlerts(notifications, signal),
      ...notificationRuns,
    },
    {
      name: DIGESTS_JOB,
      label: 'Digests',
      schedule: HOURLY,
      work: (signal) =>
        sendDueDigests(notifications, signal, (chart, query, reader) => pictures.chartPicture(chart, query, reader)),
      ...notificationRuns,
    },
  ];
}

/**
 * The queue for the database: pg-boss on PostgreSQL, the in-process runner on the embedded database. Each looks
 * for runs due every `pollSeconds` (tests look more often); pg-boss looks for lost runs every
 * `expiredRunsCheckSeconds` (the in-process runner has none: its runs die with its process).
 */
export async function openJobQueue(
  database: Database,
  log: FastifyBaseLogger,
  { pollSeconds = 2, expiredRunsCheckSeconds = 15 }: { pollSeconds?: number; expiredRunsCheckSeconds?: number } = {},
): Promise<JobQueue> {
  const pool = poolOf(database.primary);
  return pool
    ? PgBossQueue.start(pool, log, { pollingIntervalSeconds: pollSeconds, expiredRunsCheckSeconds })
    : new InProcessQueue({ log, lookEveryMs: pollSeconds * 1000 });
}

/** The queue, the work defined on it, and the schedules: what the Jobs page reads and runs again. */
export interface BackgroundWork {
  queue: JobQueue;
  scheduler: Scheduler;
  jobs: BackgroundJob[];
  close(): Promise<void>;
}

export interface BackgroundWorkOptions {
  timeZone: string;
  log: FastifyBaseLogger;
  /** Whether this instance looks at the schedules (the server does; a test app runs only what it queues). */
  runSchedules: boolean;
  /** Whether this instance works the runs queued (RUN_JOBS); unless said, it does. */
  workRuns?: boolean;
  now?: () => number;
}

/** Defines each job on the queue (this instance works their runs) and, when asked, starts their schedules. */
export async function startBackgroundWork(
  queue: JobQueue,
  database: Database,
  jobs: BackgroundJob[],
  opts: BackgroundWorkOptions,
): Promise<BackgroundWork> {
  const scheduler = new Scheduler(database.primary, queue, opts);
  for (const job of jobs) {
    await queue.define(job, { work: opts.workRuns ?? true });
    if (job.schedule) scheduler.add(job.name, job.schedule);
  }
  if (opts.runSchedules) await scheduler.start();
  return { queue, scheduler, jobs, close: () => queue.close() };
}
