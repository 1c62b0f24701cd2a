import { z } from './zod';
import { endpoint } from './endpoint';

/** `created` queued, `retry` failed and waiting to be tried again, `failed` dead-lettered: its tries are spent. */
export const JOB_STATES = ['created', 'active', 'retry', 'completed', 'failed', 'cancelled'] as const;
export type JobState = (typeof JOB_STATES)[number];

export const jobRun = z.object({
  id: z.string().uuid(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  /** Tries so far, the first included. */
  attempts: z.number().int(),
  /** Tries after the first before the run is dead-lettered. */
  retryLimit: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type JobRun = z.infer<typeof jobRun>;

/** A kind of background work, its schedule in business time, and its last run. */
export const jobSummary = z.object({
  name: z.string(),
  label: z.string(),
  /** "Every day at 03:30", in BUSINESS_TIMEZONE; null for work that is only queued. */
  schedule: z.string().nullable(),
  nextRunAt: z.string().nullable(),
  lastRun: jobRun.nullable(),
});
export type JobSummary = z.infer<typeof jobSummary>;

export const jobList = z.object({ timeZone: z.string(), jobs: z.array(jobSummary) });

export const JOB_NOT_FOUND_MESSAGE = 'No such job run.';

const list = endpoint({
  method: 'GET',
  path: '/admin/api/jobs',
  response: jobList,
  access: 'jobs.manage',
  reads: ['jobs'],
  summary: 'Each kind of background work: its schedule, next run and last run (state, attempts, last error).',
});

export const jobEndpoints = {
  list,
  runAgain: endpoint({
    method: 'POST',
    path: `${list.path}/:id/run-again`,
    params: z.object({ id: z.string().uuid() }),
    response: jobRun,
    status: 201,
    access: 'jobs.manage',
    changes: ['jobs'],
    summary: 'Queues a new run of the work a run did (404 for an unknown run); audited.',
  }),
};
