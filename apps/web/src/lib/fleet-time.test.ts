import { describe, expect, it } from 'vitest';
import {
  dayBounds,
  formatDate,
  formatDateTime,
  fromDateTimeLocal,
  fromWallClock,
  offsetMinutes,
  periodRange,
  toDateTimeLocal,
  toLocalIso,
} from './fleet-time';

// The fleet's zone, whatever zone the test runner (or the browser) is in.
const AMS = 'Europe/Amsterdam';

describe('times in the fleet zone', () => {
  it.each([
    ['2026-11-23T00:30:00Z', AMS, '2026-11-23 01:30:00', 60],
    ['2026-11-22T23:30:00Z', AMS, '2026-11-23 00:30:00', 60],
    ['2026-07-01T22:30:00Z', AMS, '2026-07-02 00:30:00', 120],
    ['2026-11-22T23:30:00Z', 'UTC', '2026-11-22 23:30:00', 0],
    ['2026-11-23T03:00:00Z', 'America/New_York', '2026-11-22 22:00:00', -300],
  ])('%s in %s is %s (offset %i min)', (iso, zone, shown, offset) => {
    expect(formatDateTime(iso, zone)).toBe(shown);
    expect(offsetMinutes(Date.parse(iso), zone)).toBe(offset);
  });

  it('reads and writes datetime-local values and ISO times with the zone’s offset', () => {
    const at = fromDateTimeLocal('2026-11-23T00:00:01', AMS)!;
    expect(at.toISOString()).toBe('2026-11-22T23:00:01.000Z');
    expect(toDateTimeLocal(at, AMS)).toBe('2026-11-23T00:00:01');
    expect(toLocalIso(at, AMS)).toBe('2026-11-23T00:00:01+01:00');
    expect(toLocalIso(fromDateTimeLocal('2026-07-01T12:00', AMS), AMS)).toBe(
      '2026-07-01T12:00:00+02:00',
    );
    expect(fromDateTimeLocal('2026-02-30T00:00', AMS)).toBeNull();
    expect(fromDateTimeLocal('2026-11-23T24:00', AMS)).toBeNull();
    expect(fromDateTimeLocal('soon', AMS)).toBeNull();
  });

  it('moves a time skipped by the spring clock change forward', () => {
    expect(toLocalIso(fromWallClock(2026, 3, 29, 2, 30, 0, AMS), AMS)).toBe(
      '2026-03-29T03:30:00+02:00',
    );
  });

  it('gives a day’s bounds across a clock change', () => {
    const day = dayBounds('2026-10-25', AMS)!;
    expect(toLocalIso(day.from, AMS)).toBe('2026-10-25T00:00:00+02:00');
    expect(toLocalIso(day.until, AMS)).toBe('2026-10-25T23:59:59+01:00');
    expect(dayBounds('2026-13-01', AMS)).toBeNull();
  });

  it('names the fleet’s day, not the runner’s: 00:30 in Amsterdam is the same day there', () => {
    expect(formatDate('2026-11-22T23:30:00Z', AMS)).toBe('2026-11-23');
  });
});

describe('period presets in the fleet zone (spec §3, §4, §9)', () => {
  // Wednesday 18 March 2026, 00:30 in Amsterdam: still the 17th in UTC.
  const now = new Date('2026-03-17T23:30:00Z');
  it.each([
    ['TODAY', '2026-03-18T00:00:01+01:00', '2026-03-18T23:59:59+01:00'],
    ['YESTERDAY', '2026-03-17T00:00:01+01:00', '2026-03-17T23:59:59+01:00'],
    ['THIS_WEEK', '2026-03-16T00:00:01+01:00', '2026-03-18T23:59:59+01:00'],
    ['LAST_WEEK', '2026-03-09T00:00:01+01:00', '2026-03-15T23:59:59+01:00'],
    ['THIS_MONTH', '2026-03-01T00:00:01+01:00', '2026-03-18T23:59:59+01:00'],
    ['LAST_MONTH', '2026-02-01T00:00:01+01:00', '2026-02-28T23:59:59+01:00'],
    ['THIS_YEAR', '2026-01-01T00:00:01+01:00', '2026-03-18T23:59:59+01:00'],
  ] as const)('%s runs from %s until %s', (period, from, until) => {
    const range = periodRange(period, now, AMS);
    expect([toLocalIso(range.from, AMS), toLocalIso(range.until, AMS)]).toEqual([from, until]);
  });
});
