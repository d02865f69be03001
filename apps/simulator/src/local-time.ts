/**
 * Local calendar time in the fleet's time zone (Europe/Amsterdam by default),
 * without a date library: days are 'YYYY-MM-DD' strings, moments are epoch ms.
 */
export const FLEET_TIME_ZONE = 'Europe/Amsterdam';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(zone, format);
  }
  return format;
}

/** The zone's wall clock at `ms`, as if it were UTC. */
function wallClock(ms: number, zone: string): number {
  const parts: Record<string, number> = {};
  for (const part of formatter(zone).formatToParts(ms)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year!,
    parts.month! - 1,
    parts.day!,
    parts.hour!,
    parts.minute!,
    parts.second!,
  );
}

/** Minutes the zone is ahead of UTC at `ms` (60 or 120 in Amsterdam). */
export function offsetMinutes(ms: number, zone = FLEET_TIME_ZONE): number {
  return Math.round(
    (wallClock(Math.floor(ms / 1000) * 1000, zone) - Math.floor(ms / 1000) * 1000) / 60_000,
  );
}

/** The local day of a moment. */
export function localDay(ms: number, zone = FLEET_TIME_ZONE): string {
  return new Date(wallClock(ms, zone)).toISOString().slice(0, 10);
}

/**
 * The moment of a local wall-clock time. In the hour that the clocks skip,
 * the time an hour later; in the hour that repeats, the first one.
 */
export function localTime(day: string, minutesOfDay: number, zone = FLEET_TIME_ZONE): number {
  const wall = Date.parse(`${day}T00:00:00Z`) + Math.round(minutesOfDay * 60_000);
  let guess = wall - offsetMinutes(wall, zone) * 60_000;
  guess = wall - offsetMinutes(guess, zone) * 60_000;
  return guess;
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  return new Date(`${day}T00:00:00Z`).getUTCDay();
}
