import { RAW_RECORD_METRICS, type RawDataDifferences } from '@fleet/contract';

/** What the differences need of a stored raw record. */
export interface MetricsRow {
  timestamp: Date;
  transfer_reason: string;
  metrics: Record<string, unknown>;
}

/** Each metric of `row` minus the same metric of `base`, for those both carry. */
export function metricDifferences(
  row: MetricsRow,
  base: MetricsRow | undefined,
): Record<string, number> | null {
  if (!base) return null;
  const differences: Record<string, number> = {};
  for (const metric of RAW_RECORD_METRICS) {
    const value = row.metrics[metric];
    const other = base.metrics[metric];
    if (typeof value === 'number' && typeof other === 'number') differences[metric] = value - other;
  }
  return differences;
}

/** What lies outside a page that its differences need. */
export interface PageContext<R extends MetricsRow> {
  /** the record just before the page's oldest, in the period */
  before: R | undefined;
  /** the latest TRIP_START of the period at or before the page's oldest record */
  tripStart: R | undefined;
  /** the period's first record */
  first: R | undefined;
}

/**
 * The differences of each record of a page (oldest first) against the record before it, the
 * latest trip start at or before it and the period's first record: right for any page on its own.
 */
export function pageDifferences<R extends MetricsRow>(
  oldestFirst: R[],
  context: PageContext<R>,
): RawDataDifferences[] {
  let previous = context.before;
  let tripStart = context.tripStart;
  return oldestFirst.map((row) => {
    if (row.transfer_reason === 'TRIP_START') tripStart = row;
    const differences = {
      previous: metricDifferences(row, previous),
      tripStart: metricDifferences(row, tripStart),
      first: metricDifferences(row, context.first),
    };
    previous = row;
    return differences;
  });
}
