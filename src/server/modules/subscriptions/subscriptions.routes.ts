import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  setReasonBody,
  setReasonResponse,
  SUBSCRIPTION_NOT_FOUND_MESSAGE,
  subscriptionDetail as detailSchema,
  subscriptionIdParams,
  subscriptionListQuery,
  subscriptionPaths as paths,
  subscriptionRow,
} from '../../../contract/subscriptions';
import { pageOf } from '../../../contract/pagination';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { listSubscriptions, subscriptionDetail } from './subscriptions.queries';
import { recordSubscriptionReason } from './subscriptions.service';

export const subscriptionRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get(
    paths.list,
    {
      config: { access: 'subscriptions.view' },
      schema: { querystring: subscriptionListQuery, response: { 200: pageOf(subscriptionRow) } },
    },
    (request) => listSubscriptions(db, request.query, timeZone),
  );

  app.get(
    paths.detail,
    {
      config: { access: 'subscriptions.view' },
      schema: { params: subscriptionIdParams, response: { 200: detailSchema } },
    },
    async (request) => {
      const detail = await subscriptionDetail(db, request.params.subscriptionId);
      if (!detail) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND_MESSAGE);
      return detail;
    },
  );

  app.patch(
    paths.update,
    {
      config: { access: 'subscriptions.manage' },
      schema: { params: subscriptionIdParams, body: setReasonBody, response: { 200: setReasonResponse } },
    },
    async (request) => {
      const result = await recordSubscriptionReason(db, request.user!.id, request.params.subscriptionId, request.body);
      request.log.info(
        { subscriptionId: result.id, cancellationReasonId: result.cancellation_reason_id },
        'cancellation reason recorded',
      );
      return result;
    },
  );
};
