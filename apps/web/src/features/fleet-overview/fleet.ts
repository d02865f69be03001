import type { FleetEntry } from '@fleet/contract';

/** Pagination defaults to 10 per page (spec §9). */
export const PAGE_SIZE = 10;

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

/** The page count and the items of one page; a page past the end shows the last one. */
export function paginate<T>(items: readonly T[], page: number, size = PAGE_SIZE) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const first = (current - 1) * size;
  return { page: current, pages, first, items: items.slice(first, first + size) };
}
