import type { FeatureCollection } from 'geojson';
import { useMemo } from 'react';
import { toLngLat } from './map-style';
import { useGeoJsonSource } from './use-geojson-source';

type Point = { latitude: number; longitude: number };

/** The route line through the points, in order. Renders only a count, for tests and screen readers. */
export function RouteLayer({
  id,
  points,
  color = '#0d6efd',
}: {
  id: string;
  points: Point[];
  color?: string;
}) {
  const data = useMemo<FeatureCollection>(
    () => ({
      type: 'FeatureCollection',
      features:
        points.length < 2
          ? []
          : [
              {
                type: 'Feature',
                properties: {},
                geometry: { type: 'LineString', coordinates: points.map(toLngLat) },
              },
            ],
    }),
    [points],
  );
  useGeoJsonSource(
    id,
    [
      {
        id: `${id}-line`,
        type: 'line',
        source: id,
        layout: { 'line-join': 'round', 'line-cap': 'round' },
        paint: { 'line-color': color, 'line-width': 4, 'line-opacity': 0.85 },
      },
    ],
    data,
  );
  return <span hidden data-testid={`${id}-features`} data-count={data.features.length} />;
}
