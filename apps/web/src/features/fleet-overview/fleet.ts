import type { FleetEntry } from '@fleet/contract';

const time = (value: string | null) => (value ? Date.parse(value) : Number.NEGATIVE_INFINITY);

/**
 * The entries that get a card (spec §2): only those with a device, by last data time, newest
 * first; entries that never sent data last, then by name.
 */
export function fleetCards(entries: readonly FleetEntry[]): FleetEntry[] {
  return entries
    .filter((entry) => entry.deviceId !== null)
    .sort(
      (a, b) =>
        time(b.time) - time(a.time) ||
        a.assetName.localeCompare(b.assetName) ||
        a.assetId - b.assetId,
    );
}

/** Driving when a trip is under way (spec §2: trip present). */
export const isDriving = (entry: Pick<FleetEntry, 'trip'>) => !!entry.trip;

/** The events of the entry's latest trip, in time order (spec §2 Details: time and event type). */
export function tripEvents(events: readonly { timestamp: string; eventType: string }[]) {
  return events
    .map(({ timestamp, eventType }) => ({ timestamp, eventType }))
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
}
