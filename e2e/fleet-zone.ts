import { wallClock } from '../apps/web/src/lib/fleet-time.js';

/**
 * The fleet's time zone for one run of the browser tests: the server's TIMEZONE and the zone
 * of the pages. The tests make a trip minutes before they look at it on a screen that shows
 * "today" or "this week" by default. Near the fleet's midnight that trip is yesterday's by the
 * time the screen opens, and the screen rightly shows none (a CI run from 22:40 to 23:07 UTC
 * failed that way in five tests). So a run takes Europe/Amsterdam, the server's default, unless
 * its midnight is within three hours, and then Pacific/Honolulu, where it is the middle of the
 * day: a run of an hour and the trips of the hours before it stay on one day.
 */
export function fleetZone(at: Date): string {
  return zoneWithHourIn(at, ['Europe/Amsterdam', 'Pacific/Honolulu'], 3, 20);
}

/** The first of `zones` whose local hour at `at` is from `first` to `last` (both included). */
export function zoneWithHourIn(at: Date, zones: string[], first: number, last: number): string {
  const zone = zones.find((candidate) => {
    const { hour } = wallClock(at.getTime(), candidate);
    return hour >= first && hour <= last;
  });
  if (!zone)
    throw new Error(
      `none of ${zones.join(', ')} is between ${first}:00 and ${last}:59 at ${at.toISOString()}`,
    );
  return zone;
}
