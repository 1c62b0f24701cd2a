import { useCallback, useEffect, useRef, useState } from 'react';
import { MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import L from 'leaflet';
import { Alert, Anchor, Box, Button, Group, Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import 'leaflet/dist/leaflet.css';
import './MarkerMap.css';
import { MAP_DEFAULTS } from '../../../contract/business';
import type { MapMarker } from '../../../contract/maps';
import { ClusterLayer } from './ClusterLayer';
import { href, paths } from '../../paths';
import { UsOutline } from './UsOutline';
import { useMapConfig, useMarkerInfo } from './mapQueries';

export interface MarkerMapProps {
  /** The markers to draw; `undefined` while they load. */
  markers: MapMarker[] | undefined;
  /** Pixels; 600 by default (§9), the dashboard's subscribers map is 500. */
  height?: number;
  /** The accessible name of the map region. */
  label?: string;
  loading?: boolean;
  /** Set when the markers failed to load: the map shows an error state with a retry button. */
  error?: boolean;
  onRetry?: () => void;
  /** Called when a single marker is clicked, before its info window opens. */
  onMarkerClick?: (marker: MapMarker) => void;
}

/**
 * The one map of the app: starts centred on the US at zoom 4 (§9), then fits to the markers' bounds; clusters
 * markers; opens an info window (title, label, content) on click; works offline over a US outline and draws
 * MAP_TILE_URL tiles under it when the server has one.
 */
export function MarkerMap({
  markers,
  height = MAP_DEFAULTS.height,
  label = 'Map',
  loading = false,
  error = false,
  onRetry,
  onMarkerClick,
}: MarkerMapProps) {
  const config = useMapConfig();
  // A selection belongs to one marker set: new markers close the info window.
  const [selection, setSelection] = useState<{ marker: MapMarker; of: MapMarker[] } | null>(null);
  const selected = markers && selection?.of === markers ? selection.marker : null;
  const select = useCallback(
    (marker: MapMarker) => {
      onMarkerClick?.(marker);
      if (markers) setSelection({ marker, of: markers });
    },
    [onMarkerClick, markers],
  );

  const popup = useRef<L.Popup>(null);
  // Content fetched after the window opened changes its size: re-layout, and pan so it is all in view.
  const relayout = useCallback(() => popup.current?.update(), []);

  const tileUrl = config.data?.tileUrl ?? null;
  return (
    <Box pos="relative" h={height} className="marker-map" role="region" aria-label={label} aria-busy={loading}>
      <MapContainer
        center={[MAP_DEFAULTS.lat, MAP_DEFAULTS.lng]}
        zoom={MAP_DEFAULTS.zoom}
        style={{ height: '100%', width: '100%' }}
        preferCanvas
      >
        {tileUrl && <TileLayer url={tileUrl} />}
        {!config.isPending && <UsOutline overTiles={!!tileUrl} />}
        {markers && <ClusterLayer markers={markers} onSelect={select} />}
        {markers && <FitToMarkers markers={markers} />}
        {selected && (
          <Popup
            ref={popup}
            position={[selected.lat, selected.lng]}
            autoPanPaddingTopLeft={[56, 16]}
            eventHandlers={{ remove: () => setSelection(null) }}
          >
            <InfoWindow marker={selected} onLoaded={relayout} />
          </Popup>
        )}
      </MapContainer>
      <LoadingOverlay visible={loading} zIndex={1000} loaderProps={{ 'aria-label': 'Loading map markers' }} />
      {error && (
        <Stack
          pos="absolute"
          inset={0}
          justify="center"
          align="center"
          style={{ zIndex: 1000 }}
          bg="rgba(255,255,255,0.85)"
        >
          <Alert color="red" title="The map could not be loaded." role="alert" maw={360}>
            <Group justify="space-between">
              <Text size="sm">Please try again.</Text>
              {onRetry && (
                <Button size="xs" variant="light" color="red" onClick={onRetry}>
                  Retry
                </Button>
              )}
            </Group>
          </Alert>
        </Stack>
      )}
    </Box>
  );
}

/** Fits the view to the markers once per marker set; an empty set keeps the starting view. */
function FitToMarkers({ markers }: { markers: MapMarker[] }) {
  const map = useMap();
  useEffect(() => {
    if (!markers.length) return;
    let south = 90;
    let west = 180;
    let north = -90;
    let east = -180;
    for (const m of markers) {
      if (m.lat < south) south = m.lat;
      if (m.lat > north) north = m.lat;
      if (m.lng < west) west = m.lng;
      if (m.lng > east) east = m.lng;
    }
    // A single visit still shows its town around it: fitting never zooms closer than a city view. The zoom
    // reached is written on the map's element, where tests and tools can read it.
    map.once('zoomend moveend', () => map.getContainer().setAttribute('data-zoom', String(map.getZoom())));
    map.fitBounds(L.latLngBounds([south, west], [north, east]), {
      padding: [24, 24],
      maxZoom: FIT_MAX_ZOOM,
      animate: false,
    });
  }, [map, markers]);
  return null;
}

const FIT_MAX_ZOOM = 11;

function InfoWindow({ marker, onLoaded }: { marker: MapMarker; onLoaded: () => void }) {
  const info = useMarkerInfo(marker);
  const content = marker.content ?? info.data?.content;
  useEffect(() => {
    if (info.isSuccess || info.isError) onLoaded();
  }, [info.isSuccess, info.isError, onLoaded]);
  return (
    <div className="marker-info" data-testid="marker-info">
      <Text fw={700} size="sm">
        {info.data?.title ?? marker.title}
      </Text>
      <Text size="xs" c="dimmed" mb={4}>
        {info.data?.label ?? marker.label}
      </Text>
      {content !== undefined ? (
        <>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {content}
          </Text>
          {info.data?.customerId !== undefined && (
            <Anchor component={Link} to={href(paths.customer, { id: info.data.customerId })} size="sm">
              Open the customer's page
            </Anchor>
          )}
        </>
      ) : info.isError ? (
        <Text size="sm" c="red">
          The details could not be loaded.
        </Text>
      ) : (
        <Loader size="xs" aria-label="Loading details" />
      )}
    </div>
  );
}
