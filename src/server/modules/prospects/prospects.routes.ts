import type { FastifyPluginAsync } from 'fastify';
import { prospectEndpoints as endpoints, prospectStoreFor } from '../../../contract/prospects';
import type { Db } from '../../db/client';
import { FieldErrors } from '../../http/errors';
import { route } from '../../http/route';
import { createProspect, formOptions, prospectDetail, prospectPage } from './prospects.service';

/*
 * The rep rule depends on who submits (§6), so the store body is parsed in the handler with that user's schema
 * rather than by the route: one parse, so one 422 names every problem of a submit, the rep's included.
 */
const storeRoute = { ...endpoints.store, body: undefined };

export const prospectRoutes: FastifyPluginAsync<{ db: Db; timeZone: string }> = async (app, { db, timeZone }) => {
  route(app, endpoints.formOptions, ({ user }) => formOptions(db, user));

  route(app, storeRoute, async ({ request, user }) => {
    const parsed = prospectStoreFor(user).body.safeParse(request.body ?? {});
    if (!parsed.success) throw FieldErrors.fromIssues(parsed.error.issues);
    const created = await createProspect(db, user, parsed.data);
    request.log.info({ prospectId: created.id, locationSource: created.locationSource }, 'prospect visit recorded');
    return created;
  });

  route(app, endpoints.list, ({ query }) => prospectPage(db, query, timeZone));

  route(app, endpoints.detail, ({ params }) => prospectDetail(db, params.id));
};
