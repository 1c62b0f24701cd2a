import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import { feedbackRoutes } from './feedback.routes';

/** Feedback from customers: its list: the plugin the app registers. */
export const feedbackModule: FastifyPluginAsync<ModuleDeps> = async (app, { database }) => {
  await app.register(feedbackRoutes, { db: database.db });
};
