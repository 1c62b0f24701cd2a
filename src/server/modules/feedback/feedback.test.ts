import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/app';
import { auditLog, feedbackSubmissions } from '../../db/schema';
import type { FeedbackRow } from '../../../contract/feedback';

let t: TestApp;
let agent: Awaited<ReturnType<TestApp['signIn']>>;
beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn({ name: 'Fiona Feedback' });
});
afterAll(() => t.close());

const storedCount = async () => (await t.db.select().from(feedbackSubmissions)).length;

describe('POST /admin/feedback-submissions', () => {
  it('stores the trimmed body with the signed-in user and audits it', async () => {
    const res = await agent.post('/admin/feedback-submissions', { body: '  The parcel form needs a default box.  ' });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: number }>();
    const [row] = await t.db.select().from(feedbackSubmissions).where(eq(feedbackSubmissions.id, id));
    expect(row).toMatchObject({ body: 'The parcel form needs a default box.', userId: agent.user.id });
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.filter((a) => a.entityType === 'feedback_submission')).toHaveLength(1);
  });

  it.each([
    ['a missing body', {}],
    ['an empty body', { body: '' }],
    ['a body of spaces', { body: '   \n ' }],
    ['a body that is not text', { body: 42 }],
  ])('refuses %s with 422 and stores nothing', async (_label, payload) => {
    const before = await storedCount();
    const res = await agent.post('/admin/feedback-submissions', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.body).toEqual(['The body field is required.']);
    expect(await storedCount()).toBe(before);
  });

  it('refuses a 100 KB body with 422 and stores nothing', async () => {
    const before = await storedCount();
    const res = await agent.post('/admin/feedback-submissions', { body: 'x'.repeat(100 * 1024) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.body).toEqual(['The body may not be longer than 10000 characters.']);
    expect(await storedCount()).toBe(before);
  });

  it('refuses unknown fields', async () => {
    const res = await agent.post('/admin/feedback-submissions', { body: 'ok', userId: 1 });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.userId).toEqual(['The userId field is not allowed.']);
  });

  it('refuses a request without the CSRF token (419) and a guest (401)', async () => {
    const before = await storedCount();
    const guest = await t.guest();
    expect((await guest.post('/admin/feedback-submissions', { body: 'hi' })).statusCode).toBe(401);
    const noToken = await t.signIn();
    noToken.csrfToken = '';
    expect((await noToken.post('/admin/feedback-submissions', { body: 'hi' })).statusCode).toBe(419);
    expect(await storedCount()).toBe(before);
  });
});

describe('GET /admin/api/feedback-submissions', () => {
  it('lists submissions newest first with their author, paginated and searchable', async () => {
    const other = await t.signIn({ name: 'Oscar Other' });
    // Older notes that fill the smallest page past its end.
    const older = new Date(Date.now() - 3_600_000);
    await t.db
      .insert(feedbackSubmissions)
      .values(
        Array.from({ length: 25 }, (_, i) => ({ body: `older note ${i}`, userId: other.user.id, createdAt: older })),
      );
    for (const body of ['first note about maps', 'second note', 'third note about MAPS']) {
      expect((await other.post('/admin/feedback-submissions', { body })).statusCode).toBe(201);
    }
    const res = await agent.get('/admin/api/feedback-submissions?perPage=25');
    expect(res.statusCode).toBe(200);
    const page = res.json<{ rows: FeedbackRow[]; total: number; page: number; perPage: number; nextCursor: string }>();
    expect(page.rows.slice(0, 3).map((r) => r.body)).toEqual([
      'third note about MAPS',
      'second note',
      'first note about maps',
    ]);
    expect(page.rows).toHaveLength(25);
    expect(page.rows[0]!.userName).toBe('Oscar Other');
    expect(page).toMatchObject({ page: 1, perPage: 25, total: await storedCount(), nextCursor: expect.any(String) });

    const found = (await agent.get('/admin/api/feedback-submissions?q=maps')).json<{
      rows: FeedbackRow[];
      total: number;
    }>();
    expect(found.rows.map((r) => r.body)).toEqual(['third note about MAPS', 'first note about maps']);
    expect(found.total).toBe(2);
    expect((await agent.get('/admin/api/feedback-submissions?q=%25')).json().total).toBe(0);
  });

  it('refuses a bad page with 422', async () => {
    const res = await agent.get('/admin/api/feedback-submissions?page=0');
    expect(res.statusCode).toBe(422);
  });
});

describe('hostile input', () => {
  it.each([
    ['a NUL byte', 'Broken\u0000 form', 'The body may not contain a NUL character.'],
    ['a lone surrogate', 'Broken \ud800 form', 'The body contains an invalid character.'],
  ])('refuses %s in the body with 422 and stores nothing', async (_label, body, message) => {
    const before = await storedCount();
    const res = await agent.post('/admin/feedback-submissions', { body });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.body).toEqual([message]);
    expect(await storedCount()).toBe(before);
  });

  it.each([
    ['q=%00', 'q', 'The search may not contain a NUL character.'],
    ['q=maps%00', 'q', 'The search may not contain a NUL character.'],
    ['page=0x10', 'page', 'Enter a whole number from 1 to 100000.'],
    ['page=1e3', 'page', 'Enter a whole number from 1 to 100000.'],
    ['page=2147483648', 'page', 'Enter a whole number from 1 to 100000.'],
    ['perPage=2147483648', 'perPage', 'perPage must be one of: 25, 50, 100.'],
    ['perPage=0x10', 'perPage', 'perPage must be one of: 25, 50, 100.'],
    ['perPage=2', 'perPage', 'perPage must be one of: 25, 50, 100.'],
    ['perPage=25.0', 'perPage', 'perPage must be one of: 25, 50, 100.'],
  ])('refuses the list query %s with 422 on that field', async (query, field, message) => {
    const res = await agent.get(`/admin/api/feedback-submissions?${query}`);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[field]).toEqual([message]);
  });
});
