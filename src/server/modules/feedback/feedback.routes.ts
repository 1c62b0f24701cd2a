import type { FastifyPluginAsync } from 'fastify';
import { feedbackEndpoints as endpoints } from '../../../contract/feedback';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { once } from '../../http/idempotency';
import { feedbackPage } from './feedback.queries';
import { submitFeedback } from './feedback.service';

export const feedbackRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.submit, async ({ body, user, request }) => {
    const row = await once(db, request, user.id, (tx) => submitFeedback(tx, user.id, body.body));
    request.log.info({ feedbackId: row.id }, 'feedback submitted');
    return { id: row.id };
  });

  route(app, endpoints.list, ({ query }) => feedbackPage(db, query));
};
