import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  lookupEmailSettingsAnswer,
  outboxPage as outboxPageSchema,
  outboxQuery,
  saveLookupEmailBody,
  sendLookupEmailTestAnswer,
  sendLookupEmailTestBody,
  settingsPaths,
} from '../../../contract/settings';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail/mailer';
import { outboxPage } from '../mail/mail.queries';
import { getLookupEmailSettings, saveLookupEmailSettings, sendLookupEmailTest } from './settings.service';

export const settingsRoutes: FastifyPluginAsyncZod<{ db: Db; mailer: Mailer; timeZone: string }> = async (
  app,
  { db, mailer, timeZone },
) => {
  app.get(
    settingsPaths.lookupEmail,
    { config: { access: 'settings.manage' }, schema: { response: { 200: lookupEmailSettingsAnswer } } },
    () => getLookupEmailSettings(db),
  );

  app.put(
    settingsPaths.lookupEmail,
    {
      config: { access: 'settings.manage' },
      schema: { body: saveLookupEmailBody, response: { 200: lookupEmailSettingsAnswer } },
    },
    async (request) => {
      await saveLookupEmailSettings(db, request.user!.id, request.body);
      return getLookupEmailSettings(db);
    },
  );

  app.post(
    settingsPaths.sendLookupEmailTest,
    {
      config: { access: 'settings.manage' },
      schema: { body: sendLookupEmailTestBody, response: { 200: sendLookupEmailTestAnswer } },
    },
    async (request) => {
      const count = await sendLookupEmailTest(db, mailer, {
        addresses: request.body.addresses,
        timeZone,
        recipientName: request.user!.name,
        log: request.log,
      });
      return { sent: true as const, count, transport: mailer.transport };
    },
  );

  app.get(
    settingsPaths.outbox,
    {
      config: { access: 'settings.manage' },
      schema: { querystring: outboxQuery, response: { 200: outboxPageSchema } },
    },
    async (request) => {
      const { page, perPage } = request.query;
      return { ...(await outboxPage(db, page, perPage)), page, perPage };
    },
  );
};
