import type { FastifyPluginAsync } from 'fastify';
import { SUBSCRIPTION_NOT_FOUND_MESSAGE, subscriptionEndpoints as endpoints } from '../../../contract/subscriptions';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import { listSubscriptions, subscriptionDetail, subscriptionList, subscriptionLookup } from './subscriptions.queries';
import { recordSubscriptionReason } from './subscriptions.service';
import { sendListCsv } from '../../http/csv';

export const subscriptionRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  route(app, endpoints.list, ({ query }) => listSubscriptions(db, query, timeZone));

  route(app, endpoints.export, ({ query, reply }) =>
    sendListCsv(reply, 'subscriptions', db, subscriptionList(db, query, timeZone), query),
  );

  route(app, endpoints.lookup, ({ query }) => subscriptionLookup(db, query.id));

  route(app, endpoints.detail, async ({ params }) => {
    const detail = await subscriptionDetail(db, params.subscriptionId);
    if (!detail) throw new NotFoundError(SUBSCRIPTION_NOT_FOUND_MESSAGE);
    return detail;
  });

  route(app, endpoints.setReason, async ({ params, body, user, request }) => {
    const result = await recordSubscriptionReason(db, user.id, params.subscriptionId, body);
    request.log.info(
      { subscriptionId: result.id, cancellationReasonId: result.cancellation_reason_id },
      'cancellation reason recorded',
    );
    return result;
  });
};
