/**
 * The period filter's presets (spec §3, §4, §9): each gives a From and an Until, a period runs
 * from 00:00:01 of its first day to 23:59:59 of its last day, local time. Weeks start on Monday.
 * Pure: the caller passes `now`.
 */

export const PERIODS = [
  'TODAY',
  'YESTERDAY',
  'THIS_WEEK',
  'THIS_MONTH',
  'LAST_WEEK',
  'LAST_MONTH',
  'THIS_YEAR',
  'CUSTOM',
] as const;
export type Period = (typeof PERIODS)[number];

export const DEFAULT_PERIOD: Period = 'TODAY';

export const isPeriod = (value: unknown): value is Period =>
  (PERIODS as readonly unknown[]).includes(value);

export interface PeriodRange {
  from: Date;
  until: Date;
}

/** 00:00:01 of the local day `offset` days after `day`. */
export const startOfDay = (day: Date, offset = 0) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate() + offset, 0, 0, 1);
/** 23:59:59 of the local day `offset` days after `day`. */
export const endOfDay = (day: Date, offset = 0) =>
  new Date(day.getFullYear(), day.getMonth(), day.getDate() + offset, 23, 59, 59);

/** Days since the last Monday: Monday 0 … Sunday 6. */
const sinceMonday = (day: Date) => (day.getDay() + 6) % 7;

/**
 * From and Until of a preset. The current week, month and year run up to the end of today: the
 * days still to come hold no data. CUSTOM keeps `custom` (today when not given).
 */
export function periodRange(period: Period, now: Date, custom?: PeriodRange): PeriodRange {
  const y = now.getFullYear();
  const m = now.getMonth();
  switch (period) {
    case 'TODAY':
      return { from: startOfDay(now), until: endOfDay(now) };
    case 'YESTERDAY':
      return { from: startOfDay(now, -1), until: endOfDay(now, -1) };
    case 'THIS_WEEK':
      return { from: startOfDay(now, -sinceMonday(now)), until: endOfDay(now) };
    case 'LAST_WEEK': {
      const monday = startOfDay(now, -sinceMonday(now) - 7);
      return { from: monday, until: endOfDay(monday, 6) };
    }
    case 'THIS_MONTH':
      return { from: new Date(y, m, 1, 0, 0, 1), until: endOfDay(now) };
    case 'LAST_MONTH':
      // Day 0 of this month is the last day of the previous one.
      return { from: new Date(y, m - 1, 1, 0, 0, 1), until: new Date(y, m, 0, 23, 59, 59) };
    case 'THIS_YEAR':
      return { from: new Date(y, 0, 1, 0, 0, 1), until: endOfDay(now) };
    case 'CUSTOM':
      return custom ?? { from: startOfDay(now), until: endOfDay(now) };
  }
}
