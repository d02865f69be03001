/**
 * The fleet's time zone for one run of the browser tests: the server's TIMEZONE and the zone
 * of the pages. The tests make a trip minutes before they look at it on a screen that shows
 * "today" or "this week" by default. Near the fleet's midnight that trip is yesterday's by the
 * time the screen opens, and the screen rightly shows none (a CI run from 22:40 to 23:07 UTC
 * failed that way in five tests). So a run takes Europe/Amsterdam, the server's default, unless
 * its midnight is within three hours, and then Pacific/Honolulu, where it is the middle of the
 * day: a run of an hour and the trips of the hours before it stay on one day.
 */
const ZONES = ['Europe/Amsterdam', 'Pacific/Honolulu'];
/** The local hours a run may start in: three hours from midnight on either side. */
const FIRST_HOUR = 3;
const LAST_HOUR = 20;

function localHour(zone: string, at: Date): number {
  const hour = new Intl.DateTimeFormat('en-GB', {
    timeZone: zone,
    hour: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(at)
    .find((part) => part.type === 'hour')!.value;
  return Number(hour);
}

export function fleetZone(at: Date): string {
  const zone = ZONES.find((candidate) => {
    const hour = localHour(candidate, at);
    return hour >= FIRST_HOUR && hour <= LAST_HOUR;
  });
  // The two zones are 11 or 12 hours apart: one of them is always away from its midnight.
  if (!zone)
    throw new Error(`no zone of ${ZONES.join(', ')} is away from midnight at ${at.toISOString()}`);
  return zone;
}
