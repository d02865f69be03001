import { endpoints, type FleetEntry } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';

/** One event with its moment: what the Details list shows. */
export type TripEvent = { timestamp: string; eventType: string };

/** Points or event records (spec §3: one per moment, its events together) → one entry per event. */
export const flattenEvents = (
  records: readonly { timestamp: string; events?: { eventType: string }[] }[],
): TripEvent[] =>
  records.flatMap(({ timestamp, events }) =>
    (events ?? []).map(({ eventType }) => ({ timestamp, eventType })),
  );

/** GET assets/{id}/events for the entry's latest trip. */
export const getTripEvents = async (assetId: number, from: string, until: string) =>
  flattenEvents(
    await api.call(endpoints.vehicleData.assetEvents, {
      params: { id: assetId },
      query: { from, until },
    }),
  );

/** The events of the entry's latest trip: its datapoints when the fleet call carried them, else asked for. */
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
      entry.datapoints
        ? flattenEvents(entry.datapoints)
        : getTripEvents(
            entry.assetId,
            entry.tripStartTime!,
            entry.tripEndTime ?? new Date().toISOString(),
          ),
    enabled: entry.tripStartTime !== null,
  });

export const useTripEvents = (entry: FleetEntry) => useQuery(tripEventsQueryOptions(entry));
