import type { FastifyPluginAsync } from 'fastify';
import { savedViewEndpoints as endpoints } from '../../../contract/saved-views';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import { listViews, removeView, saveView } from './saved-views.queries';

/** Each person's saved views: only their own are listed, replaced or deleted. */
export const savedViewRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  route(app, endpoints.list, ({ user, query }) => listViews(db, user.id, query.list));

  route(app, endpoints.save, ({ user, body }) => saveView(db, user.id, body));

  route(app, endpoints.remove, async ({ user, params }) => {
    if (!(await removeView(db, user.id, params.id))) throw new NotFoundError('The saved view was not found.');
  });
};
