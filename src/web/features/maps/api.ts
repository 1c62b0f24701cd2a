import { useEffect } from 'react';
import { keepPreviousData } from '@tanstack/react-query';
import type { CallInput } from '../../../contract/endpoint';
import { mapEndpoints, PLACES_MIN_ZOOM, type MapMarker } from '../../../contract/maps';
import { useApiQuery } from '../../lib/data';

/** Logs a load failure once (§8); the map itself shows it as its error state. */
function useLoggedFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(what, error);
  }, [error, what]);
}

/** A coarse view (drawn from a sketch while the server builds its index, ADR 040) is asked again this often. */
const COARSE_REFETCH_MS = 1_000;

/**
 * The clusters and markers of a view (ADR 017); while a new view loads, the last one stays drawn. A coarse view is
 * asked again until the full one comes, and is never taken from the cache.
 */
export function useClusters(query: CallInput<typeof mapEndpoints.clusters>['query']) {
  const clusters = useApiQuery(
    mapEndpoints.clusters,
    { query },
    {
      placeholderData: keepPreviousData,
      refetchInterval: ({ state }) => (state.data?.coarse ? COARSE_REFETCH_MS : false),
      staleTime: ({ state }) => (state.data?.coarse ? 0 : Infinity),
    },
  );
  useLoggedFailure(clusters.error, 'The map clusters could not be loaded.');
  return clusters;
}

/** One carrier's coverage hexagons in a view (ADR 053); while a new view loads, the last one stays drawn. */
export function useCoverage(query: CallInput<typeof mapEndpoints.coverage>['query']) {
  const coverage = useApiQuery(mapEndpoints.coverage, { query }, { placeholderData: keepPreviousData });
  useLoggedFailure(coverage.error, 'The coverage layer could not be loaded.');
  return coverage;
}

/** The names of the largest places in a view, for labels under the markers (none when zoomed out). */
export function usePlaces(query: { zoom: number; west: number; south: number; east: number; north: number }) {
  return useApiQuery(
    mapEndpoints.places,
    { query },
    { enabled: query.zoom >= PLACES_MIN_ZOOM, placeholderData: keepPreviousData },
  );
}

export function useMapConfig() {
  return useApiQuery(mapEndpoints.config, {});
}

/** The info window of a marker that carries no content of its own, fetched when it is opened. */
export function useMarkerInfo(marker: MapMarker) {
  const info = useApiQuery(mapEndpoints.info, { params: { id: marker.id } }, { enabled: marker.content === undefined });
  useLoggedFailure(info.error, `The info window of ${marker.id} could not be loaded.`);
  return info;
}
