import { useCallback, useEffect, useRef, useState } from 'react';
import { MapContainer, Popup, TileLayer, useMap } from 'react-leaflet';
import L from 'leaflet';
import { Alert, Anchor, Box, Button, Group, Loader, LoadingOverlay, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import 'leaflet/dist/leaflet.css';
import './MarkerMap.css';
import { MAP_DEFAULTS } from '../../../contract/business';
import type { MapLayers, MapMarker, MarkerInfo } from '../../../contract/maps';
import { ClusterLayer, type ClusterStatus } from './ClusterLayer';
import { CoverageLayer } from './CoverageLayer';
import { fitTo } from './fit';
import { markerIcons } from './icons';
import { href, paths } from '../../paths';
import { UsOutline } from './UsOutline';
import { BasemapDetail } from './BasemapDetail';
import { useMapConfig, useMarkerInfo } from './api';
import { useCan } from '../auth';

interface CommonProps {
  /** Pixels; 600 by default (§9), the dashboard's subscribers map is 500. */
  height?: number;
  /** The accessible name of the map region. */
  label?: string;
  /** Called when a single marker is clicked, before its info window opens. */
  onMarkerClick?: (marker: MapMarker) => void;
  /** Told how many points the layers hold, once known. */
  onTotal?: (total: number) => void;
  /** A carrier's coverage hexagons under the markers (useCoverageChoice), when the layer is on. */
  coverage?: Parameters<typeof CoverageLayer>[0];
}

/** Either layers, clustered on the server (every map of many points), or a few markers given as they are. */
export type MarkerMapProps = CommonProps &
  ({ layers: MapLayers; markers?: never } | { markers: MapMarker[]; layers?: never });

/**
 * The one map of the app: starts centred on the US at zoom 4 (§9), then fits to the points' bounds; draws the
 * clusters the server computes for the view; opens an info window (title, label, content) on click; works offline
 * over a US outline and draws MAP_TILE_URL tiles under it when the server has one.
 */
export function MarkerMap({
  layers,
  markers,
  height = MAP_DEFAULTS.height,
  label = 'Map',
  onMarkerClick,
  onTotal,
  coverage,
}: MarkerMapProps) {
  const config = useMapConfig();
  // A selection belongs to one set of points: other layers close the info window.
  const pointSet = markers ?? `${layers?.members ? 'members' : ''}/${layers?.visits ?? ''}`;
  const [selection, setSelection] = useState<{ marker: MapMarker; of: unknown } | null>(null);
  const selected = selection?.of === pointSet ? selection.marker : null;
  const select = useCallback(
    (marker: MapMarker) => {
      onMarkerClick?.(marker);
      setSelection({ marker, of: pointSet });
    },
    [onMarkerClick, pointSet],
  );
  const [status, setStatus] = useState<ClusterStatus | null>(null);
  useEffect(() => {
    if (status?.total !== undefined) onTotal?.(status.total);
  }, [status?.total, onTotal]);
  const loading = !!layers && (!status || status.pending);
  const error = !!status?.error;
  // The basemap is drawn once the first markers are: decoding and projecting the states takes the main thread for
  // about 100 ms, which would otherwise come between the markers' answer and their drawing. Kept from then on.
  const [basemapDue, setBasemapDue] = useState(!layers);
  if (!basemapDue && !loading) setBasemapDue(true);

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
        {!config.isPending && basemapDue && <UsOutline overTiles={!!tileUrl} />}
        {!config.isPending && basemapDue && !tileUrl && <BasemapDetail />}
        {coverage && <CoverageLayer {...coverage} />}
        {layers && <ClusterLayer layers={layers} onSelect={select} onStatus={setStatus} />}
        {markers && <MarkerLayer markers={markers} onSelect={select} />}
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
              <Button size="xs" variant="light" color="red" onClick={() => status?.retry()}>
                Retry
              </Button>
            </Group>
          </Alert>
        </Stack>
      )}
    </Box>
  );
}

/** A few markers drawn as they are (a customer's address), the view fitted to them once per set. */
function MarkerLayer({ markers, onSelect }: { markers: MapMarker[]; onSelect: (marker: MapMarker) => void }) {
  const map = useMap();
  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    for (const marker of markers)
      L.marker([marker.lat, marker.lng], { icon: markerIcons[marker.image], title: marker.title, alt: marker.title })
        .on('click', () => onSelect(marker))
        .addTo(group);
    if (markers.length) fitTo(map, L.latLngBounds(markers.map((m) => [m.lat, m.lng])));
    return () => void group.remove();
  }, [map, markers, onSelect]);
  return null;
}

/** The pages of the visit and of the member a window names, those the user may open (a rep reads no member's). */
function InfoLinks({ info }: { info: MarkerInfo }) {
  const can = useCan();
  return (
    <Stack gap={2}>
      {info.prospectId !== undefined && can('prospects.view-own') && (
        <Anchor component={Link} to={href(paths.prospect, { id: info.prospectId })} size="sm">
          Open the visit
        </Anchor>
      )}
      {info.customerId !== undefined && can('customers.view') && (
        <Anchor component={Link} to={href(paths.customer, { id: info.customerId })} size="sm">
          Open the customer's page
        </Anchor>
      )}
    </Stack>
  );
}

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
          {info.data && <InfoLinks info={info.data} />}
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
