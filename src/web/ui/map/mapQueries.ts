import { useEffect } from 'react';
import type { CallInput } from '../../../contract/endpoint';
import { mapEndpoints, type MapMarker } from '../../../contract/maps';
import { useApiQuery } from '../data/useApiQuery';

type MarkerEndpoint = typeof mapEndpoints.customers | typeof mapEndpoints.prospects | typeof mapEndpoints.general;

/** Logs a load failure once (§8); the map itself shows it as its error state. */
function useLoggedFailure(error: unknown, what: string) {
  useEffect(() => {
    if (error) console.error(what, error);
  }, [error, what]);
}

/** Markers of one map endpoint (§7). */
export function useMapMarkers<E extends MarkerEndpoint>(e: E, input: CallInput<E>, { enabled = true } = {}) {
  const markers = useApiQuery(e, input, {
    enabled,
    // Comparing 100,000 markers with the previous answer to keep unchanged objects costs more than it saves.
    structuralSharing: false,
  });
  useLoggedFailure(markers.error, `The map markers of ${e.path} could not be loaded.`);
  return markers;
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
