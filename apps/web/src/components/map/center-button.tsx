import { LngLatBounds } from 'maplibre-gl';
import { useCallback, useEffect } from 'react';
import { Button } from 'react-bootstrap';
import { useMap } from './map-context';
import { toLngLat } from './map-style';

type Point = { latitude: number; longitude: number };

/** Fits the map to the given points on click; with fitOnMount also whenever the points arrive. */
export function CenterButton({
  points,
  label,
  fitOnMount = false,
}: {
  points: Point[];
  label: string;
  fitOnMount?: boolean;
}) {
  const map = useMap();
  const fit = useCallback(
    (duration: number) => {
      const [first, ...rest] = points;
      if (!first) return;
      const bounds = rest.reduce(
        (b, point) => b.extend(toLngLat(point)),
        new LngLatBounds(toLngLat(first), toLngLat(first)),
      );
      map.fitBounds(bounds, { padding: 40, maxZoom: 15, duration });
    },
    [map, points],
  );
  useEffect(() => {
    if (fitOnMount) fit(0);
  }, [fitOnMount, fit]);
  return (
    <Button
      size="sm"
      variant="light"
      className="position-absolute top-0 start-0 m-2 shadow-sm border"
      onClick={() => fit(300)}
      disabled={!points.length}
    >
      {label}
    </Button>
  );
}
