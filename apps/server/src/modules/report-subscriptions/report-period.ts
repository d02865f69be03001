/** How often a subscription's report is sent (issue 21 §4). */
export type Frequency = 'DAILY' | 'WEEKLY' | 'MONTHLY';

/**
 * One report period: its days on the organisation's calendar ([start, end), `end` exclusive,
 * YYYY-MM-DD) and the instants of their midnights in that time zone ([from, until)).
 */
export interface ReportPeriod {
  start: string;
  end: string;
  from: Date;
  until: Date;
}

const DAY_MS = 86_400_000;

/** The calendar day of `at` in the zone, as a UTC midnight (civil-date arithmetic only). */
function civilDay(at: Date, timeZone: string): Date {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(at);
  return new Date(`${parts}T00:00:00Z`);
}

/** Milliseconds the zone's wall clock is ahead of UTC at `at`. */
function offsetAt(at: number, timeZone: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    })
      .formatToParts(at)
      .map((x) => [x.type, Number(x.value)]),
  ) as Record<string, number>;
  const wall = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The instant of the day's midnight (00:00 on the zone's wall clock). */
export function zoneMidnight(day: Date, timeZone: string): Date {
  const wall = day.getTime();
  const first = wall - offsetAt(wall, timeZone);
  // The offset at the guess may differ from the offset at the day's start (a DST change between).
  return new Date(wall - offsetAt(first, timeZone));
}

const ymd = (day: Date) => day.toISOString().slice(0, 10);

/**
 * The last complete period before `now` in the organisation's time zone: DAILY yesterday, WEEKLY
 * the last Monday to Sunday, MONTHLY the last calendar month.
 */
export function lastCompletePeriod(
  frequency: Frequency,
  now: Date,
  timeZone: string,
): ReportPeriod {
  const today = civilDay(now, timeZone);
  let start: Date;
  let end: Date;
  if (frequency === 'DAILY') {
    end = today;
    start = new Date(today.getTime() - DAY_MS);
  } else if (frequency === 'WEEKLY') {
    const sinceMonday = (today.getUTCDay() + 6) % 7;
    end = new Date(today.getTime() - sinceMonday * DAY_MS);
    start = new Date(end.getTime() - 7 * DAY_MS);
  } else {
    end = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), 1));
    start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1));
  }
  return {
    start: ymd(start),
    end: ymd(end),
    from: zoneMidnight(start, timeZone),
    until: zoneMidnight(end, timeZone),
  };
}
