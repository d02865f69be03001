import { describe, expect, it } from 'vitest';
import { isActive, localTime } from './active-hours.js';

const AMS = 'Europe/Amsterdam';
const WEEKDAYS = 1 | 2 | 4 | 8 | 16;
const FRIDAY = 16;
const SATURDAY = 32;
const SUNDAY = 64;

describe('alert rules: active hours and days in the fleet zone', () => {
  it.each([
    // [what, days, from, until, instant (UTC), active]
    ['all day every day', 127, 0, 1440, '2026-11-26T03:00:00Z', true],
    [
      'office hours, inside (09:30 local, winter +1)',
      WEEKDAYS,
      540,
      1020,
      '2026-11-26T08:30:00Z',
      true,
    ],
    ['office hours, before (08:59 local)', WEEKDAYS, 540, 1020, '2026-11-26T07:59:00Z', false],
    [
      'office hours, the end is excluded (17:00 local)',
      WEEKDAYS,
      540,
      1020,
      '2026-11-26T16:00:00Z',
      false,
    ],
    ['office hours on a Saturday', WEEKDAYS, 540, 1020, '2026-11-28T10:00:00Z', false],
    ['weekend only, on Sunday', SATURDAY | SUNDAY, 0, 1440, '2026-11-29T12:00:00Z', true],
    // UTC Sunday 23:30 is Monday 00:30 in Amsterdam: a Monday, not a Sunday.
    ['the local day, not the UTC day', SUNDAY, 0, 1440, '2026-11-29T23:30:00Z', false],
    ['overnight Friday 22–06, Friday 23:00', FRIDAY, 1320, 360, '2026-11-27T22:00:00Z', true],
    [
      'overnight Friday 22–06, Saturday 05:59 (yesterday’s window)',
      FRIDAY,
      1320,
      360,
      '2026-11-28T04:59:00Z',
      true,
    ],
    ['overnight Friday 22–06, Saturday 06:00', FRIDAY, 1320, 360, '2026-11-28T05:00:00Z', false],
    [
      'overnight Friday 22–06, Friday 05:00 (Thursday’s window)',
      FRIDAY,
      1320,
      360,
      '2026-11-27T04:00:00Z',
      false,
    ],
    ['overnight Friday 22–06, Saturday 23:00', FRIDAY, 1320, 360, '2026-11-28T22:00:00Z', false],
    // Summer time (+2): 08:30 UTC on 2026-07-01 is 10:30 local, 07:30 UTC is 09:30.
    ['summer: 09:00–10:00 local at 07:30 UTC', 127, 540, 600, '2026-07-01T07:30:00Z', true],
    ['summer: 09:00–10:00 local at 08:30 UTC', 127, 540, 600, '2026-07-01T08:30:00Z', false],
    // 29 March 2026: 02:00 local jumps to 03:00. 01:30 UTC is 03:30 local.
    ['DST start: 03:00–04:00 local at 01:30 UTC', 127, 180, 240, '2026-03-29T01:30:00Z', true],
    [
      'DST start: 02:00–03:00 local never happens that night',
      127,
      120,
      180,
      '2026-03-29T00:59:00Z',
      false,
    ],
    // 25 October 2026: 03:00 local falls back to 02:00; both 02:30s are in 02:00–03:00.
    ['DST end: first 02:30 local (00:30 UTC)', 127, 120, 180, '2026-10-25T00:30:00Z', true],
    ['DST end: second 02:30 local (01:30 UTC)', 127, 120, 180, '2026-10-25T01:30:00Z', true],
    ['start equal to end is all day', SUNDAY, 600, 600, '2026-11-29T02:00:00Z', true],
  ] as const)('%s', (_what, days, from, until, at, active) => {
    expect(
      isActive({ activeDays: days, activeFrom: from, activeUntil: until }, new Date(at), AMS),
    ).toBe(active);
  });

  it('reads the weekday and minute of another zone', () => {
    expect(localTime(new Date('2026-11-26T23:30:00Z'), 'America/New_York')).toEqual({
      weekday: 3,
      minute: 18 * 60 + 30,
    });
  });
});
