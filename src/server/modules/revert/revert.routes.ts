import type { FastifyPluginAsync } from 'fastify';
import { revertEndpoints as endpoints } from '../../../contract/revert';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { revertEntry, undoLatest } from './revert.service';

export const revertRoutes: FastifyPluginAsync<{ db: Db; now: () => number }> = async (app, { db, now }) => {
  route(app, endpoints.undo, ({ body, user }) => undoLatest(db, user, body.entityType, body.entityId, now()));
  route(app, endpoints.revert, ({ params, user }) => revertEntry(db, user, params.id));
};
