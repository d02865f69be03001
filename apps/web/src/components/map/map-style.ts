import { endpoints } from '@fleet/contract';
import type { StyleSpecification } from 'maplibre-gl';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

/**
 * Used when the server names no style (MAP_STYLE_URL unset): OpenStreetMap's raster tiles; the
 * built-in base map (base-map.ts) when they do not load.
 */
export const OSM_STYLE: StyleSpecification = {
  version: 8,
  sources: {
    osm: {
      type: 'raster',
      tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
      tileSize: 256,
      maxzoom: 19,
      attribution: '© OpenStreetMap contributors',
    },
  },
  layers: [{ id: 'osm', type: 'raster', source: 'osm' }],
};

/** One tile of OSM_STYLE: whether it loads tells whether the tile server answers. */
export const OSM_PROBE_URL = 'https://tile.openstreetmap.org/0/0/0.png';

export const getClientConfig = () => api.call(endpoints.clientConfig.get, {});

export const clientConfigQueryOptions = {
  queryKey: endpointKey(endpoints.clientConfig.get),
  queryFn: getClientConfig,
  staleTime: Infinity,
  retry: false,
  // Without the config the map falls back to OpenStreetMap; no need to alarm the user.
  meta: { silent: true },
} as const;

/** Coordinates travel as integer degrees × 100000 (spec §3); MapLibre wants [lng, lat]. */
export const toLngLat = (location: { latitude: number; longitude: number }): [number, number] => [
  location.longitude / 100000,
  location.latitude / 100000,
];
