import type { FastifyPluginAsync } from 'fastify';
import { parseTrendName, PROMO_ROW_LIMIT_ENDPOINT, statsEndpoints as endpoints } from '../../../contract/stats';
import type { Db } from '../../db/client';
import { NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import { ensureRollup } from './stats.rollup';
import { rollupSums } from './stats.queries';
import { returnRateByModel, trend, upcomingCredits } from './stats.service';
import { kpis } from './stats.kpis';

export const statsRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  // Building the rollup over years of rows can take minutes: the server starts at once and stats calls wait for it.
  const built = ensureRollup(db, timeZone);
  built.catch((err: unknown) => app.log.error({ err }, 'the stats rollup could not be built'));
  // This plugin is encapsulated: the hook holds only the stats routes.
  app.addHook('preHandler', async () => {
    await built;
  });
  const clock = () => ({ now: new Date(), timeZone });

  route(app, endpoints.upcomingCredits, () => upcomingCredits(db, clock()));

  route(app, endpoints.kpis, ({ query }) => kpis(db, rollupSums, query, clock()));

  route(app, endpoints.returnRateByModel, ({ params }) => returnRateByModel(db, params.limit, timeZone));

  route(app, endpoints.trend, ({ params, query }) => {
    const parsed = parseTrendName(params.name);
    if (!parsed) throw new NotFoundError(`There is no stats endpoint or view named '${params.name}'.`);
    const count = parsed.endpoint === PROMO_ROW_LIMIT_ENDPOINT ? query.limit : undefined;
    const range = query.from && query.to ? { from: query.from, to: query.to } : undefined;
    return trend(db, rollupSums, parsed.endpoint, parsed.view, clock(), count, query.before, range);
  });
};
