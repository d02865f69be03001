import type { RawData, RawRecordMetric } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { formatMetric, metricRows, metricsOf, reasonBadge } from './raw-data';

const record = (
  timestamp: string,
  transferReason: string,
  metrics: Partial<Record<RawRecordMetric, number>>,
): RawData => ({
  timestamp,
  transferReason,
  deviceId: 1,
  location: null,
  speed: null,
  events: [],
  ...metrics,
});

describe('raw data', () => {
  it('shows the differences the server computed, one row per metric the record carries', () => {
    const stop = {
      ...record('2026-11-20T09:00:00Z', 'TRIP_STOP', { odometer: 20000, engineHours: 11.7 }),
      differences: {
        previous: { odometer: 11000, engineHours: 0.5 },
        tripStart: { odometer: 18500 },
        first: null,
      },
    };
    expect(metricRows(stop)).toEqual([
      { metric: 'odometer', value: 20000, previous: 11000, tripStart: 18500, first: null },
      { metric: 'engineHours', value: 11.7, previous: 0.5, tripStart: null, first: null },
    ]);
  });

  it('leaves every difference empty when the server sent none', () => {
    const sparse = record('2026-11-20T08:10:00Z', 'PERIODIC', { odometer: 2000, stops: 4 });
    expect(metricRows(sparse).find((r) => r.metric === 'stops')).toEqual({
      metric: 'stops',
      value: 4,
      previous: null,
      tripStart: null,
      first: null,
    });
  });

  it.each([
    [12, '12'],
    [0, '0'],
    [10.456, '10.46'],
    [-0.004, '-0.00'],
    [null, ''],
  ])('shows %s as %j', (value, text) => expect(formatMetric(value)).toBe(text));

  it.each([
    ['EVENTS', 'info'],
    ['TRIP_START', 'success'],
    ['TRIP_STOP', 'danger'],
    ['PERIODIC', 'info'],
    ['SOMETHING_NEW', 'info'],
  ])('badges %s as %s (spec §4)', (reason, badge) => expect(reasonBadge(reason)).toBe(badge));

  it('reads the metrics from the fields of the record (spec §3), in the documented order', () => {
    const sent = { ...record('2026-11-20T08:10:00Z', 'PERIODIC', { stops: 4, odometer: 2000 }) };
    expect(metricsOf(sent)).toEqual([
      { metric: 'odometer', value: 2000 },
      { metric: 'stops', value: 4 },
    ]);
  });
});
