import { describe, expect, it } from 'vitest';
import { isPeriod, periodRange, type Period } from './period.js';

const local = (y: number, m: number, d: number, h = 0, mi = 0, s = 1) =>
  new Date(y, m - 1, d, h, mi, s);
const end = (y: number, m: number, d: number) => local(y, m, d, 23, 59, 59);

describe('periodRange', () => {
  // Wednesday 18 March 2026, mid-afternoon.
  const wednesday = new Date(2026, 2, 18, 15, 30, 0);
  it.each<[Period, Date, Date]>([
    ['TODAY', local(2026, 3, 18), end(2026, 3, 18)],
    ['YESTERDAY', local(2026, 3, 17), end(2026, 3, 17)],
    ['THIS_WEEK', local(2026, 3, 16), end(2026, 3, 18)],
    ['LAST_WEEK', local(2026, 3, 9), end(2026, 3, 15)],
    ['THIS_MONTH', local(2026, 3, 1), end(2026, 3, 18)],
    ['LAST_MONTH', local(2026, 2, 1), end(2026, 2, 28)],
    ['THIS_YEAR', local(2026, 1, 1), end(2026, 3, 18)],
    ['CUSTOM', local(2026, 3, 18), end(2026, 3, 18)],
  ])('%s on a Wednesday', (period, from, until) => {
    expect(periodRange(period, wednesday)).toEqual({ from, until });
  });

  it.each<[string, Date, Period, Date, Date]>([
    [
      'a Monday starts its own week',
      local(2026, 3, 16, 8),
      'THIS_WEEK',
      local(2026, 3, 16),
      end(2026, 3, 16),
    ],
    [
      'a Sunday belongs to the week that began on Monday',
      local(2026, 3, 22, 8),
      'THIS_WEEK',
      local(2026, 3, 16),
      end(2026, 3, 22),
    ],
    [
      'last week from a Sunday',
      local(2026, 3, 22, 8),
      'LAST_WEEK',
      local(2026, 3, 9),
      end(2026, 3, 15),
    ],
    [
      'yesterday across a year',
      local(2026, 1, 1, 0, 0, 0),
      'YESTERDAY',
      local(2025, 12, 31),
      end(2025, 12, 31),
    ],
    [
      'last month across a year',
      local(2026, 1, 15),
      'LAST_MONTH',
      local(2025, 12, 1),
      end(2025, 12, 31),
    ],
    [
      'last month of a leap year February',
      local(2028, 3, 2),
      'LAST_MONTH',
      local(2028, 2, 1),
      end(2028, 2, 29),
    ],
    [
      'last week across months',
      local(2026, 4, 1),
      'LAST_WEEK',
      local(2026, 3, 23),
      end(2026, 3, 29),
    ],
    [
      'today just before midnight',
      local(2026, 3, 29, 23, 59, 59),
      'TODAY',
      local(2026, 3, 29),
      end(2026, 3, 29),
    ],
  ])('%s', (_, now, period, from, until) => {
    expect(periodRange(period, now)).toEqual({ from, until });
  });

  it('keeps the given range for CUSTOM', () => {
    const custom = { from: local(2025, 6, 1, 8), until: local(2025, 6, 3, 17) };
    expect(periodRange('CUSTOM', new Date(), custom)).toBe(custom);
  });

  it('always runs from 00:00:01 to 23:59:59', () => {
    for (const period of ['TODAY', 'THIS_WEEK', 'LAST_MONTH', 'THIS_YEAR'] as const) {
      const { from, until } = periodRange(period, new Date(2026, 6, 9, 12));
      expect([from.getHours(), from.getMinutes(), from.getSeconds()]).toEqual([0, 0, 1]);
      expect([until.getHours(), until.getMinutes(), until.getSeconds()]).toEqual([23, 59, 59]);
      expect(from < until).toBe(true);
    }
  });

  it('recognises periods', () => {
    expect(isPeriod('LAST_WEEK')).toBe(true);
    expect(isPeriod('NEXT_WEEK')).toBe(false);
    expect(isPeriod(undefined)).toBe(false);
  });
});
