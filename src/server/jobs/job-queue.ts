import type { JobRun } from '../../contract/jobs';

/** A job's work; it stops between two steps once `signal` is aborted (the server is closing). */
export type JobWork = (signal: AbortSignal) => Promise<unknown>;

/** A kind of background work and how a failed run is tried again. */
export interface JobDefinition {
  name: string;
  work: JobWork;
  /** Tries after the first: a run failing this many more times is dead-lettered (kept as failed, not tried again). */
  retryLimit: number;
  /** Wait before the first retry; each next wait is twice the last (backoff). */
  retryDelaySeconds: number;
  /**
   * A run still active this long after it started is taken as lost (its instance was killed) and tried again by
   * another instance; it must be longer than a normal run. Unset: pg-boss's 15 minutes. The in-process runner
   * ignores it: its runs die with its process.
   */
  expireSeconds?: number;
}

/**
 * The one queue of background work (ADR 056): pg-boss on PostgreSQL, an in-process runner on the embedded
 * database, both behind this interface and held by the same tests (job-queue.test.ts).
 */
export interface JobQueue {
  /**
   * Declares a kind of work, whose runs may then be queued here, and works its runs on this instance unless `work`
   * is false (an instance that serves requests only: others work what it queues).
   */
  define(definition: JobDefinition, options?: { work?: boolean }): Promise<void>;
  /** Queues a run; answers its id. */
  send(name: string): Promise<string>;
  /** A run, or undefined when there is none with this id. */
  run(id: string): Promise<JobRun | undefined>;
  /** The last run of each kind of work, by name. */
  latestRuns(): Promise<JobRun[]>;
  /** Calls `look` about once a minute on one instance at a time: the clock of the schedules (scheduler.ts). */
  everyMinute(look: () => Promise<void>): Promise<void>;
  /** Stops taking runs, asks running ones to stop, and waits for them. */
  close(): Promise<void>;
}

/** The wait before retry `attempt` (1 for the first retry): doubled at each. */
export const backoffMs = (definition: Pick<JobDefinition, 'retryDelaySeconds'>, attempt: number) =>
  definition.retryDelaySeconds * 1000 * 2 ** (attempt - 1);
