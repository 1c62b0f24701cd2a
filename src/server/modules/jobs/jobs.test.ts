import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { JOB_NOT_FOUND_MESSAGE, type JobRun } from '../../../contract/jobs';
import { auditLog } from '../../db/schema';
import type { BackgroundJob } from '../../jobs/background-work';
import { createTestApp, type TestApp } from '../../test/app';

let t: TestApp;
afterEach(() => t?.close());

/** A nightly job that fails until it is told to work, and one that always works. */
function jobsOfTest() {
  const mail = { working: false };
  const jobs = (): BackgroundJob[] => [
    {
      name: 'digest-mail',
      label: 'Digest mail',
      schedule: { at: '08:00', weekday: 1 },
      work: async () => {
        if (!mail.working) throw new Error('SMTP server refused the message');
      },
      retryLimit: 1,
      retryDelaySeconds: 1,
    },
    { name: 'purge', label: 'Purge', work: async () => undefined, retryLimit: 0, retryDelaySeconds: 1 },
  ];
  return { mail, jobs };
}

async function deadLettered(id: string): Promise<JobRun> {
  const queue = t.background!.queue;
  await expect.poll(async () => (await queue.run(id))?.state, { timeout: 20_000, interval: 100 }).toBe('failed');
  return (await queue.run(id))!;
}

describe('the Jobs page', () => {
  it("shows an Administrator each job's schedule, next run and last run with its attempts and last error", async () => {
    const { jobs } = jobsOfTest();
    t = await createTestApp({ BUSINESS_TIMEZONE: 'America/Chicago' }, { jobs });
    const admin = await t.signIn();
    const id = await t.background!.queue.send('digest-mail');
    await deadLettered(id);

    const res = await admin.get('/admin/api/jobs');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      timeZone: 'America/Chicago',
      jobs: [
        {
          name: 'digest-mail',
          label: 'Digest mail',
          schedule: 'Every Monday at 08:00',
          nextRunAt: expect.stringMatching(/T1[34]:00:00\.000Z$/),
          lastRun: { id, state: 'failed', attempts: 2, retryLimit: 1, lastError: 'SMTP server refused the message' },
        },
        { name: 'purge', label: 'Purge', schedule: null, nextRunAt: null, lastRun: null },
      ],
    });
  });

  it('runs a dead-lettered job again for an Administrator, and records who asked', async () => {
    const { mail, jobs } = jobsOfTest();
    t = await createTestApp({}, { jobs });
    const admin = await t.signIn();
    const failed = await deadLettered(await t.background!.queue.send('digest-mail'));
    mail.working = true;

    const res = await admin.post(`/admin/api/jobs/${failed.id}/run-again`);
    expect(res.statusCode).toBe(201);
    const again = res.json<JobRun>();
    expect(again).toMatchObject({ name: 'digest-mail', retryLimit: 1 });
    expect(again.id).not.toBe(failed.id);
    await expect
      .poll(async () => (await admin.get('/admin/api/jobs')).json().jobs[0].lastRun, { timeout: 20_000 })
      .toMatchObject({ id: again.id, state: 'completed', attempts: 1, lastError: null });

    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'job'), eq(auditLog.action, 'job.run_again')));
    expect(entries).toMatchObject([
      {
        userId: admin.user.id,
        before: { job: 'digest-mail', run: failed.id, state: 'failed', attempts: 2 },
        after: { job: 'digest-mail', run: again.id },
      },
    ]);
  });

  it('refuses other roles with 403, changing nothing', async () => {
    const { jobs } = jobsOfTest();
    t = await createTestApp({}, { jobs });
    const id = await t.background!.queue.send('purge');
    for (const role of ['operations', 'analyst', 'field-rep'] as const) {
      const agent = await t.signIn({ role });
      expect((await agent.get('/admin/api/jobs')).statusCode).toBe(403);
      expect((await agent.post(`/admin/api/jobs/${id}/run-again`)).statusCode).toBe(403);
    }
    expect((await t.background!.queue.latestRuns()).map((r) => r.id)).toEqual([id]);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, 'job.run_again'));
    expect(entries).toEqual([]);
  });

  it('answers 422 for an id that is not a run id and 404 for a run it does not know, queuing nothing', async () => {
    const { jobs } = jobsOfTest();
    t = await createTestApp({}, { jobs });
    const admin = await t.signIn();
    const bad = await admin.post('/admin/api/jobs/42/run-again');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('id');
    const unknown = await admin.post('/admin/api/jobs/00000000-0000-4000-8000-000000000000/run-again');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: JOB_NOT_FOUND_MESSAGE });
    expect(await t.background!.queue.latestRuns()).toEqual([]);
  });
});
