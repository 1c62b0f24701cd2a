import { afterEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BACKUP_ON_POSTGRES_MESSAGE } from '../../../contract/backups';
import { auditLog } from '../../db/schema';
import { RELEASE_VERSION, SCHEMA_MIGRATION } from '../../release';
import { createTestApp, type TestApp } from '../../test/app';
import { readBackup } from './backup-file';

const onPostgres = Boolean(process.env.DATABASE_URL);

let t: TestApp;
afterEach(() => t?.close());

describe('backups from the Settings page', () => {
  it.skipIf(onPostgres)(
    'give an Administrator a whole backup of the embedded database, and record who took it from where',
    async () => {
      t = await createTestApp();
      const admin = await t.signIn();
      const info = await admin.get('/admin/api/backups');
      expect(info.json()).toEqual({ database: 'pglite', release: RELEASE_VERSION, download: true });

      const res = await admin.get('/admin/api/backups/download', { 'accept-encoding': 'gzip, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/vnd.back-office.backup');
      expect(res.headers['content-disposition']).toMatch(/^attachment; filename="back-office-[\dT-]+\.backup"$/);
      expect(res.headers['cache-control']).toBe('no-store');
      // Already compressed: sent as it is.
      expect(res.headers['content-encoding']).toBeUndefined();
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'bo-download-')), 'downloaded.backup');
      fs.writeFileSync(file, res.rawPayload);
      try {
        expect((await readBackup(file)).manifest).toMatchObject({
          database: 'pglite',
          release: RELEASE_VERSION,
          schemaMigration: SCHEMA_MIGRATION,
        });
      } finally {
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
      }
      const entries = await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'backup'), eq(auditLog.action, 'backup.downloaded')));
      expect(entries).toMatchObject([
        {
          userId: admin.user.id,
          entityId: null,
          ip: '127.0.0.1',
          after: { via: 'settings page', release: RELEASE_VERSION, schemaMigration: SCHEMA_MIGRATION },
        },
      ]);
    },
    60_000,
  );

  it.runIf(onPostgres)('on PostgreSQL, say that `npm run backup` makes backups (409), writing nothing', async () => {
    t = await createTestApp();
    const admin = await t.signIn();
    expect((await admin.get('/admin/api/backups')).json()).toEqual({
      database: 'postgres',
      release: RELEASE_VERSION,
      download: false,
    });
    const res = await admin.get('/admin/api/backups/download');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: BACKUP_ON_POSTGRES_MESSAGE, errors: [BACKUP_ON_POSTGRES_MESSAGE] });
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'backup'))).toEqual([]);
  });

  it('are refused to every role but Administrator', async () => {
    t = await createTestApp();
    for (const role of ['operations', 'field-rep', 'analyst'] as const) {
      const agent = await t.signIn({ role });
      expect((await agent.get('/admin/api/backups')).statusCode).toBe(403);
      expect((await agent.get('/admin/api/backups/download')).statusCode).toBe(403);
    }
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityType, 'backup'))).toEqual([]);
  });
});
