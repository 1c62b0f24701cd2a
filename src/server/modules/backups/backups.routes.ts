import type { FastifyPluginAsync } from 'fastify';
import { Readable } from 'node:stream';
import { BACKUP_ON_POSTGRES_MESSAGE, backupEndpoints as endpoints } from '../../../contract/backups';
import type { Database } from '../../db/types';
import { ActionError } from '../../http/errors';
import { route } from '../../http/route';
import { RELEASE_VERSION } from '../../release';
import { originOf } from '../audit';
import { recordBackupMade } from './backup-audit';
import { pgliteBackup, pgliteOf } from './pglite-dump';

/**
 * Backups from the Settings page: the embedded database's, made by the server that has it open (ADR 031).
 * On PostgreSQL, `npm run backup` runs pg_dump wherever the operator has it; the server does not.
 */
export const backupRoutes: FastifyPluginAsync<{ database: Database }> = async (app, { database }) => {
  const embedded = database.kind === 'pglite';

  route(app, endpoints.info, () => ({ database: database.kind, release: RELEASE_VERSION, download: embedded }));

  route(app, endpoints.download, async ({ user, request, reply }) => {
    if (!embedded) throw new ActionError(BACKUP_ON_POSTGRES_MESSAGE, 409);
    // The whole dump is made before the first byte: a failure is still a clear error, not a cut file.
    const { manifest, stream } = await pgliteBackup(pgliteOf(database), 'The database');
    await recordBackupMade(
      database.primary,
      { userId: user.id, origin: originOf(request), via: 'settings page' },
      manifest,
    );
    const stamp = manifest.createdAt.slice(0, 19).replaceAll(':', '-');
    return (
      reply
        // Its own type: the dump is compressed already, and the compression plugin would compress octet-streams again.
        .header('content-type', 'application/vnd.back-office.backup')
        .header('content-disposition', `attachment; filename="back-office-${stamp}.backup"`)
        .send(Readable.from(stream))
    );
  });
};
