import { useEffect, useRef } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import {
  clusterQueryOf,
  FIRST_CLUSTER_VIEW,
  type ClusterItem,
  type MapLayers,
  type MapMarker,
} from '../../../contract/maps';
import { useClusters } from './api';
import { clusterIcon, markerIcons } from './icons';
import { fitTo } from './fit';
import { useMapView } from './useMapView';

export interface ClusterStatus {
  /** No answer yet for these layers. */
  pending: boolean;
  error: boolean;
  retry(): void;
  /** Points in the layers, wherever the view is. */
  total?: number;
}

const asMarker = (item: ClusterItem): MapMarker => ({
  id: item.id!,
  lat: item.lat,
  lng: item.lng,
  image: item.image,
  title: item.title!,
  label: item.label!,
});

/**
 * The layers' clusters and single markers in view, computed on the server per zoom and box (ADR 017): the
 * browser holds only what it draws. Fits the map to the layers once per layer set.
 */
export function ClusterLayer({
  layers,
  onSelect,
  onStatus,
}: {
  layers: MapLayers;
  onSelect(marker: MapMarker): void;
  onStatus(status: ClusterStatus): void;
}) {
  const map = useMap();
  // Every map of layers starts at MAP_DEFAULTS: its first view is the one a page's HTML may have asked for already.
  const view = useMapView(FIRST_CLUSTER_VIEW);
  const clusters = useClusters(clusterQueryOf(view, layers));
  const { data, isPending, isError, refetch } = clusters;

  useEffect(() => {
    onStatus({ pending: isPending, error: isError, retry: () => void refetch(), total: data?.total });
  }, [onStatus, isPending, isError, refetch, data?.total]);

  // Fit once per layer set, to all of its points (not only those in view).
  const layerKey = `${layers.members ? 'members' : ''}/${layers.visits ?? ''}`;
  const fitted = useRef<string | null>(null);
  useEffect(() => {
    if (!data || fitted.current === layerKey || clusters.isPlaceholderData) return;
    fitted.current = layerKey;
    if (data.bounds)
      fitTo(map, L.latLngBounds([data.bounds.south, data.bounds.west], [data.bounds.north, data.bounds.east]));
  }, [map, data, layerKey, clusters.isPlaceholderData]);

  useEffect(() => {
    if (!data) return;
    const group = L.layerGroup().addTo(map);
    for (const item of data.items) {
      if (item.count > 1) {
        L.marker([item.lat, item.lng], {
          icon: clusterIcon(item.count, item.image),
          title: `${item.count} markers`,
          alt: `${item.count} markers`,
        })
          .on('click', () => map.setView([item.lat, item.lng], item.zoom))
          .addTo(group);
      } else {
        const marker = asMarker(item);
        L.marker([item.lat, item.lng], { icon: markerIcons[item.image], title: marker.title, alt: marker.title })
          .on('click', () => onSelect(marker))
          .addTo(group);
      }
    }
    return () => void group.remove();
  }, [map, data, onSelect]);

  return null;
}
