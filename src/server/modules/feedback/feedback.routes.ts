import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  feedbackBody,
  feedbackListQuery,
  feedbackPage as feedbackPageSchema,
  feedbackPaths,
} from '../../../contract/feedback';
import type { Db } from '../../db/client';
import { feedbackPage } from './feedback.queries';
import { submitFeedback } from './feedback.service';

export const feedbackRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.post(
    feedbackPaths.submit,
    {
      config: { access: 'feedback.send' },
      schema: { body: feedbackBody, response: { 201: z.object({ id: z.number() }) } },
    },
    async (request, reply) => {
      const row = await submitFeedback(db, request.user!.id, request.body.body);
      request.log.info({ feedbackId: row.id }, 'feedback submitted');
      return reply.code(201).send({ id: row.id });
    },
  );

  app.get(
    feedbackPaths.list,
    {
      config: { access: 'feedback.view' },
      schema: { querystring: feedbackListQuery, response: { 200: feedbackPageSchema } },
    },
    async (request) => {
      const { page, perPage, q } = request.query;
      return { ...(await feedbackPage(db, { page, perPage, q })), page, perPage };
    },
  );
};
