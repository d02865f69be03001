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

/** The metrics a record carries (spec §3: fields of the record), in the device's documented order. */
export const metricsOf = (record: RawData): { metric: RawRecordMetric; value: number }[] =>
  RAW_RECORD_METRICS.flatMap((metric) => {
    const value = record[metric];
    return typeof value === 'number' ? [{ metric, value }] : [];
  });

/**
 * The table of one record: each metric with its difference against the previous record, the trip
 * start (the latest TRIP_START at or before it) and the first record of the period, as the
 * server computed them: right on any page of the timeline.
 */
export function metricRows(record: RawData): MetricRow[] {
  const differences = record.differences;
  const of = (against: Record<string, number> | null | undefined, metric: RawRecordMetric) =>
    against?.[metric] ?? null;
  return metricsOf(record).map(({ metric, value }) => ({
    metric,
    value,
    previous: of(differences?.previous, metric),
    tripStart: of(differences?.tripStart, metric),
    first: of(differences?.first, metric),
  }));
}

/** Spec §4 timeline badges of raw data. */
export function reasonBadge(reason: string): 'info' | 'success' | 'danger' {
  if (reason === 'TRIP_START') return 'success';
  if (reason === 'TRIP_STOP') return 'danger';
  return 'info';
}
