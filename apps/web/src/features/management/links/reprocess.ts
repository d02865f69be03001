import { formatDate } from '../../../lib/fleet-time';

/**
 * The days a link change gets re-processed (the fleet's days): a link's data moves between
 * assets or drivers over the span it covers, from its start to its end or now. Undefined when the
 * span lies wholly in the future (nothing recorded yet).
 */
export function reprocessDays(
  from: Date | string,
  until: Date | string | null | undefined,
  now: Date,
  zone?: string,
): { first: string; last: string } | undefined {
  const start = new Date(from);
  const end = until ? new Date(until) : now;
  const last = end.getTime() > now.getTime() ? now : end;
  if (Number.isNaN(start.getTime()) || start.getTime() > last.getTime()) return undefined;
  return { first: formatDate(start, zone), last: formatDate(last, zone) };
}
