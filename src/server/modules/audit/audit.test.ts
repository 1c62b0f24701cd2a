import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestApp, type Agent, type TestApp } from '../../test/app';
import { auditLog } from '../../db/schema';
import { recordAudit } from './audit.service';

let t: TestApp;
let agent: Agent & { user: { id: number } };

beforeAll(async () => {
  t = await createTestApp();
  agent = await t.signIn({ name: 'Audit Reader' });
});
afterAll(() => t.close());

const entries = async () => (await t.db.select({ n: count() }).from(auditLog))[0]!.n;

describe('the history of a record', () => {
  it('lists its entries newest first with who made them, and none of other records', async () => {
    await t.db.transaction(async (tx) => {
      await recordAudit(tx, { userId: null, action: 'equipment.created', entityType: 'equipment', entityId: 41 });
      await recordAudit(tx, {
        userId: agent.user.id,
        action: 'equipment.received',
        entityType: 'equipment',
        entityId: 41,
        before: { received: false },
        after: { received: true },
      });
      await recordAudit(tx, { userId: null, action: 'equipment.delete', entityType: 'equipment', entityId: 42 });
      await recordAudit(tx, { userId: null, action: 'supplier.created', entityType: 'supplier', entityId: 41 });
    });
    const res = await agent.get('/admin/api/audit?entityType=equipment&entityId=41');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((e: { action: string; userName: string | null }) => [e.action, e.userName])).toEqual([
      ['equipment.received', 'Audit Reader'],
      ['equipment.created', null],
    ]);
    expect(res.json()[0]).toMatchObject({ before: { received: false }, after: { received: true } });
  });

  it('answers 401 without a session and 403 to a role without the history permission', async () => {
    const guest = await t.guest();
    expect((await guest.get('/admin/api/audit?entityType=equipment&entityId=41')).statusCode).toBe(401);
    const rep = await t.signIn({ role: 'field-rep' });
    expect((await rep.get('/admin/api/audit?entityType=equipment&entityId=41')).statusCode).toBe(403);
  });
});

describe('hostile input', () => {
  it('refuses an entity id in hex, with an exponent, of 0, above 2^31−1 or with a NUL byte, changing nothing', async () => {
    const before = await entries();
    for (const entityId of ['0x10', '1e3', '0', '2147483648', '%00', '7%00']) {
      const res = await agent.get(`/admin/api/audit?entityType=equipment&entityId=${entityId}`);
      expect(res.statusCode, entityId).toBe(422);
      expect(res.json().errors.entityId, entityId).toEqual(['Enter a whole number from 1 to 2147483647.']);
    }
    expect(await entries()).toBe(before);
  });

  it('refuses an entity type that is not a record kind of histories: a NUL byte, empty, long, or a staff account', async () => {
    for (const entityType of ['equipment%00', '%00', '%20', 'x'.repeat(51), 'user', 'Equipment']) {
      const res = await agent.get(`/admin/api/audit?entityType=${entityType}&entityId=41`);
      expect(res.statusCode, entityType).toBe(422);
      expect(res.json().errors.entityType, entityType).toEqual(['The selected record type is invalid.']);
    }
    expect((await agent.get('/admin/api/audit?entityId=41')).json().errors.entityType).toEqual([
      'The record type field is required.',
    ]);
  });
});
