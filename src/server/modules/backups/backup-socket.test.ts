import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { lockDataDir } from '../../db/data-dir-lock';
import { auditLog } from '../../db/schema';
import { spaShell } from '../../test/app';
import { BackupError, readBackup } from './backup-file';
import { backupSocketOf, serveBackupSocket } from './backup-socket';
import { backUp, restore } from './backups.service';

const folders: string[] = [];
const folder = () => {
  folders.push(fs.mkdtempSync(path.join(os.tmpdir(), 'bo-socket-')));
  return folders.at(-1)!;
};
afterAll(() => folders.forEach((f) => fs.rmSync(f, { recursive: true, force: true })));

// The embedded database's own paths; the PostgreSQL tier has nothing of them to run.
describe.skipIf(process.env.DATABASE_URL)('backups of the embedded database in DATA_DIR', () => {
  it('go through the server holding DATA_DIR, which refuses a restore meanwhile; once it stops, the command opens the folder', async () => {
    const dataDir = folder();
    const database = await openDatabase({ dataDir });
    const app = await buildApp(testConfig(), { database, webDir: spaShell() });
    await serveBackupSocket(app, database, dataDir);
    const socket = backupSocketOf(dataDir);
    expect(fs.statSync(socket).mode & 0o777).toBe(0o600);

    const online = path.join(folder(), 'online.backup');
    let closed = false;
    try {
      expect(await backUp({ dataDir }, online)).toMatchObject({
        via: 'running server',
        manifest: { database: 'pglite' },
      });
      expect(await database.db.select().from(auditLog).where(eq(auditLog.action, 'backup.downloaded'))).toMatchObject([
        { userId: null, ip: null, after: { via: 'command' } },
      ]);
      await expect(restore({ dataDir }, online, { force: true })).rejects.toThrow(
        /is in use by another running back office \(process \d+ on .*\)\. Stop it before restoring/,
      );
      await app.close();
      await database.close();
      closed = true;
    } finally {
      if (!closed) await app.close().then(() => database.close());
    }
    expect(fs.existsSync(socket)).toBe(false);
    expect(fs.readdirSync(dataDir)).toEqual(['pgdata']);

    const offline = path.join(folder(), 'offline.backup');
    expect(await backUp({ dataDir }, offline)).toMatchObject({ via: 'data folder' });
    expect((await readBackup(offline)).manifest.schemaMigration).toBe(
      (await readBackup(online)).manifest.schemaMigration,
    );
    // The folder's lock was given back.
    expect(fs.readdirSync(dataDir)).toEqual(['pgdata']);
  }, 120_000);

  it('say what to do when the process holding DATA_DIR does not answer backups', async () => {
    const dataDir = folder();
    fs.mkdirSync(path.join(dataDir, 'pgdata'));
    fs.writeFileSync(path.join(dataDir, 'pgdata', 'PG_VERSION'), '18\n');
    const release = lockDataDir(dataDir);
    try {
      const refused = backUp({ dataDir }, path.join(folder(), 'none.backup'));
      await expect(refused).rejects.toThrow(BackupError);
      await expect(refused).rejects.toThrow(
        `is in use by another running back office (process ${process.pid} on ${os.hostname()}). It does not answer backups on ${backupSocketOf(dataDir)}`,
      );
    } finally {
      release();
    }
  });

  it('refuse a DATA_DIR with no database in it', async () => {
    const dataDir = folder();
    await expect(backUp({ dataDir }, path.join(dataDir, 'x.backup'))).rejects.toThrow(
      `DATA_DIR (${dataDir}) holds no embedded database: there is nothing to back up.`,
    );
  });
});
