import type { RawData, RawRecordMetric } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { formatMetric, metricRows, metricsOf, newestFirst, reasonBadge } from './raw-data';

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

const first = record('2026-11-20T07:00:00Z', 'PERIODIC', { odometer: 1000, engineHours: 10.5 });
const start = record('2026-11-20T08:00:00Z', 'TRIP_START', { odometer: 1500, engineHours: 10.75 });
const middle = record('2026-11-20T08:30:00Z', 'EVENTS', { odometer: 9000, engineHours: 11.2 });
const stop = record('2026-11-20T09:00:00Z', 'TRIP_STOP', { odometer: 20000, engineHours: 11.7 });
// Sent out of order, as devices may.
const records = [stop, first, middle, start];

describe('raw data', () => {
  it('lists the timeline newest first', () => {
    expect(newestFirst(records).map((r) => r.transferReason)).toEqual([
      'TRIP_STOP',
      'EVENTS',
      'TRIP_START',
      'PERIODIC',
    ]);
  });

  it('differs each metric against the previous record, the trip start and the first record', () => {
    expect(metricRows(records, stop)).toEqual([
      { metric: 'odometer', value: 20000, previous: 11000, tripStart: 18500, first: 19000 },
      {
        metric: 'engineHours',
        value: 11.7,
        previous: expect.closeTo(0.5),
        tripStart: expect.closeTo(0.95),
        first: expect.closeTo(1.2),
      },
    ]);
  });

  it('takes the trip start at or before the record, and has nothing before the first', () => {
    const [row] = metricRows(records, start);
    expect(row).toEqual({
      metric: 'odometer',
      value: 1500,
      previous: 500,
      tripStart: 0,
      first: 500,
    });
    expect(metricRows(records, first)[0]).toEqual({
      metric: 'odometer',
      value: 1000,
      previous: null,
      tripStart: null,
      first: 0,
    });
  });

  it('leaves a difference empty when the other record lacks the metric', () => {
    const sparse = record('2026-11-20T08:10:00Z', 'PERIODIC', { odometer: 2000, stops: 4 });
    const rows = metricRows([start, sparse], sparse);
    expect(rows.find((r) => r.metric === 'stops')).toMatchObject({ previous: null, first: null });
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
