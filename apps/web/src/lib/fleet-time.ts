import { type Period, type PeriodRange } from '@fleet/contract';

/**
 * Dates and times in the fleet's time zone, whatever the browser's zone (issue 7 §6): the server
 * cuts days in its TIMEZONE, so the web shows, picks and sends days and times in that zone too.
 * The same functions as the contract's format.ts and period.ts, with the zone as a parameter that
 * defaults to the fleet's (set once from GET client-config, see setFleetZone).
 */

const browserZone = () => new Intl.DateTimeFormat().resolvedOptions().timeZone;

let fleetZone = browserZone();

/** The fleet's IANA zone, from the server; the browser's until the server has told it. */
export const getFleetZone = () => fleetZone;

export function setFleetZone(zone: string): void {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    fleetZone = zone;
  } catch {
    // an unknown zone: keep the one we have
  }
}

type When = Date | string | number | null | undefined;

/** Wall-clock parts of a moment in a zone; month 1–12. */
export type WallClock = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(zone: string): Intl.DateTimeFormat {
  let f = formatters.get(zone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(zone, f);
  }
  return f;
}

export function wallClock(instant: number, zone = fleetZone): WallClock {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(instant))
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return {
    year: parts.year!,
    month: parts.month!,
    day: parts.day!,
    hour: parts.hour! % 24,
    minute: parts.minute!,
    second: parts.second!,
  };
}

/** The zone's offset from UTC at a moment, in minutes (Amsterdam in winter: 60). */
export function offsetMinutes(instant: number, zone = fleetZone): number {
  const w = wallClock(instant, zone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The moment a wall-clock time names in a zone. Overflowing fields roll over as with `new Date`
 * (day 0 is the last day of the previous month). A time skipped by a clock change moves forward
 * by the change.
 */
export function fromWallClock(
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  zone = fleetZone,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  // The second round takes the offset that holds at the result, also next to a clock change.
  const guess = asUtc - offsetMinutes(asUtc, zone) * 60_000;
  return new Date(asUtc - offsetMinutes(guess, zone) * 60_000);
}

function toDate(when: When): Date | null {
  if (when === null || when === undefined || when === '') return null;
  const date = when instanceof Date ? when : new Date(when);
  return Number.isNaN(date.getTime()) ? null : date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** YYYY-MM-DD in the zone; '' for no or an invalid time. */
export function formatDate(when: When, zone = fleetZone): string {
  const d = toDate(when);
  if (!d) return '';
  const w = wallClock(d.getTime(), zone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** HH:MM:SS (24 h) in the zone; '' for no or an invalid time. */
export function formatTime(when: When, zone = fleetZone): string {
  const d = toDate(when);
  if (!d) return '';
  const w = wallClock(d.getTime(), zone);
  return `${pad(w.hour)}:${pad(w.minute)}:${pad(w.second)}`;
}

/** 'YYYY-MM-DD HH:MM:SS' in the zone. */
export function formatDateTime(when: When, zone = fleetZone): string {
  const d = toDate(when);
  return d ? `${formatDate(d, zone)} ${formatTime(d, zone)}` : '';
}

/** The value of an `<input type="datetime-local" step="1">` in the zone: 'YYYY-MM-DDTHH:MM:SS'. */
export function toDateTimeLocal(when: When, zone = fleetZone): string {
  const d = toDate(when);
  return d ? `${formatDate(d, zone)}T${formatTime(d, zone)}` : '';
}

/** Reads a datetime-local value ('YYYY-MM-DDTHH:MM' or with ':SS') in the zone; null if invalid. */
export function fromDateTimeLocal(value: string, zone = fleetZone): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  if (mo! < 1 || mo! > 12 || d! < 1 || d! > new Date(Date.UTC(y!, mo!, 0)).getUTCDate())
    return null;
  if (h! > 23 || mi! > 59 || s! > 59) return null;
  return fromWallClock(y!, mo!, d!, h!, mi!, s!, zone);
}

/** ISO 8601 in the zone's time with its offset, as the API is sent dates (spec §7). */
export function toLocalIso(when: When, zone = fleetZone): string {
  const d = toDate(when);
  if (!d) return '';
  const offset = offsetMinutes(d.getTime(), zone);
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${toDateTimeLocal(d, zone)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** 'YYYY-MM-DD' → its start (00:00:00) and end (23:59:59) in the zone; null if not a day. */
export function dayBounds(day: string, zone = fleetZone): { from: Date; until: Date } | null {
  const from = fromDateTimeLocal(`${day}T00:00:00`, zone);
  const until = fromDateTimeLocal(`${day}T23:59:59`, zone);
  return from && until ? { from, until } : null;
}

/**
 * The period filter's presets (spec §3, §4, §9) in the zone: from 00:00:01 of the first day to
 * 23:59:59 of the last; weeks start on Monday; the current week, month and year end today.
 */
export function periodRange(
  period: Period,
  now: Date,
  zone = fleetZone,
  custom?: PeriodRange,
): PeriodRange {
  const { year: y, month: m, day: d } = wallClock(now.getTime(), zone);
  const start = (year: number, month: number, day: number) =>
    fromWallClock(year, month, day, 0, 0, 1, zone);
  const end = (year: number, month: number, day: number) =>
    fromWallClock(year, month, day, 23, 59, 59, zone);
  // Monday 0 … Sunday 6, from the calendar date alone.
  const sinceMonday = (new Date(Date.UTC(y, m - 1, d)).getUTCDay() + 6) % 7;
  switch (period) {
    case 'TODAY':
      return { from: start(y, m, d), until: end(y, m, d) };
    case 'YESTERDAY':
      return { from: start(y, m, d - 1), until: end(y, m, d - 1) };
    case 'THIS_WEEK':
      return { from: start(y, m, d - sinceMonday), until: end(y, m, d) };
    case 'LAST_WEEK':
      return { from: start(y, m, d - sinceMonday - 7), until: end(y, m, d - sinceMonday - 1) };
    case 'THIS_MONTH':
      return { from: start(y, m, 1), until: end(y, m, d) };
    case 'LAST_MONTH':
      // Day 0 of this month is the last day of the previous one.
      return { from: start(y, m - 1, 1), until: end(y, m, 0) };
    case 'THIS_YEAR':
      return { from: start(y, 1, 1), until: end(y, m, d) };
    case 'CUSTOM':
      return custom ?? { from: start(y, m, d), until: end(y, m, d) };
  }
}
