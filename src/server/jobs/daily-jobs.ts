import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/types';
import { auditRetentionJob } from '../modules/audit';
import { idempotencyPurgeJob } from '../http/idempotency';
import { TimerSchedule, type DailySchedule } from './daily-schedule';

/** Business time of the daily jobs: the quietest hour of a back office. */
const NIGHTLY = '03:30';

/** The server's daily work (ADR 030), started by main.ts; tests start what they test themselves. */
export function startDailyJobs(db: Db, config: Config, log: FastifyBaseLogger): DailySchedule {
  const schedule = new TimerSchedule(db, { timeZone: config.BUSINESS_TIMEZONE, log });
  schedule.everyDayAt(NIGHTLY, 'audit_retention', auditRetentionJob(db, config.AUDIT_RETENTION_DAYS));
  schedule.everyDayAt(NIGHTLY, 'idempotency_purge', idempotencyPurgeJob(db));
  return schedule.start();
}
