import { useQuery } from '@tanstack/react-query';
import { mapPaths, type MapConfig, type MapMarker, type MarkerInfo } from '../../../contract/maps';
import { http } from '../../lib/http';

/** Markers of one map endpoint (§7). Load failures are logged (§8) and surface as the map's error state. */
export function useMapMarkers(url: string, params?: Record<string, string | undefined>, { enabled = true } = {}) {
  return useQuery({
    queryKey: ['map-markers', url, params ?? {}],
    enabled,
    // Comparing 100,000 markers with the previous answer to keep unchanged objects costs more than it saves.
    structuralSharing: false,
    queryFn: async () => {
      try {
        return await http.get<MapMarker[]>(url, params);
      } catch (error) {
        console.error(`The map markers of ${url} could not be loaded.`, error);
        throw error;
      }
    },
  });
}

export function useMapConfig() {
  return useQuery({ queryKey: ['map-config'], queryFn: () => http.get<MapConfig>(mapPaths.config) });
}

export function fetchMarkerInfo(marker: MapMarker): Promise<MarkerInfo> {
  return http.get<MarkerInfo>(mapPaths.infoOf(marker.id));
}
