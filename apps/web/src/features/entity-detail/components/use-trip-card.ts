import { endpoints } from '@fleet/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { Entity } from '../api/get-entity';
import { useDatapoints, useEvents, type VehicleEvent } from '../api/get-vehicle-data';
import { endpointKey } from '@/lib/endpoint-key';
import { useSlots } from '../slots';
import { eventPoint, type TripView } from '../trips';

/** Spec §4, §9: the datapoints are asked again 1 s after an upload or a delete. */
const DATAPOINT_REFRESH_MS = 1000;

/**
 * A trip card's state: Details and Map open and close each on its own (spec §2: two toggles);
 * the trip's events once either is open, and the media of each event on the map's list when a
 * media feature is composed in.
 */
export function useTripCard(trip: TripView, entity: Entity) {
  const [details, setDetails] = useState(false);
  const [map, setMap] = useState(false);
  // Fixed once per trip: a trip under way would otherwise ask for a new window (and call
  // again) every second it re-renders.
  const window = useMemo(
    () => ({ from: trip.startTime, until: trip.endTime ?? new Date() }),
    [trip.startTime, trip.endTime],
  );
  // Events of the trip: of the asset, or of the driver while driving it.
  const events = useEvents(entity.type, entity.id, window, details || map);
  // The Map list's media per event, when a media feature is composed in: the datapoints call
  // (the same one as the map's) names each moment's device and media.
  const { eventMedia } = useSlots();
  const datapoints = useDatapoints(trip.assetId, window, map && !!eventMedia);
  const client = useQueryClient();
  const refreshDatapoints = () =>
    setTimeout(
      () =>
        void client.invalidateQueries({
          queryKey: endpointKey(endpoints.vehicleData.datapoints, { params: { id: trip.assetId } }),
        }),
      DATAPOINT_REFRESH_MS,
    );
  const media =
    eventMedia &&
    ((event: VehicleEvent) =>
      eventMedia({
        assetId: event.assetId,
        timestamp: event.timestamp,
        ...eventPoint(datapoints.data ?? [], event.timestamp),
        onChanged: refreshDatapoints,
      }));
  return {
    details,
    toggleDetails: () => setDetails(!details),
    map,
    toggleMap: () => setMap(!map),
    window,
    events,
    /** Whether a media feature is composed in (the map's list is wider then). */
    withMedia: !!eventMedia,
    media,
  };
}
