import type { FleetEntry, VehicleEvent } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';

/** GET assets/{id}/events for the entry's latest trip: a card loads them when its Details opens. */
export const getTripEvents = (assetId: number, from: string, until: string) =>
  api.get<VehicleEvent[]>(`assets/${assetId}/events`, { query: { from, until } });

export const tripEventsQueryOptions = (entry: FleetEntry) =>
  queryOptions({
    queryKey: [
      'assets',
      entry.assetId,
      'events',
      entry.tripStartTime,
      entry.tripEndTime,
      entry.time,
    ],
    queryFn: () =>
      getTripEvents(
        entry.assetId,
        entry.tripStartTime!,
        entry.tripEndTime ?? new Date().toISOString(),
      ),
    enabled: entry.tripStartTime !== null,
  });

export const useTripEvents = (entry: FleetEntry) => useQuery(tripEventsQueryOptions(entry));
