import type { FeatureCollection, Geometry } from 'geojson';
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';

/**
 * The built-in base map (issue 19 §4): land, sea and country borders from Natural Earth (public
 * domain), drawn with fill and line layers only, so it needs no tile server, no fonts and no
 * sprites. It stands in when no tile server answers.
 */

export const BASE_COLORS = {
  /** the background is the sea */
  water: '#aad3df',
  land: '#f2efe9',
  coast: '#8fb4c4',
  border: '#a39fb5',
} as const;

export interface BaseMapData {
  land: FeatureCollection;
  borders: FeatureCollection;
}

/** Ids of what the base map adds to a style: a prefix no product layer uses. */
const ID = 'base-map';
export const BASE_SOURCE_IDS = [`${ID}-land`, `${ID}-borders`] as const;

const ATTRIBUTION = 'Natural Earth';

export function baseMapSources(data: BaseMapData): Record<string, SourceSpecification> {
  return {
    [`${ID}-land`]: { type: 'geojson', data: data.land, attribution: ATTRIBUTION },
    [`${ID}-borders`]: { type: 'geojson', data: data.borders },
  };
}

/** Bottom to top: the sea, the land, its coast, the borders between countries. */
export const BASE_LAYERS: LayerSpecification[] = [
  { id: `${ID}-water`, type: 'background', paint: { 'background-color': BASE_COLORS.water } },
  {
    id: `${ID}-land`,
    type: 'fill',
    source: `${ID}-land`,
    paint: { 'fill-color': BASE_COLORS.land },
  },
  {
    id: `${ID}-coast`,
    type: 'line',
    source: `${ID}-land`,
    paint: { 'line-color': BASE_COLORS.coast, 'line-width': 0.8 },
  },
  {
    id: `${ID}-borders`,
    type: 'line',
    source: `${ID}-borders`,
    layout: { 'line-join': 'round' },
    paint: {
      'line-color': BASE_COLORS.border,
      'line-width': ['interpolate', ['linear'], ['zoom'], 2, 0.6, 8, 1.5],
      'line-dasharray': [3, 2],
    },
  },
];

/** A whole style of the base map alone: for a map whose tile server is known not to answer. */
export function baseMapStyle(data: BaseMapData): StyleSpecification {
  return { version: 8, sources: baseMapSources(data), layers: BASE_LAYERS };
}

/** Wraps one geometry (as topojson-client answers) as a collection, which a source takes. */
export const collection = (geometry: Geometry | FeatureCollection): FeatureCollection =>
  geometry.type === 'FeatureCollection'
    ? geometry
    : { type: 'FeatureCollection', features: [{ type: 'Feature', properties: {}, geometry }] };
