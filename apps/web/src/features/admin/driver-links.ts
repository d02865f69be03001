import type { DriverLink } from '@fleet/contract';

/** A link's stretch of the period on a horizontal lane, in percent of the period. */
export type LaneSegment = { link: DriverLink; left: number; width: number; open: boolean };

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * Where each link lies on a lane that spans the period [from, until): clipped to the period (a
 * link still open runs to its end), oldest first; links wholly outside it are left out.
 */
export function laneSegments(
  links: DriverLink[],
  window: { from: string; until: string },
): LaneSegment[] {
  const start = Date.parse(window.from);
  const end = Date.parse(window.until);
  const span = end - start;
  if (!(span > 0)) return [];
  return links
    .map((link) => {
      const from = Math.max(Date.parse(link.from), start);
      const until = Math.min(link.until === null ? end : Date.parse(link.until), end);
      return { link, from, until };
    })
    .filter(({ from, until }) => until > from)
    .sort((a, b) => a.from - b.from)
    .map(({ link, from, until }) => ({
      link,
      left: round(((from - start) / span) * 100),
      width: round(((until - from) / span) * 100),
      open: link.until === null,
    }));
}

/** How long a link held within the period, in whole hours and minutes. */
export function linkDuration(
  link: DriverLink,
  window: { from: string; until: string },
): { hours: number; minutes: number } {
  const from = Math.max(Date.parse(link.from), Date.parse(window.from));
  const until = Math.min(
    link.until === null ? Date.parse(window.until) : Date.parse(link.until),
    Date.parse(window.until),
  );
  const minutes = Math.max(0, Math.round((until - from) / 60_000));
  return { hours: Math.floor(minutes / 60), minutes: minutes % 60 };
}
