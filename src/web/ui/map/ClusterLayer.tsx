import { useEffect, useMemo } from 'react';
import L from 'leaflet';
import { useMap } from 'react-leaflet';
import Supercluster, { type AnyProps } from 'supercluster';
import type { MapMarker } from '../../../contract/maps';
import { clusterIcon, markerIcons } from './icons';

type PointProps = { index: number };

/**
 * Draws markers through `supercluster`: only the clusters and single markers inside the view are Leaflet
 * layers, so 100,000 markers cost an index build once and a few hundred DOM nodes per view.
 */
export function ClusterLayer({ markers, onSelect }: { markers: MapMarker[]; onSelect: (marker: MapMarker) => void }) {
  const map = useMap();
  const index = useMemo(() => {
    const tree = new Supercluster<PointProps, AnyProps>({ radius: 60, maxZoom: 16 });
    tree.load(
      markers.map((m, i) => ({
        type: 'Feature' as const,
        properties: { index: i },
        geometry: { type: 'Point' as const, coordinates: [m.lng, m.lat] },
      })),
    );
    return tree;
  }, [markers]);

  useEffect(() => {
    const layer = L.layerGroup().addTo(map);
    const draw = () => {
      layer.clearLayers();
      const b = map.getBounds();
      const zoom = Math.round(map.getZoom());
      for (const item of index.getClusters([b.getWest(), b.getSouth(), b.getEast(), b.getNorth()], zoom)) {
        const [lng, lat] = item.geometry.coordinates as [number, number];
        const props = item.properties;
        if ('cluster' in props && props.cluster) {
          const clusterId = props.cluster_id as number;
          const count = props.point_count as number;
          L.marker([lat, lng], { icon: clusterIcon(count), title: `${count} markers`, alt: `${count} markers` })
            .on('click', () => map.setView([lat, lng], Math.min(index.getClusterExpansionZoom(clusterId), 18)))
            .addTo(layer);
        } else {
          const marker = markers[(props as PointProps).index]!;
          L.marker([lat, lng], { icon: markerIcons[marker.image], title: marker.title, alt: marker.title })
            .on('click', () => onSelect(marker))
            .addTo(layer);
        }
      }
    };
    draw();
    map.on('moveend', draw);
    return () => {
      map.off('moveend', draw);
      layer.remove();
    };
  }, [map, index, markers, onSelect]);

  return null;
}
