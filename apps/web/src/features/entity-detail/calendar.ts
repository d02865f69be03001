import { calendarTotals, type DriverLink, type Report } from '@fleet/contract';
import { formatDate } from '../../lib/fleet-time';
import type { EntityType } from '@/config/paths';

export type CalendarDay = {
  /** local YYYY-MM-DD */
  day: string;
  from: string;
  until: string;
  distance: number;
  /** null when there was no driving to score */
  totalScore: number | null;
};

/**
 * The local day an interval covers. The server cuts days in the fleet's time zone; the middle of
 * the interval names the same day in any browser zone, and also for a clipped first or last day.
 */
export const dayOf = (from: string, until: string) =>
  formatDate((Date.parse(from) + Date.parse(until)) / 2);

/** A DAY-interval report of one asset or driver → one calendar card per day, in period order. */
export function calendarDays(report: Report, type: EntityType, entityId: number): CalendarDay[] {
  return report.map((interval) => ({
    // the server's local date of the fleet's day; the middle of the interval for older answers
    day: interval.day ?? dayOf(interval.from, interval.until),
    from: interval.from,
    until: interval.until,
    ...calendarTotals(interval, type === 'ASSET' ? 'asset' : 'driver', entityId),
  }));
}

/**
 * The ids on the other side of the links that held during [from, until): the drivers of an
 * asset, or the assets of a driver. In order of first appearance, without repeats.
 */
export function linkedOnDay(
  links: DriverLink[],
  type: EntityType,
  from: string,
  until: string,
): number[] {
  const start = Date.parse(from);
  const end = Date.parse(until);
  const ids = links
    .filter(
      (link) => Date.parse(link.from) < end && (!link.until || Date.parse(link.until) > start),
    )
    .map((link) => (type === 'ASSET' ? link.driverId : link.assetId));
  return [...new Set(ids)];
}
