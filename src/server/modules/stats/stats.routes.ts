import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PROMO_ROW_LIMIT_ENDPOINT,
  returnRateParams,
  returnRateRow,
  STATS_ENDPOINTS,
  statsPaths,
  trendQuery,
  upcomingCredits as upcomingCreditsSchema,
  type StatsEndpoint,
} from '../../../contract/stats';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { ensureRollup } from './stats.rollup';
import { rollupSums } from './stats.queries';
import { isView, returnRateByModel, trend, upcomingCredits } from './stats.service';

const trendRow = z.record(z.string(), z.union([z.string(), z.number()]));

/** `{endpoint}-{view}`, split at the last dash; null unless both are in the §7 table. */
function parseTrendName(name: string) {
  const dash = name.lastIndexOf('-');
  const endpoint = name.slice(0, dash);
  const view = name.slice(dash + 1);
  if (dash < 0 || !Object.hasOwn(STATS_ENDPOINTS, endpoint)) return null;
  return isView(endpoint as StatsEndpoint, view) ? { endpoint: endpoint as StatsEndpoint, view } : null;
}

export const statsRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  // Building the rollup over years of rows can take minutes: the server starts at once and stats calls wait for it.
  const built = ensureRollup(db, timeZone);
  built.catch((err: unknown) => app.log.error({ err }, 'the stats rollup could not be built'));
  // This plugin is encapsulated: the hook holds only the stats routes.
  app.addHook('preHandler', async () => {
    await built;
  });
  const clock = () => ({ now: new Date(), timeZone });

  app.get(
    statsPaths.upcomingCredits,
    { config: { access: 'dashboard.view' }, schema: { response: { 200: upcomingCreditsSchema } } },
    () => upcomingCredits(db, clock()),
  );

  app.get(
    '/admin/api/stats/return-rate-by-model/:limit',
    {
      config: { access: 'dashboard.view' },
      schema: { params: returnRateParams, response: { 200: z.array(returnRateRow) } },
    },
    (request) => returnRateByModel(db, request.params.limit, timeZone),
  );

  app.get(
    '/admin/api/stats/:name',
    {
      config: { access: 'dashboard.view' },
      schema: { params: z.object({ name: z.string() }), querystring: trendQuery, response: { 200: z.array(trendRow) } },
    },
    (request) => {
      const parsed = parseTrendName(request.params.name);
      if (!parsed) throw new NotFoundError(`There is no stats endpoint or view named '${request.params.name}'.`);
      const count = parsed.endpoint === PROMO_ROW_LIMIT_ENDPOINT ? request.query.limit : undefined;
      return trend(db, rollupSums, parsed.endpoint, parsed.view, clock(), count);
    },
  );
};
