import { describe, expect, it } from 'vitest';
import { addDays, localDay, localTime, offsetMinutes, weekday } from './local-time.js';

describe('local time in Europe/Amsterdam', () => {
  it.each([
    ['2026-01-15', 7 * 60, '2026-01-15T06:00:00.000Z'],
    ['2026-07-15', 7 * 60, '2026-07-15T05:00:00.000Z'],
    // The night the clocks go forward (02:00 → 03:00) and back (03:00 → 02:00).
    ['2026-03-29', 6 * 60, '2026-03-29T04:00:00.000Z'],
    ['2026-10-25', 6 * 60, '2026-10-25T05:00:00.000Z'],
    ['2026-10-25', 0, '2026-10-24T22:00:00.000Z'],
  ])('%s at minute %i is %s', (day, minutes, iso) => {
    expect(new Date(localTime(day, minutes)).toISOString()).toBe(iso);
  });

  it('knows the local day, the offset and the weekday', () => {
    expect(localDay(Date.parse('2026-11-20T23:30:00Z'))).toBe('2026-11-21');
    expect(offsetMinutes(Date.parse('2026-11-20T12:00:00Z'))).toBe(60);
    expect(offsetMinutes(Date.parse('2026-06-20T12:00:00Z'))).toBe(120);
    expect(weekday('2026-11-21')).toBe(6);
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });
});
