import type { QueryPoint } from '@fleet/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CenterButton } from '@/components/map/center-button';
import { MapView } from '@/components/map/map-view';
import { MarkerLayer, type MapMarker } from '@/components/map/marker-layer';
import { RouteLayer } from '@/components/map/route-layer';
import { formatDateTime } from '@/lib/fleet-time';

/** Spec §9's trips map start: near 51.84, 4.90 at zoom 12 (the map fits the points at once). */
const CENTER: [number, number] = [4.9, 51.84];

/** The positions an asset reported: the line through them in time order, and each as a dot. */
export default function QueryPointsMap({ points }: { points: QueryPoint[] }) {
  const { t } = useTranslation();
  const route = useMemo(() => points.map((p) => p.location), [points]);
  const markers = useMemo<MapMarker[]>(
    () =>
      points.map((point) => ({
        kind: point.source === 'DATAPOINT' ? 'datapoint' : 'record',
        location: point.location,
        title: t(`admin.queryPoints.sources.${point.source}`),
        detail: [
          formatDateTime(point.timestamp),
          point.transferReason,
          point.speed === null ? null : `${Math.round(point.speed)} km/h`,
        ]
          .filter(Boolean)
          .join(' · '),
      })),
    [points, t],
  );
  return (
    <MapView center={CENTER} zoom={12} height={380} testId="querypoints-map">
      <RouteLayer id="querypoints-route" points={route} color="#6c757d" />
      <MarkerLayer id="querypoints-markers" markers={markers} />
      <CenterButton points={route} label={t('admin.queryPoints.fit')} fitOnMount />
    </MapView>
  );
}
