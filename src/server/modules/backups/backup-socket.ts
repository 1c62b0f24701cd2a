import type { FastifyInstance } from 'fastify';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '../../db/types';
import { recordBackupMade } from './backup-audit';
import { BackupError, saveBackup } from './backup-file';
import { pgliteBackup, pgliteOf } from './pglite-dump';

/**
 * Where a running server on the embedded database answers `npm run backup` (ADR 031): a Unix socket in DATA_DIR,
 * readable by the server's own user only, who can read the database's files anyway.
 */
export const backupSocketOf = (dataDir: string) => path.join(dataDir, 'backup.sock');

/**
 * Answers backups on DATA_DIR's socket for the life of the app. The server holds DATA_DIR's lock, so a socket file
 * found there is a stopped server's leftover. A socket that cannot be made costs the command its online backups,
 * not the server its start.
 */
export async function serveBackupSocket(app: FastifyInstance, database: Database, dataDir: string): Promise<void> {
  const socket = backupSocketOf(dataDir);
  const client = pgliteOf(database);
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/backup') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found.\n');
      return;
    }
    void (async () => {
      try {
        const { manifest, stream } = await pgliteBackup(client, 'The database');
        await recordBackupMade(database.primary, { userId: null, via: 'command' }, manifest);
        res.writeHead(200, { 'content-type': 'application/octet-stream' });
        await pipeline(Readable.from(stream), res);
        app.log.info({ schemaMigration: manifest.schemaMigration }, 'backup made for the command line');
      } catch (err) {
        app.log.error({ err }, 'backup for the command line failed');
        if (res.headersSent) res.destroy();
        else
          res
            .writeHead(err instanceof BackupError ? 409 : 500, { 'content-type': 'text/plain' })
            .end(
              err instanceof BackupError ? err.message : 'The running server could not make the backup: see its log.',
            );
      }
    })();
  });
  try {
    fs.rmSync(socket, { force: true });
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(socket, resolve));
    fs.chmodSync(socket, 0o600);
  } catch (err) {
    app.log.warn({ err, socket }, 'no backup socket: `npm run backup` needs this server stopped');
    return;
  }
  app.addHook('onClose', async () => {
    server.close();
    server.closeAllConnections();
    fs.rmSync(socket, { force: true });
  });
}

/** Whether a socket answers there (a server of a release before backups has none). */
const unanswered = (err: unknown) => ['ENOENT', 'ECONNREFUSED'].includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * Asks the server holding DATA_DIR for a backup and saves it to `file`. Null when no server answers there;
 * a refusal or failure of the server is a BackupError with its message.
 */
export async function backupThroughServer(dataDir: string, file: string): Promise<true | null> {
  let res: http.IncomingMessage;
  try {
    res = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get({ socketPath: backupSocketOf(dataDir), path: '/backup' }, resolve).once('error', reject),
    );
  } catch (err) {
    if (unanswered(err)) return null;
    throw err;
  }
  if (res.statusCode !== 200) {
    let text = '';
    for await (const chunk of res) text += String(chunk);
    throw new BackupError(text.trim() || `The running server refused the backup (${res.statusCode}).`);
  }
  await saveBackup(file, res);
  return true;
}
