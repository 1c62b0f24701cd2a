import type { FastifyPluginAsync } from 'fastify';
import { cancellationReasonEndpoints as endpoints } from '../../../contract/cancellation-reasons';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { listReasons } from './cancellation-reasons.queries';
import {
  createReason,
  deleteReason,
  renameReason,
  reorderReasons,
  setReasonActive,
} from './cancellation-reasons.service';

export const cancellationReasonRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.list, () => listReasons(db));

  route(app, endpoints.create, ({ body, user }) => createReason(db, user.id, body));

  route(app, endpoints.reorder, ({ body, user }) => reorderReasons(db, user.id, body.ids));

  route(app, endpoints.rename, ({ params, body, user }) => renameReason(db, user.id, params.reasonId, body.name));

  route(app, endpoints.retire, ({ params, user }) => setReasonActive(db, user.id, params.reasonId, false));

  route(app, endpoints.restore, ({ params, user }) => setReasonActive(db, user.id, params.reasonId, true));

  route(app, endpoints.remove, ({ params, user }) => deleteReason(db, user.id, params.reasonId));
};
