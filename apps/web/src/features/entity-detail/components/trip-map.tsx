import type { Location } from '@fleet/contract';
import { formatDateTime } from '@/lib/fleet-time';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { CenterButton } from '@/components/map/center-button';
import { MapView } from '@/components/map/map-view';
import { MarkerLayer, type MapMarker } from '@/components/map/marker-layer';
import { RouteLayer } from '@/components/map/route-layer';
import { useDatapoints } from '../api/get-vehicle-data';
import type { TripView } from '../trips';
import { useEventTypeLabel } from '@/lib/use-labels';
import type { VehicleEvent } from '../api/get-vehicle-data';

/** Spec §9: the trips map starts at zoom 12 near 51.84, 4.90. */
const TRIPS_CENTER: [number, number] = [4.9, 51.84];
const TRIPS_ZOOM = 12;

const located = <T extends { location: Location | null }>(items: T[]) =>
  items.filter((item): item is T & { location: Location } => item.location !== null);

/** The trip's route, start and finish, and its events, on one map. */
export default function TripMap({
  trip,
  window,
  events,
}: {
  trip: TripView;
  /** the trip card's window: the same datapoints call as its events list */
  window: { from: string; until: string | Date };
  events: VehicleEvent[];
}) {
  const { t } = useTranslation();
  const label = useEventTypeLabel();
  const datapoints = useDatapoints(trip.assetId, window);
  const route = useMemo(
    () =>
      located(datapoints.data ?? [])
        .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp))
        .map((point) => point.location),
    [datapoints.data],
  );
  const markers = useMemo<MapMarker[]>(() => {
    const list: MapMarker[] = located(events).map((event) => ({
      kind: 'event',
      location: event.location,
      title: label(event.eventType),
      detail: formatDateTime(event.timestamp),
    }));
    const start = trip.startLocation ?? route[0] ?? null;
    const finish = trip.endTime ? (trip.endLocation ?? route.at(-1) ?? null) : null;
    if (start)
      list.push({
        kind: 'start',
        location: start,
        title: t('entity.trips.start'),
        detail: formatDateTime(trip.startTime),
      });
    if (finish)
      list.push({
        kind: 'finish',
        location: finish,
        title: t('entity.trips.finish'),
        detail: formatDateTime(trip.endTime),
      });
    return list;
  }, [events, route, trip, t, label]);
  const all = useMemo(() => [...route, ...markers.map((m) => m.location)], [route, markers]);
  const center = all[0]
    ? ([all[0].longitude / 100000, all[0].latitude / 100000] as [number, number])
    : TRIPS_CENTER;

  return (
    <>
      <MapView center={center} zoom={TRIPS_ZOOM} height={420} testId="trip-map">
        <RouteLayer id="trip-route" points={route} />
        <MarkerLayer id="trip-markers" markers={markers} />
        <CenterButton points={all} label={t('entity.trips.center')} fitOnMount />
      </MapView>
      {datapoints.isSuccess && route.length < 2 && (
        <p className="small text-body-secondary mt-2">{t('entity.trips.noRoute')}</p>
      )}
    </>
  );
}
