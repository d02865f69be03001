/**
 * The steps of deleting an organisation's data (DELETE organisations/{id}/data) or the
 * organisation itself with everything in and below it (DELETE organisations/{id}). All steps
 * run in one transaction: it is all deleted or nothing. They are small enough to report
 * progress between them, in an order that keeps live work out of the way: what the devices
 * sent (by far the most rows) first, by device; then what the engine derived, by asset; the
 * rows that ingestion and the engine touch on every batch (the queue, the latest state) last,
 * so a truck still sending is held up only for the final moments.
 *
 * Deleting the organisation deletes its devices rather than their records: the records go by
 * the foreign key's cascade, in the same single pass over them, and the device's own cascade
 * then finds nothing left to visit. (Records deleted first would still be looked up, one by
 * one through the dead index entries, when the devices go: a second pass as long as the first.)
 */

/** What a deletion covers, read at its start. */
export interface DeletionScope {
  /** the organisation and every one below it, deepest first (children before parents) */
  organisationIds: number[];
  assetIds: number[];
  /** the organisations' own devices: all their records go */
  deviceIds: number[];
  /** devices of organisations above that were fitted to the assets: their records of these assets go */
  foreignDeviceIds: number[];
}

export type DeletionStep =
  | { kind: 'records'; deviceIds: number[] }
  | { kind: 'devices'; deviceIds: number[] }
  | { kind: 'assets'; assetIds: number[] }
  | { kind: 'foreignRecords'; deviceIds: number[]; assetIds: number[] }
  | { kind: 'derived'; assetIds: number[] }
  | { kind: 'latest'; assetIds: number[] }
  | { kind: 'fleet'; organisationIds: number[] }
  | { kind: 'organisations'; organisationIds: number[] };

/** Devices per step: a year of one truck is about 200,000 records. */
export const DEVICES_PER_STEP = 10;
/** Assets per step of the derived data: about 1,000 trips and 4,000 rollup rows a year each. */
export const ASSETS_PER_STEP = 50;

export function chunks<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError(`chunk size ${size}`);
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * The steps, in order. `whole`: the organisations go too, with their assets, devices, drivers,
 * groups, configuration groups, users and settings; otherwise those stay and only what the
 * devices sent and what was derived from it goes.
 */
export function deletionSteps(scope: DeletionScope, whole: boolean): DeletionStep[] {
  const steps: DeletionStep[] = chunks(scope.deviceIds, DEVICES_PER_STEP).map((deviceIds) =>
    whole ? { kind: 'devices', deviceIds } : { kind: 'records', deviceIds },
  );
  if (scope.foreignDeviceIds.length && scope.assetIds.length)
    steps.push({
      kind: 'foreignRecords',
      deviceIds: scope.foreignDeviceIds,
      assetIds: scope.assetIds,
    });
  for (const assetIds of chunks(scope.assetIds, ASSETS_PER_STEP))
    steps.push({ kind: 'derived', assetIds });
  if (scope.assetIds.length) steps.push({ kind: 'latest', assetIds: scope.assetIds });
  if (whole) {
    for (const assetIds of chunks(scope.assetIds, ASSETS_PER_STEP))
      steps.push({ kind: 'assets', assetIds });
    steps.push({ kind: 'fleet', organisationIds: scope.organisationIds });
    steps.push({ kind: 'organisations', organisationIds: scope.organisationIds });
  }
  return steps;
}

/** Adds one step's counts to the running totals. */
export function addCounts(
  totals: Record<string, number>,
  counts: Record<string, number>,
): Record<string, number> {
  const sum = { ...totals };
  for (const [kind, n] of Object.entries(counts)) sum[kind] = (sum[kind] ?? 0) + n;
  return sum;
}

/**
 * Why a deletion's confirmation does not hold, or undefined when it does: the person typed the
 * organisation's name, the same, surrounding spaces aside (names are unique regardless of case,
 * but the confirmation is exact, as it was shown).
 */
export function confirmationRefusal(name: string, confirm: string): string | undefined {
  return confirm.trim() === name
    ? undefined
    : `confirm must be the organisation's name exactly: type '${name}' to delete it`;
}
