import type { Location, SafetyCase, SafetyCaseMinute } from '@fleet/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CenterButton } from '@/components/map/center-button';
import { MapView } from '@/components/map/map-view';
import { MarkerLayer, type MapMarker } from '@/components/map/marker-layer';
import { RouteLayer } from '@/components/map/route-layer';
import { formatDateTime } from '@/lib/fleet-time';
import { useEventTypeLabel } from '@/lib/use-labels';

/** Where the map starts without any position (spec §9's trips map). */
const FALLBACK_CENTER: [number, number] = [4.9, 51.84];
const ZOOM = 15;

const located = <T extends { location: Location | null }>(items: T[]) =>
  items.filter((item): item is T & { location: Location } => item.location !== null);

/**
 * The event on the map (the trips' map view and layers): the route of the minutes around it,
 * the event itself, and the other events of those minutes.
 */
export default function CaseMap({
  item,
  minute,
}: {
  item: SafetyCase;
  minute: SafetyCaseMinute | undefined;
}) {
  const { t } = useTranslation();
  const label = useEventTypeLabel();
  const route = useMemo(
    () =>
      located(minute?.points ?? [])
        .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp))
        .map((point) => point.location),
    [minute],
  );
  const markers = useMemo<MapMarker[]>(() => {
    const others: MapMarker[] = located(minute?.events ?? [])
      .filter((e) => e.timestamp !== item.eventTime || e.eventType !== item.eventType)
      .map((e) => ({
        kind: 'datapoint',
        location: e.location,
        title: label(e.eventType),
        detail: formatDateTime(e.timestamp),
      }));
    const own: MapMarker[] = item.location
      ? [
          {
            kind: 'event',
            location: item.location,
            title: label(item.eventType),
            detail: formatDateTime(item.eventTime),
          },
        ]
      : [];
    return [...others, ...own];
  }, [minute, item, label]);
  const focus = item.location ?? route[0] ?? null;
  const center: [number, number] = focus
    ? [focus.longitude / 100000, focus.latitude / 100000]
    : FALLBACK_CENTER;
  const all = useMemo(() => [...route, ...markers.map((m) => m.location)], [route, markers]);

  return (
    <MapView center={center} zoom={ZOOM} height={320} testId="case-map">
      <RouteLayer id="case-route" points={route} />
      <MarkerLayer id="case-markers" markers={markers} />
      <CenterButton points={all} label={t('safety.case.center')} fitOnMount />
    </MapView>
  );
}
