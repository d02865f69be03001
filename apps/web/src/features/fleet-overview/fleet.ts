import type { FleetEntry, Organisation } from '@fleet/contract';

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

export interface FleetOrganisation {
  id: number;
  name: string;
  /** its assets that get a card */
  count: number;
}

/**
 * The organisations whose assets the cards show, most cards first, then by name: the
 * organisations below that an OEM or reseller without vehicles of its own can open (issue 19 §7).
 */
export function cardOrganisations(
  cards: readonly Pick<FleetEntry, 'organisationId'>[],
  organisations: readonly Pick<Organisation, 'id' | 'name'>[],
): FleetOrganisation[] {
  const counts = new Map<number, number>();
  for (const card of cards)
    counts.set(card.organisationId, (counts.get(card.organisationId) ?? 0) + 1);
  const names = new Map(organisations.map((o) => [o.id, o.name]));
  return [...counts]
    .map(([id, count]) => ({ id, name: names.get(id) ?? `#${id}`, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name) || a.id - b.id);
}
