import type { Location, MonitoringDataPoint } from '@fleet/contract';
import { LngLatBounds } from 'maplibre-gl';
import { useEffect, useMemo, useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useMap } from '@/components/map/map-context';
import { toLngLat } from '@/components/map/map-style';
import { MapView } from '@/components/map/map-view';
import { MarkerLayer, type MapMarker } from '@/components/map/marker-layer';
import { RouteLayer } from '@/components/map/route-layer';
import { formatDateTime } from '@/lib/fleet-time';
import { MAP_SIZE, mapCenter, route } from '../monitoring';

/** A user's own move of the map (drag, wheel, zoom buttons): programmatic moves have no event. */
const MOVED_BY_USER = ['dragstart', 'zoomstart', 'rotatestart', 'pitchstart'] as const;

/**
 * Follows the vehicle (issue 19 §5): as positions arrive, the map fits the route and the latest
 * position whenever one of them is outside the view, at most at the spec's zoom. Once the user
 * moves the map it stays where they put it, until they ask to follow again.
 */
function FollowVehicle({ line }: { line: Location[] }) {
  const { t } = useTranslation();
  const map = useMap();
  const [following, setFollowing] = useState(true);

  useEffect(() => {
    const stop = (event: { originalEvent?: unknown }) => {
      if (event.originalEvent) setFollowing(false);
    };
    for (const type of MOVED_BY_USER) map.on(type, stop);
    return () => {
      for (const type of MOVED_BY_USER) map.off(type, stop);
    };
  }, [map]);

  const [fits, setFits] = useState(false);
  useEffect(() => {
    const inView = () => {
      const view = map.getBounds();
      return line.length > 0 && line.every((point) => view.contains(toLngLat(point)));
    };
    const follow = () => {
      const [first, ...rest] = line;
      if (!following || !first || inView()) return;
      const bounds = rest.reduce(
        (b, point) => b.extend(toLngLat(point)),
        new LngLatBounds(toLngLat(first), toLngLat(first)),
      );
      map.fitBounds(bounds, { padding: 40, maxZoom: MAP_SIZE.zoom, duration: 300 });
    };
    const note = () => setFits(inView());
    follow();
    note();
    // A map laid out again (the grid settling, a window resized) follows again.
    map.on('resize', follow);
    map.on('moveend', note);
    return () => {
      map.off('resize', follow);
      map.off('moveend', note);
    };
  }, [map, line, following]);

  const state = (
    <span
      hidden
      data-testid="monitoring-map-follow"
      data-following={String(following)}
      data-fits={String(fits)}
    />
  );
  if (following) return state;
  return (
    <>
      {state}
      <Button
        size="sm"
        variant="light"
        className="position-absolute top-0 start-0 m-2 shadow-sm border"
        onClick={() => setFollowing(true)}
        data-testid="follow-vehicle"
      >
        {t('monitoring.view.follow')}
      </Button>
    </>
  );
}
/** Spec §2 MAP card: 800x450 at zoom 16, the blue route line and a red marker at the latest point. */
export default function MonitoringMap({ points }: { points: MonitoringDataPoint[] }) {
  const { t } = useTranslation();
  const ordered = useMemo(() => route(points), [points]);
  const latest = ordered.at(-1) ?? null;
  const line = useMemo(() => ordered.map((p) => p.location), [ordered]);
  const markers = useMemo<MapMarker[]>(
    () =>
      latest
        ? [
            {
              kind: 'finish',
              location: latest.location,
              title: t('monitoring.view.lastData'),
              detail: formatDateTime(latest.timestamp),
            },
          ]
        : [],
    [latest, t],
  );
  return (
    <section
      style={{ maxWidth: MAP_SIZE.width }}
      aria-label={t('monitoring.view.routeLabel', { count: ordered.length })}
    >
      <MapView
        center={mapCenter(latest)}
        zoom={MAP_SIZE.zoom}
        height={MAP_SIZE.height}
        testId="monitoring-map"
      >
        <RouteLayer id="monitoring-route" points={line} />
        <MarkerLayer id="monitoring-latest" markers={markers} />
        <FollowVehicle line={line} />
      </MapView>
    </section>
  );
}
