import type { FastifyPluginAsync } from 'fastify';
import { settingsEndpoints as endpoints } from '../../../contract/settings';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import type { Mailer } from '../mail';
import { outboxPage } from '../mail';
import { getLookupEmailSettings, saveLookupEmailSettings, sendLookupEmailTest } from './settings.service';

export const settingsRoutes: FastifyPluginAsync<{ db: Db; mailer: Mailer; timeZone: string }> = async (
  app,
  { db, mailer, timeZone },
) => {
  route(app, endpoints.lookupEmail, () => getLookupEmailSettings(db));

  route(app, endpoints.saveLookupEmail, async ({ body, user }) => {
    await saveLookupEmailSettings(db, user.id, body);
    return getLookupEmailSettings(db);
  });

  route(app, endpoints.sendLookupEmailTest, async ({ body, user, request }) => {
    const count = await sendLookupEmailTest(db, mailer, {
      addresses: body.addresses,
      timeZone,
      recipientName: user.name,
      log: request.log,
    });
    return { sent: true as const, count, transport: mailer.transport };
  });

  route(app, endpoints.outbox, ({ query }) => outboxPage(db, query));
};
