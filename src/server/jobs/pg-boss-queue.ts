import { setTimeout as sleep } from 'node:timers/promises';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRun, JobState } from '../../contract/jobs';
import type { JobDefinition, JobQueue } from './job-queue';

/** pg-boss's own tables live in a schema of their own, created (and upgraded) by `start` under its advisory lock. */
const SCHEMA = 'pgboss';
/** The queue whose one run a minute, on one instance, looks at the schedules (a test sends it runs of its own). */
export const SCHEDULES_CLOCK = 'schedules-clock';

export interface PgBossQueueOptions {
  /** How often each queue is looked at for runs to start. */
  pollingIntervalSeconds: number;
  /**
   * How often runs past their expiry are looked for (pg-boss's upkeep, on one instance at a time): a lost run waits
   * up to this long past its expiry before it is tried again.
   */
  expiredRunsCheckSeconds: number;
}

interface RunRow {
  id: string;
  name: string;
  state: JobState;
  retry_count: number;
  retry_limit: number;
  error: string | null;
  created_on: Date;
  started_on: Date | null;
  completed_on: Date | null;
}

const RUN_COLUMNS = `id, name, state, retry_count, retry_limit, output->>'message' AS error, created_on, started_on, completed_on`;
/** Runs not yet archived and archived ones (pg-boss moves finished runs to its archive after a while). */
const RUNS = `(SELECT ${RUN_COLUMNS} FROM ${SCHEMA}.job UNION ALL SELECT ${RUN_COLUMNS} FROM ${SCHEMA}.archive) AS runs`;

const iso = (d: Date | null) => d && d.toISOString();
const shown = (r: RunRow): JobRun => ({
  id: r.id,
  name: r.name,
  state: r.state,
  // pg-boss counts retries; a run started once more than it was retried.
  attempts: r.retry_count + (r.started_on ? 1 : 0),
  retryLimit: r.retry_limit,
  lastError: r.state === 'completed' ? null : r.error,
  createdAt: r.created_on.toISOString(),
  startedAt: iso(r.started_on),
  completedAt: iso(r.completed_on),
});

/**
 * The queue on PostgreSQL (ADR 056): pg-boss, through the app's own pool. A run is taken by one instance
 * (`FOR UPDATE SKIP LOCKED`); one that fails is tried again after a backoff, and dead-lettered (state `failed`)
 * once its retries are spent; a run an instance was killed in is expired and tried again by another.
 */
export class PgBossQueue implements JobQueue {
  private readonly boss: PgBoss;
  private readonly stop = new AbortController();
  private readonly names: string[] = [];

  private constructor(
    private readonly pool: pg.Pool,
    private readonly log: FastifyBaseLogger,
    private readonly polling: number,
    expiredRunsCheckSeconds: number,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: (text, values) => pool.query(text, values) },
      schema: SCHEMA,
      // Finished runs stay a week for the Jobs page, then go.
      deleteAfterDays: 7,
      maintenanceIntervalSeconds: expiredRunsCheckSeconds,
    });
    this.boss.on('error', (err) => log.error({ err }, 'job queue error'));
  }

  /** Creates or upgrades pg-boss's schema and starts its upkeep. */
  static async start(
    pool: pg.Pool,
    log: FastifyBaseLogger,
    { pollingIntervalSeconds, expiredRunsCheckSeconds }: PgBossQueueOptions,
  ): Promise<PgBossQueue> {
    const queue = new PgBossQueue(pool, log, pollingIntervalSeconds, expiredRunsCheckSeconds);
    await queue.boss.start();
    return queue;
  }

  async define(definition: JobDefinition, { work: works = true }: { work?: boolean } = {}): Promise<void> {
    const { name, retryLimit, retryDelaySeconds, expireSeconds, work } = definition;
    const options = {
      name,
      retryLimit,
      retryDelay: retryDelaySeconds,
      retryBackoff: true,
      // pg-boss refuses an expiry given as undefined: left out, the queue keeps its default.
      ...(expireSeconds ? { expireInSeconds: expireSeconds } : {}),
    };
    // Creating is a no-op where the queue exists (another instance made it); the update applies changed options.
    await retriedOnDeadlock(() => this.boss.createQueue(name, options));
    await retriedOnDeadlock(() => this.boss.updateQueue(name, options));
    this.names.push(name);
    if (!works) return;
    await this.boss.work(name, { pollingIntervalSeconds: this.polling, batchSize: 1 }, async ([job]) => {
      const result = await work(this.stop.signal);
      this.log.info({ job: name, id: job!.id, result }, 'job done');
      return result;
    });
  }

  async send(name: string): Promise<string> {
    const id = await this.boss.send(name, {});
    if (!id) throw new Error(`job ${name} was not queued`);
    return id;
  }

  async run(id: string): Promise<JobRun | undefined> {
    const { rows } = await this.pool.query<RunRow>(`SELECT * FROM ${RUNS} WHERE id = $1 LIMIT 1`, [id]);
    return rows[0] && shown(rows[0]);
  }

  async latestRuns(): Promise<JobRun[]> {
    const { rows } = await this.pool.query<RunRow>(
      `SELECT DISTINCT ON (name) * FROM ${RUNS} WHERE name = ANY($1) ORDER BY name, created_on DESC`,
      [this.names],
    );
    return rows.map(shown);
  }

  async everyMinute(look: () => Promise<void>): Promise<void> {
    // pg-boss's cron sends one run a minute across every instance (its own claim in its schema).
    await this.boss.createQueue(SCHEDULES_CLOCK, { name: SCHEDULES_CLOCK, retryLimit: 0 });
    await this.boss.schedule(SCHEDULES_CLOCK, '* * * * *');
    await this.boss.work(SCHEDULES_CLOCK, { pollingIntervalSeconds: this.polling }, () => look());
  }

  async close(): Promise<void> {
    this.stop.abort();
    // Waits for running work (which the signal asks to stop); the pool is the app's, closed after.
    await this.boss.stop({ graceful: true, close: false, wait: true, timeout: 8000 });
  }
}

const DEADLOCK_DETECTED = '40P01';

/**
 * Instances starting together create the same queues at once, and pg-boss's statements for it can deadlock: PostgreSQL
 * rolls one back, which simply tries again (the other's queue is then there).
 */
async function retriedOnDeadlock<T>(fn: () => Promise<T>, tries = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK_DETECTED || attempt >= tries) throw error;
      await sleep(50 * attempt + Math.random() * 50);
    }
  }
}
