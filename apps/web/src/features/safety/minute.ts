import { SAFETY_MINUTE_SECONDS, type SafetyCaseMinute } from '@fleet/contract';

export type SpeedPoint = { time: number; speed: number };

/** A rounded top of the speed axis: 20 km/h steps, at least 40. */
export const speedCeiling = (max: number) => Math.max(40, Math.ceil(max / 20) * 20);

/** Seconds from the event, signed: '−30 s', '0 s', '+15 s'. */
export const offsetLabel = (seconds: number) =>
  `${seconds > 0 ? '+' : seconds < 0 ? '−' : ''}${Math.abs(Math.round(seconds))} s`;

/**
 * The chart's data: the minute around the event (SAFETY_MINUTE_SECONDS each side; the call
 * answers a wider window for the map's route), the speeds reported in it in time order plus the
 * nearest one outside each edge (so the line reaches the edges, clipped there), and the events.
 */
export function minuteWindow(minute: SafetyCaseMinute, eventTime: string) {
  const at = Date.parse(eventTime);
  const from = at - SAFETY_MINUTE_SECONDS * 1000;
  const until = at + SAFETY_MINUTE_SECONDS * 1000;
  const all: SpeedPoint[] = minute.points
    .flatMap((p) => (p.speed === null ? [] : [{ time: Date.parse(p.timestamp), speed: p.speed }]))
    .sort((a, b) => a.time - b.time);
  const inside = all.filter((p) => p.time >= from && p.time <= until);
  const before = all.filter((p) => p.time < from).at(-1);
  const after = all.find((p) => p.time > until);
  const events = minute.events.filter((e) => {
    const time = Date.parse(e.timestamp);
    return time >= from && time <= until;
  });
  return {
    at,
    from,
    until,
    inside: inside.length,
    points: [...(before ? [before] : []), ...inside, ...(after ? [after] : [])],
    events,
  };
}

/**
 * Rows for the labels of the minute's events, which may lie close together: each label (from
 * its mark's x, `width` wide) takes the first of `rows` rows where it does not overlap the label
 * before it; null when none is free (the mark stays, its name in its tooltip). In the order given.
 */
export function labelRows(
  labels: { x: number; width: number }[],
  rows: number,
  gap = 6,
): (number | null)[] {
  const ends: number[] = Array.from({ length: rows }, () => -Infinity);
  return labels.map(({ x, width }) => {
    const row = ends.findIndex((end) => x >= end + gap);
    if (row < 0) return null;
    ends[row] = x + width;
    return row;
  });
}
