import type { FastifyPluginAsync } from 'fastify';
import type { ModuleDeps } from '../module-deps';
import type { CoverageHexes } from './coverage.service';
import type { MapClusters } from './map-clusters';
import { mapsRoutes } from './maps.routes';

/** Maps: the plugin the app registers, with the cluster indexes it keeps (writes elsewhere rebuild them). */
export const mapsModule: FastifyPluginAsync<ModuleDeps & { clusters: MapClusters; coverage: CoverageHexes }> = async (
  app,
  { config, database, clusters, coverage },
) => {
  await app.register(mapsRoutes, {
    db: database.db,
    layers: database,
    clusters,
    coverage,
    timeZone: config.BUSINESS_TIMEZONE,
    tileUrl: config.MAP_TILE_URL ?? null,
  });
};

/** The cluster indexes: one set for the app, rebuilt after writes elsewhere (ADR 017). */
export { MapClusters } from './map-clusters';
/** The coverage hexagons: one index for the app, rebuilt after writes of visits (ADR 053). */
export { CoverageHexes } from './coverage.service';
