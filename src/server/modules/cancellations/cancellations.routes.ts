import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cancellationIdParams,
  cancellationListQuery,
  cancellationPaths as paths,
  cancellationRow,
  setReasonBody,
  setReasonResponse,
} from '../../../contract/subscriptions';
import { pageOf } from '../../../contract/pagination';
import type { Db } from '../../db/client';
import { listCancellations } from './cancellations.queries';
import { recordCancellationReason } from './cancellations.service';

export const cancellationRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (
  app,
  { db, timeZone },
) => {
  app.get(
    paths.list,
    {
      config: { access: 'subscriptions.view' },
      schema: { querystring: cancellationListQuery, response: { 200: pageOf(cancellationRow) } },
    },
    (request) => listCancellations(db, request.query, timeZone),
  );

  app.patch(
    paths.update,
    {
      config: { access: 'subscriptions.manage' },
      schema: { params: cancellationIdParams, body: setReasonBody, response: { 200: setReasonResponse } },
    },
    async (request) => {
      const result = await recordCancellationReason(db, request.user!.id, request.params.cancellationId, request.body);
      request.log.info(
        { cancellationId: result.id, cancellationReasonId: result.cancellation_reason_id },
        'cancellation reason recorded',
      );
      return result;
    },
  );
};
