import {
  DEFAULT_PAGE_SIZE,
  type FleetEntry,
  type FleetOrganisationCount,
  type Organisation,
} from '@fleet/contract';

/** The furthest page the address may ask for (the server takes offsets up to 10,000,000). */
const MAX_PAGE = 1_000_000;

/** The page asked for in the address (?page=): a whole number from 1, else 1. */
export const askedPage = (value: string | null) =>
  Math.min(MAX_PAGE, Math.max(1, Math.floor(Number(value ?? 1)) || 1));

/**
 * The fleet call's paging for a page of the cards (spec §9: 10 a page); the server picks the
 * cards (assets with a device) and sorts them (newest data first, never sent last, then name).
 */
export const pageQuery = (page: number, size = DEFAULT_PAGE_SIZE) => ({
  limit: size,
  offset: (page - 1) * size,
});

/** How many pages `total` cards fill: at least one. */
export const pageCount = (total: number, size = DEFAULT_PAGE_SIZE) =>
  Math.max(1, Math.ceil(total / size));

/** Driving when a trip is under way (spec §2: trip present). */
export const isDriving = (entry: Pick<FleetEntry, 'trip'>) => !!entry.trip;

/** The events of the entry's latest trip, in time order (spec §2 Details: time and event type). */
export function tripEvents(events: readonly { timestamp: string; eventType: string }[]) {
  return events
    .map(({ timestamp, eventType }) => ({ timestamp, eventType }))
    .sort((a, b) => Date.parse(a.timestamp) - Date.parse(b.timestamp));
}

export interface FleetOrganisation {
  id: number;
  name: string;
  /** its assets that get a card */
  count: number;
}

/**
 * The organisations whose assets the cards show, most cards first, then by name: the
 * organisations below that an OEM or reseller without vehicles of its own can open (issue 19 §7).
 * The counts are the server's (GET organisations/{id}/assets/fleet/organisations).
 */
export function cardOrganisations(
  counts: readonly FleetOrganisationCount[],
  organisations: readonly Pick<Organisation, 'id' | 'name'>[],
): FleetOrganisation[] {
  const names = new Map(organisations.map((o) => [o.id, o.name]));
  return counts
    .filter(({ count }) => count > 0)
    .map(({ organisationId: id, count }) => ({ id, name: names.get(id) ?? `#${id}`, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
}
