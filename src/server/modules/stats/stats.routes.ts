import type { FastifyPluginAsync } from 'fastify';
import { parseTrendName, statsEndpoints as endpoints } from '../../../contract/stats';
import type { Db } from '../../db/types';
import { NotFoundError } from '../../http/errors';
import { route } from '../../http/route';
import { rollupSums } from './stats.queries';
import { returnRateByModel, trendRows, upcomingCredits } from './stats.service';
import { kpis } from './stats.kpis';
import type { StatsAnswers } from './stats.cache';
import type { ChartPictures } from './stats.pictures';

export const statsRoutes: FastifyPluginAsync<{
  db: Db;
  timeZone: string;
  answers: StatsAnswers;
  pictures: ChartPictures;
  /** The rollup being built or checked at start (ensureRollup). */
  built: Promise<void>;
}> = async (app, { db, timeZone, answers, pictures, built }) => {
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
    return answers.get(request, keyOf(params.name, query), () =>
      trendRows(db, parsed.endpoint, parsed.view, query, clock()),
    );
  });

  // Drawn anew on each call: a picture is asked for once per message or click, not by every dashboard visit.
  route(app, endpoints.chartPicture, async ({ params, query, user, reply }) => {
    const { png } = await pictures.chartPicture(params.chart, query, user);
    return reply.type('image/png').header('content-disposition', `inline; filename="${params.chart}.png"`).send(png);
  });
};
