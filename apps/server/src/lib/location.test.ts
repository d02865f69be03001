import { describe, expect, it } from 'vitest';
import { localDate } from './local-date.js';
import { toLocation } from './location.js';

describe('toLocation', () => {
  it.each([
    [5200000, 480000, { latitude: 5200000, longitude: 480000 }],
    [0, 0, { latitude: 0, longitude: 0 }],
    [-3370000, -7060000, { latitude: -3370000, longitude: -7060000 }],
    [null, 480000, null],
    [5200000, null, null],
    [null, null, null],
    [undefined, undefined, null],
  ])('(%s, %s) → %o', (latitude, longitude, expected) => {
    expect(toLocation(latitude, longitude)).toEqual(expected);
  });
});

describe('localDate: the fleet’s day, whatever the server’s zone', () => {
  it.each([
    ['2026-11-23T22:59:59Z', 'Europe/Amsterdam', '2026-11-23'],
    ['2026-11-23T23:00:00Z', 'Europe/Amsterdam', '2026-11-24'],
    ['2026-10-24T22:00:00Z', 'Europe/Amsterdam', '2026-10-25'],
    ['2026-10-25T22:59:59Z', 'Europe/Amsterdam', '2026-10-25'],
    ['2026-11-23T23:00:00Z', 'UTC', '2026-11-23'],
    ['2026-11-23T04:00:00Z', 'America/New_York', '2026-11-22'],
  ])('%s in %s is %s', (when, zone, day) => {
    expect(localDate(new Date(when), zone)).toBe(day);
  });
});
