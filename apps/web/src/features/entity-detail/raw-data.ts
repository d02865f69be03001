import { RAW_RECORD_METRICS, type RawData, type RawRecordMetric } from '@fleet/contract';

export type MetricRow = {
  metric: string;
  value: number;
  /** null when the other record lacks the metric, or there is no such record */
  previous: number | null;
  tripStart: number | null;
  first: number | null;
};

/** Non-integers with 2 decimals (spec §2 Raw data). */
export const formatMetric = (value: number | null): string =>
  value === null ? '' : Number.isInteger(value) ? String(value) : value.toFixed(2);

const byTime = (a: RawData, b: RawData) => Date.parse(a.timestamp) - Date.parse(b.timestamp);

/** Newest first, for the timeline. */
export const newestFirst = (records: RawData[]) => [...records].sort(byTime).reverse();

/** The metrics a record carries (spec §3: fields of the record), in the device's documented order. */
export const metricsOf = (record: RawData): { metric: RawRecordMetric; value: number }[] =>
  RAW_RECORD_METRICS.flatMap((metric) => {
    const value = record[metric];
    return typeof value === 'number' ? [{ metric, value }] : [];
  });

/**
 * The table of one record: each metric with its difference against the previous record, the trip
 * start (the latest TRIP_START at or before it) and the first record of the loaded period.
 */
export function metricRows(records: RawData[], record: RawData): MetricRow[] {
  const sorted = [...records].sort(byTime);
  const index = sorted.indexOf(record);
  const at = Date.parse(record.timestamp);
  const previous = index > 0 ? sorted[index - 1] : undefined;
  const tripStart = sorted.findLast(
    (r) => r.transferReason === 'TRIP_START' && Date.parse(r.timestamp) <= at,
  );
  const first = sorted[0];
  const diff = (other: RawData | undefined, metric: RawRecordMetric, value: number) => {
    const base = other?.[metric];
    return base === undefined ? null : value - base;
  };
  return metricsOf(record).map(({ metric, value }) => {
    return {
      metric,
      value,
      previous: diff(previous, metric, value),
      tripStart: diff(tripStart, metric, value),
      first: diff(first, metric, value),
    };
  });
}

/** Spec §4 timeline badges of raw data. */
export function reasonBadge(reason: string): 'info' | 'success' | 'danger' {
  if (reason === 'TRIP_START') return 'success';
  if (reason === 'TRIP_STOP') return 'danger';
  return 'info';
}
