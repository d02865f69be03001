import type { MonitoringDataPoint } from '@fleet/contract';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMap } from '@/components/map/map-context';
import { toLngLat } from '@/components/map/map-style';
import { MapView } from '@/components/map/map-view';
import { MarkerLayer, type MapMarker } from '@/components/map/marker-layer';
import { RouteLayer } from '@/components/map/route-layer';
import { formatDateTime } from '@/lib/fleet-time';
import { MAP_SIZE, mapCenter, route } from '../monitoring';

/** Keeps the latest position in the middle as the vehicle moves. */
function FollowLatest({ latest }: { latest: MonitoringDataPoint | null }) {
  const map = useMap();
  useEffect(() => {
    if (latest) map.easeTo({ center: toLngLat(latest.location), duration: 300 });
  }, [map, latest]);
  return null;
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
        <FollowLatest latest={latest} />
      </MapView>
    </section>
  );
}
