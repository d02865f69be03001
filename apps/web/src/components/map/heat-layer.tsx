import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { toLngLat } from './map-style';
import { useGeoJsonSource } from './use-geojson-source';

/** Spec §9: heatmap radius 30, opacity 0.7. */
export const HEAT_RADIUS = 30;
export const HEAT_OPACITY = 0.7;

/** weight: how many events the point stands for (a grid cell of the heatmap call); 1 when absent */
type Point = { latitude: number; longitude: number; weight?: number };

export function HeatLayer({ id, points }: { id: string; points: Point[] }) {
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features: points.map((point) => ({
        type: 'Feature',
        properties: { weight: point.weight ?? 1 },
        geometry: { type: 'Point', coordinates: toLngLat(point) },
      })),
    }),
    [points],
  );
  useGeoJsonSource(
    id,
    [
      {
        id: `${id}-heat`,
        type: 'heatmap',
        source: id,
        paint: {
          'heatmap-radius': HEAT_RADIUS,
          'heatmap-opacity': HEAT_OPACITY,
          'heatmap-weight': ['get', 'weight'],
        },
      },
    ],
    data,
  );
  return <span hidden data-testid={`${id}-features`} data-count={data.features.length} />;
}
