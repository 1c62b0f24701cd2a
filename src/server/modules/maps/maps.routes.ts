import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { mapConfig, mapPaths, markerId, markerInfo, prospectMapQuery, type MapMarker } from '../../../contract/maps';
import type { Db } from '../../db/client';
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
  app.get(mapPaths.customers, async (_request, reply) =>
    reply.type('application/json').send(sendMarkers(await customerMarkers(db))),
  );

  app.get(mapPaths.prospects, { schema: { querystring: prospectMapQuery } }, async (request, reply) =>
    reply.type('application/json').send(sendMarkers(await prospectMarkers(db, request.query.subset, timeZone))),
  );

  app.get(mapPaths.general, async (_request, reply) =>
    reply.type('application/json').send(sendMarkers(await generalMarkers(db, timeZone))),
  );

  app.get(mapPaths.info, { schema: { params: z.object({ id: markerId }), response: { 200: markerInfo } } }, (request) =>
    loadMarkerInfo(db, request.params.id.kind, request.params.id.id, timeZone),
  );

  app.get(mapPaths.config, { schema: { response: { 200: mapConfig } } }, () => ({ tileUrl }));
};
