import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { JobRun } from '../../contract/jobs';
import { backoffMs, type JobDefinition, type JobQueue } from './job-queue';

export interface InProcessQueueOptions {
  log: FastifyBaseLogger;
  /** How often the runner looks for runs due. */
  lookEveryMs?: number;
}

interface Run extends JobRun {
  /** When a run waiting for a retry may start. */
  startAfter: number;
}

/**
 * The queue on the embedded database: one process holds the database (ADR 002), so one runner in it is every
 * instance there is. Runs live in memory: a run queued or waiting for a retry when the process stops is not run
 * after the start, and the Jobs page starts empty; a scheduled one comes again at its next due time (ADR 056).
 */
export class InProcessQueue implements JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  private readonly runs = new Map<string, Run>();
  private readonly running = new Set<Promise<void>>();
  private readonly stop = new AbortController();
  private readonly minuteLooks: (() => Promise<void>)[] = [];
  private lastMinute = -1;
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly opts: InProcessQueueOptions) {
    this.timer = setInterval(() => void this.tick(), opts.lookEveryMs ?? 2000);
    // A tool or test that forgets to close it must still be able to exit.
    this.timer.unref();
  }

  async define(definition: JobDefinition): Promise<void> {
    this.definitions.set(definition.name, definition);
  }

  async send(name: string): Promise<string> {
    const definition = this.definitions.get(name);
    if (!definition) throw new Error(`no job named ${name}`);
    const id = randomUUID();
    this.runs.set(id, {
      id,
      name,
      state: 'created',
      attempts: 0,
      retryLimit: definition.retryLimit,
      lastError: null,
      createdAt: new Date().toISOString(),
      startedAt: null,
      completedAt: null,
      startAfter: Date.now(),
    });
    return id;
  }

  async run(id: string): Promise<JobRun | undefined> {
    const run = this.runs.get(id);
    return run && shown(run);
  }

  async latestRuns(): Promise<JobRun[]> {
    const latest = new Map<string, Run>();
    for (const run of this.runs.values()) {
      const seen = latest.get(run.name);
      if (!seen || run.createdAt >= seen.createdAt) latest.set(run.name, run);
    }
    return [...latest.values()].map(shown).sort((a, b) => a.name.localeCompare(b.name));
  }

  async everyMinute(look: () => Promise<void>): Promise<void> {
    this.minuteLooks.push(look);
  }

  /** Starts every run that is due, and the minute's looks once a minute; resolves once they are started. */
  private async tick(): Promise<void> {
    if (this.stop.signal.aborted) return;
    const now = Date.now();
    const minute = Math.floor(now / 60_000);
    if (minute !== this.lastMinute) {
      this.lastMinute = minute;
      for (const look of this.minuteLooks)
        await look().catch((err: unknown) => this.opts.log.error({ err }, 'the schedules could not be looked at'));
    }
    for (const run of this.runs.values())
      if ((run.state === 'created' || run.state === 'retry') && run.startAfter <= now) this.start(run);
  }

  /** Resolves once every run started so far has ended. */
  private async idle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private start(run: Run): void {
    const definition = this.definitions.get(run.name)!;
    const { log } = this.opts;
    run.state = 'active';
    run.attempts += 1;
    run.startedAt = new Date().toISOString();
    const done = definition
      .work(this.stop.signal)
      .then(
        (result) => {
          run.state = 'completed';
          run.lastError = null;
          run.completedAt = new Date().toISOString();
          log.info({ job: run.name, id: run.id, result }, 'job done');
        },
        (err: unknown) => {
          run.lastError = err instanceof Error ? err.message : String(err);
          if (run.attempts > run.retryLimit) {
            run.state = 'failed';
            run.completedAt = new Date().toISOString();
            log.error({ err, job: run.name, id: run.id, attempts: run.attempts }, 'job dead-lettered');
          } else {
            run.state = 'retry';
            run.startAfter = Date.now() + backoffMs(definition, run.attempts);
            log.warn({ err, job: run.name, id: run.id, attempts: run.attempts }, 'job failed: retried later');
          }
        },
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

const shown = ({ startAfter: _, ...run }: Run): JobRun => ({ ...run });
