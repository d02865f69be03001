import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDistance,
  formatDuration,
  formatFuel,
  formatScore,
  formatTime,
  fromDateTimeLocal,
  toDateTimeLocal,
  toLocalIso,
} from './format.js';

describe('formatScore: 1 decimal', () => {
  it.each([
    [87.25, '87.3'],
    [100, '100.0'],
    [0, '0.0'],
    [4.04, '4.0'],
    [null, ''],
    [undefined, ''],
    [Number.NaN, ''],
  ])('%s → %j', (value, shown) => expect(formatScore(value)).toBe(shown));
});

describe('formatFuel: 2 decimals', () => {
  it.each([
    [12.345, '12.35'],
    [3, '3.00'],
    [0, '0.00'],
    [null, ''],
  ])('%s → %j', (value, shown) => expect(formatFuel(value)).toBe(shown));
});

describe('formatDistance: metres as km with 1 decimal', () => {
  it.each([
    [12345, '12.3 km'],
    [1000, '1.0 km'],
    [50, '0.1 km'],
    [120_450_000, '120450.0 km'],
    [0, '0 km'],
    [null, '0 km'],
    [undefined, '0 km'],
  ])('%s → %j', (value, shown) => expect(formatDistance(value)).toBe(shown));
});

describe('formatDuration: leading zero units dropped', () => {
  it.each([
    [3723, '1h 2m 3s'],
    [3600, '1h 0m 0s'],
    [123, '2m 3s'],
    [60, '1m 0s'],
    [3, '3s'],
    [0, '0s'],
    [2.6, '3s'],
    [90_061, '25h 1m 1s'],
    [null, '0s'],
    [-5, '0s'],
  ])('%s → %j', (value, shown) => expect(formatDuration(value)).toBe(shown));
});

describe('local dates and times', () => {
  const at = new Date(2026, 0, 5, 7, 8, 9); // 5 January 2026, 07:08:09 local
  it.each([
    [at, '2026-01-05', '07:08:09'],
    [at.getTime(), '2026-01-05', '07:08:09'],
    [at.toISOString(), '2026-01-05', '07:08:09'],
    [new Date(2026, 11, 31, 23, 59, 59), '2026-12-31', '23:59:59'],
    [null, '', ''],
    ['not a date', '', ''],
  ])('%s → %j %j', (when, date, time) => {
    expect(formatDate(when)).toBe(date);
    expect(formatTime(when)).toBe(time);
    expect(formatDateTime(when)).toBe(date ? `${date} ${time}` : '');
  });

  it('round-trips datetime-local values', () => {
    expect(toDateTimeLocal(at)).toBe('2026-01-05T07:08:09');
    expect(fromDateTimeLocal('2026-01-05T07:08:09')).toEqual(at);
    expect(fromDateTimeLocal('2026-01-05T07:08')).toEqual(new Date(2026, 0, 5, 7, 8, 0));
    expect(fromDateTimeLocal('')).toBeNull();
    expect(fromDateTimeLocal('2026-02-30T00:00')).toBeNull();
  });

  it('sends local time with its offset, naming the same instant', () => {
    const iso = toLocalIso(at);
    expect(iso).toMatch(/^2026-01-05T07:08:09[+-]\d{2}:\d{2}$/);
    expect(new Date(iso).getTime()).toBe(at.getTime());
    expect(toLocalIso(undefined)).toBe('');
  });
});
