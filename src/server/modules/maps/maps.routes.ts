import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mapConfig, mapPaths, markerId, markerInfo, prospectMapQuery, type MapMarker } from '../../../contract/maps';
import type { Db } from '../../db/client';
import { can } from '../../../contract/access';
import { ForbiddenError } from '../../http/errors';
import { customerMarkers, generalMarkers, markerInfo as loadMarkerInfo, prospectMarkers } from './maps.service';

/*
 * Marker lists can hold 100,000 entries: they are sent with plain JSON.stringify (a zod response schema
 * would walk every object again) and compressed by @fastify/compress.
 */
const sendMarkers = (markers: MapMarker[]) => JSON.stringify(markers);

export const mapsRoutes: FastifyPluginAsyncZod<{ db: Db; timeZone: string; tileUrl: string | null }> = async (
  app,
  { db, timeZone, tileUrl },
) => {
  app.get(mapPaths.customers, { config: { access: 'dashboard.view' } }, async (_request, reply) =>
    reply.type('application/json').send(sendMarkers(await customerMarkers(db))),
  );

  app.get(
    mapPaths.prospects,
    { config: { access: 'prospects.view-own' }, schema: { querystring: prospectMapQuery } },
    async (request, reply) =>
      reply.type('application/json').send(sendMarkers(await prospectMarkers(db, request.query.subset, timeZone))),
  );

  app.get(mapPaths.general, { config: { access: 'maps.view' } }, async (_request, reply) =>
    reply.type('application/json').send(sendMarkers(await generalMarkers(db, timeZone))),
  );

  app.get(
    mapPaths.info,
    {
      config: { access: 'prospects.view-own' },
      schema: { params: z.object({ id: markerId }), response: { 200: markerInfo } },
    },
    (request) => {
      const { kind, id } = request.params.id;
      // Prospect markers are on the reps' map; a member's details need the members' map.
      if (kind === 'customer' && !can(request.user!.role, 'maps.view')) throw new ForbiddenError();
      return loadMarkerInfo(db, kind, id, timeZone);
    },
  );

  app.get(mapPaths.config, { config: { access: 'signed-in' }, schema: { response: { 200: mapConfig } } }, () => ({
    tileUrl,
  }));
};
