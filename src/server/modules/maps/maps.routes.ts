import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { can } from '../../../contract/access';
import { mapEndpoints as endpoints, type MapMarker } from '../../../contract/maps';
import type { Db } from '../../db/types';
import { ForbiddenError } from '../../http/errors';
import { route } from '../../http/route';
import { customerMarkers, generalMarkers, markerInfo, prospectMarkers } from './maps.service';
import { clusterView, warmClusters, type LayerDatabase } from './clusters.service';
import type { MapClusters } from './map-clusters';
import { coverageView, type CoverageHexes } from './coverage.service';
import { loadPlaces, placesIn } from './places';

/*
 * Marker lists can hold 100,000 entries: they are sent with plain JSON.stringify (a zod response schema
 * would walk every object again) and compressed by @fastify/compress.
 */
const sendMarkers = (reply: FastifyReply, markers: MapMarker[]) =>
  reply.type('application/json').send(JSON.stringify(markers));

export const mapsRoutes: FastifyPluginAsync<{
  db: Db;
  /** Where the cluster indexes' points are read (clusters.service.ts). */
  layers: LayerDatabase;
  clusters: MapClusters;
  coverage: CoverageHexes;
  timeZone: string;
  tileUrl: string | null;
}> = async (app, { db, layers, clusters, coverage, timeZone, tileUrl }) => {
  route(app, endpoints.customers, async ({ reply }) => sendMarkers(reply, await customerMarkers(db)));

  // Prospect markers and their info windows are scoped to the visits the user may see (a rep: their own).
  route(app, endpoints.prospects, async ({ user, query, reply }) =>
    sendMarkers(reply, await prospectMarkers(db, user, query.subset, timeZone)),
  );

  route(app, endpoints.general, async ({ user, reply }) =>
    sendMarkers(reply, await generalMarkers(db, user, timeZone)),
  );

  route(app, endpoints.info, ({ params, user }) => {
    const { kind, id } = params.id;
    // Prospect markers are on the reps' map; a member's details need the members' map.
    if (kind === 'customer' && !can(user.role, 'maps.view')) throw new ForbiddenError();
    return markerInfo(db, user, kind, id, timeZone);
  });

  // What the app's maps draw: clusters per view, computed on the server (ADR 017).
  route(app, endpoints.clusters, ({ user, query }) => clusterView(layers, clusters, user, query, timeZone));
  // A serving instance builds the large indexes at once rather than on the first map opened.
  app.addHook('onListen', () => {
    void warmClusters(layers, clusters, timeZone).catch((err: unknown) =>
      app.log.warn({ err }, 'map indexes not built'),
    );
  });

  // A carrier's coverage from everyone's speed tests, in hexagons (ADR 053): figures only, no visit.
  route(app, endpoints.coverage, ({ query }) => coverageView(coverage, query));

  route(app, endpoints.places, ({ query }) => placesIn(query));
  // The place names are read once, at start, in a thread of their own, not in the first zoomed-in request.
  app.addHook('onListen', () => {
    void loadPlaces().catch((err: unknown) => app.log.warn({ err }, 'place names not read'));
  });

  route(app, endpoints.config, () => ({ tileUrl }));
};
