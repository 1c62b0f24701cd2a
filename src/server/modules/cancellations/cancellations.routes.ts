import type { FastifyPluginAsync } from 'fastify';
import { cancellationEndpoints as endpoints } from '../../../contract/subscriptions';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { eachOnItsOwn } from '../../http/bulk';
import { pickableReason } from '../cancellation-reasons';
import { cancellationList, listCancellations } from './cancellations.queries';
import { recordCancellationReason } from './cancellations.service';
import { sendListCsv } from '../../http/csv';

export const cancellationRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  route(app, endpoints.list, ({ query }) => listCancellations(db, query, timeZone));

  route(app, endpoints.export, ({ query, reply }) =>
    sendListCsv(reply, 'cancellations', db, cancellationList(db, query, timeZone), query),
  );

  route(app, endpoints.setReason, async ({ params, body, user, request }) => {
    const result = await recordCancellationReason(db, user.id, params.cancellationId, body);
    request.log.info(
      { cancellationId: result.id, cancellationReasonId: result.cancellation_reason_id },
      'cancellation reason recorded',
    );
    return result;
  });

  route(app, endpoints.setReasons, async ({ body, user, request }) => {
    const { ids, ...reason } = body;
    // A reason nobody may pick refuses the whole request, not each row with the same message.
    await pickableReason(db, reason.cancellation_reason_id);
    return eachOnItsOwn(ids, request.log, (id) => recordCancellationReason(db, user.id, id, reason));
  });
};
