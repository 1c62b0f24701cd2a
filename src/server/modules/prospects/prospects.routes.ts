import type { FastifyPluginAsync } from 'fastify';
import { prospectEndpoints as endpoints, prospectStoreFor } from '../../../contract/prospects';
import type { Db } from '../../db/types';
import { route } from '../../http/route';
import { once } from '../../http/idempotency';
import { sendListCsv } from '../../http/csv';
import { prospectList } from './prospects.queries';
import { coverageNear } from './coverage-near';
import { createProspect, filterOptions, formOptions, prospectDetail, prospectPage } from './prospects.service';

export const prospectRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  route(app, endpoints.formOptions, ({ user }) => formOptions(db, user));

  // The rep rule depends on who submits (§6): the body is checked with that user's schema.
  route(
    app,
    endpoints.store,
    async ({ request, user, body }) => {
      const created = await once(db, request, user.id, (tx) => createProspect(tx, user, body));
      request.log.info({ prospectId: created.id, locationSource: created.locationSource }, 'prospect visit recorded');
      return created;
    },
    { bodyFor: (user) => prospectStoreFor(user).body },
  );

  route(app, endpoints.coverageNear, ({ query }) => coverageNear(db, query));

  route(app, endpoints.filterOptions, ({ user }) => filterOptions(db, user));

  // A rep sees only their own visits: the services scope every read to the signed-in user.
  route(app, endpoints.list, ({ user, query }) => prospectPage(db, user, query, timeZone));

  route(app, endpoints.export, ({ user, query, reply }) =>
    sendListCsv(reply, 'prospects', db, prospectList(db, user, query, timeZone), query),
  );

  route(app, endpoints.detail, ({ user, params }) => prospectDetail(db, user, params.id));
};
