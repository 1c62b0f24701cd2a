import type { FastifyPluginAsync } from 'fastify';
import { JOB_NOT_FOUND_MESSAGE, jobEndpoints as endpoints } from '../../../contract/jobs';
import { NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import type { BackgroundWork } from '../../jobs/background-work';
import { originOf, recordAudit } from '../audit';

/** The Jobs page (ADR 056): each kind of background work with its last run, and "Run again". */
export const jobRoutes: FastifyPluginAsync<{ background: BackgroundWork; timeZone: string }> = async (
  app,
  { background: { queue, scheduler, jobs }, timeZone },
) => {
  route(app, endpoints.list, async () => {
    const latest = new Map((await queue.latestRuns()).map((run) => [run.name, run]));
    return {
      timeZone,
      jobs: jobs.map(({ name, label }) => ({
        name,
        label,
        schedule: scheduler.describe(name),
        nextRunAt: scheduler.nextRunAt(name)?.toISOString() ?? null,
        lastRun: latest.get(name) ?? null,
      })),
    };
  });

  route(app, endpoints.runAgain, async ({ params, user, request, reply }) => {
    const asked = await queue.run(params.id);
    if (!asked || !jobs.some((job) => job.name === asked.name)) throw new NotFoundError(JOB_NOT_FOUND_MESSAGE);
    const id = await queue.send(asked.name);
    // The run is the queue's (its own tables), so the entry names both runs rather than a record id.
    await recordAudit(app.database.primary, {
      userId: user.id,
      ...originOf(request),
      action: 'job.run_again',
      entityType: 'job',
      entityId: null,
      before: {
        job: asked.name,
        run: asked.id,
        state: asked.state,
        attempts: asked.attempts,
        lastError: asked.lastError,
      },
      after: { job: asked.name, run: id },
    });
    reply.code(201);
    return (await queue.run(id))!;
  });
};
