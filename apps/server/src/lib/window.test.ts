import { describe, expect, it } from 'vitest';
import { dataWindow, windowDays } from './window.js';

const now = new Date('2026-11-23T12:00:00Z');

describe('dataWindow: [from, until] as sent, at most maxDays', () => {
  it.each([
    [
      { from: '2026-11-23T00:00:00Z', until: '2026-11-23T10:00:00Z' },
      1,
      '2026-11-23T10:00:00.000Z',
    ],
    [{ from: '2026-11-23T00:00:00Z' }, 1, now.toISOString()],
    [
      { from: '2026-11-23T00:00:01+01:00', until: '2026-11-23T23:59:59+01:00' },
      1,
      '2026-11-23T22:59:59.000Z',
    ],
    // 'This year' of a leap year is 366 days less two seconds
    [
      { from: '2028-01-01T00:00:01+01:00', until: '2028-12-31T23:59:59+01:00' },
      366,
      '2028-12-31T22:59:59.000Z',
    ],
    // 93 local days across the change to winter time are 93 × 24 h + 1 h
    [
      { from: '2026-10-01T00:00:00+02:00', until: '2027-01-02T00:00:00+01:00' },
      93,
      '2027-01-01T23:00:00.000Z',
    ],
  ])('%o within %i days → until %s', (query, maxDays, until) => {
    const window = dataWindow(query, maxDays, now);
    expect(window.from.getTime()).toBe(Date.parse(query.from));
    expect(window.until.toISOString()).toBe(until);
  });

  it.each([
    [
      { from: '2026-11-23T10:00:00Z', until: '2026-11-23T10:00:00Z' },
      1,
      'from must be before until',
    ],
    [
      { from: '2026-11-23T11:00:00Z', until: '2026-11-23T10:00:00Z' },
      1,
      'from must be before until',
    ],
    [{ from: '2026-11-21T00:00:00Z', until: '2026-11-23T02:00:00Z' }, 2, 'at most 2 days'],
    [{ from: '2025-01-01T00:00:00Z', until: '2026-01-03T00:00:00Z' }, 366, 'at most 366 days'],
    [{ from: 'noon', until: '2026-11-23T10:00:00Z' }, 1, 'times with an offset'],
  ])('%o within %i days → 400 %s', (query, maxDays, message) => {
    expect(() => dataWindow(query, maxDays, now)).toThrow(message);
  });

  it.each([
    ['2026-11-23T00:00:00Z', '2026-11-23T00:00:01Z', 1],
    ['2026-11-23T00:00:00Z', '2026-11-24T00:00:00Z', 1],
    ['2026-11-23T00:00:00Z', '2026-11-24T01:00:00Z', 2],
    ['2026-01-01T00:00:00Z', '2026-12-31T23:59:59Z', 365],
  ])('windowDays %s → %s is %i', (from, until, days) => {
    expect(windowDays({ from: new Date(from), until: new Date(until) })).toBe(days);
  });
});
