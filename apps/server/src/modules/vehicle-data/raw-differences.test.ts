import { describe, expect, it } from 'vitest';
import { metricDifferences, pageDifferences, type MetricsRow } from './raw-differences.js';

const row = (minute: number, transfer_reason: string, metrics: Record<string, unknown>) => ({
  timestamp: new Date(Date.UTC(2026, 10, 5, 10, minute)),
  transfer_reason,
  metrics,
});

const first = row(0, 'PERIODIC', { odometer: 1000, engineHours: 10 });
const start = row(10, 'TRIP_START', { odometer: 1500, engineHours: 11 });
const middle = row(20, 'EVENTS', { odometer: 9000 });
const stop = row(30, 'TRIP_STOP', { odometer: 20000, engineHours: 12, unknown: 4 });

describe('metricDifferences', () => {
  it.each<[string, MetricsRow, MetricsRow | undefined, Record<string, number> | null]>([
    ['no base record', stop, undefined, null],
    ['both carry both', stop, start, { odometer: 18500, engineHours: 1 }],
    ['the base lacks one', stop, middle, { odometer: 11000 }],
    ['a field that is no metric', stop, stop, { odometer: 0, engineHours: 0 }],
  ])('%s', (_, a, b, expected) => {
    expect(metricDifferences(a, b)).toEqual(expected);
  });
});

describe('pageDifferences: any page right on its own', () => {
  const all = [first, start, middle, stop];
  const whole = pageDifferences(all, { before: undefined, tripStart: undefined, first });

  it('differs against the previous record, the trip start at or before, and the first', () => {
    expect(whole).toEqual([
      { previous: null, tripStart: null, first: { odometer: 0, engineHours: 0 } },
      {
        previous: { odometer: 500, engineHours: 1 },
        tripStart: { odometer: 0, engineHours: 0 },
        first: { odometer: 500, engineHours: 1 },
      },
      { previous: { odometer: 7500 }, tripStart: { odometer: 7500 }, first: { odometer: 8000 } },
      {
        previous: { odometer: 11000 },
        tripStart: { odometer: 18500, engineHours: 1 },
        first: { odometer: 19000, engineHours: 2 },
      },
    ]);
  });

  it.each([
    ['the last two', 2, { before: start, tripStart: start, first }],
    ['the last one', 3, { before: middle, tripStart: start, first }],
    ['from the trip start on', 1, { before: first, tripStart: undefined, first }],
  ])('%s, given what lies before the page, as the whole', (_, from, context) => {
    expect(pageDifferences(all.slice(from), context)).toEqual(whole.slice(from));
  });
});
