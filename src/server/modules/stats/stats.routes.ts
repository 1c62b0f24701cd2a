import type { FastifyPluginAsync } from 'fastify';
import { parseTrendName, PROMO_ROW_LIMIT_ENDPOINT, statsEndpoints as endpoints } from '../../../contract/stats';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import { ensureRollup } from './stats.rollup';
import { rollupSums } from './stats.queries';
import { returnRateByModel, trend, upcomingCredits } from './stats.service';
import { kpis } from './stats.kpis';
import type { StatsAnswers } from './stats.cache';

export const statsRoutes: FastifyPluginAsync<{ db: Db; timeZone: string; answers: StatsAnswers }> = async (
  app,
  { db, timeZone, answers },
) => {
  // Building the rollup over years of rows can take minutes: the server starts at once and stats calls wait for it.
  const built = ensureRollup(db, timeZone);
  built.catch((err: unknown) => app.log.error({ err }, 'the stats rollup could not be built'));
  // This plugin is encapsulated: the hook holds only the stats routes.
  app.addHook('preHandler', async () => {
    await built;
  });
  const clock = () => ({ now: new Date(), timeZone });

  // Each answer is kept under its path and its parsed query: the whole question, in one spelling.
  const keyOf = (path: string, query: object) => `${path}?${JSON.stringify(query)}`;

  route(app, endpoints.upcomingCredits, ({ request }) =>
    answers.get(request, 'upcoming-credits', () => upcomingCredits(db, clock())),
  );

  route(app, endpoints.kpis, ({ request, query }) =>
    answers.get(request, keyOf('kpis', query), () => kpis(db, rollupSums, query, clock())),
  );

  route(app, endpoints.returnRateByModel, ({ request, params }) =>
    answers.get(request, keyOf('return-rate-by-model', params), () => returnRateByModel(db, params.limit, timeZone)),
  );

  route(app, endpoints.trend, ({ request, params, query }) => {
    const parsed = parseTrendName(params.name);
    if (!parsed) throw new NotFoundError(`There is no stats endpoint or view named '${params.name}'.`);
    const count = parsed.endpoint === PROMO_ROW_LIMIT_ENDPOINT ? query.limit : undefined;
    const range = query.from && query.to ? { from: query.from, to: query.to } : undefined;
    return answers.get(request, keyOf(params.name, query), () =>
      trend(db, rollupSums, parsed.endpoint, parsed.view, clock(), count, query.before, range),
    );
  });
};
