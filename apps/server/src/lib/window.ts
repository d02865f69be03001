import { badRequest } from './http-error.js';

export interface Window {
  from: Date;
  until: Date;
}

const DAY_MS = 86_400_000;

/**
 * The [from, until] of a data call, taken as sent: until defaults to now; from must be before
 * until, and the window may span at most maxDays local days (a 400 names the limit).
 */
export function dataWindow(
  query: { from: string; until?: string | undefined },
  maxDays: number,
  now: Date = new Date(),
): Window {
  const from = new Date(query.from);
  const until = query.until === undefined ? now : new Date(query.until);
  if (Number.isNaN(from.getTime()) || Number.isNaN(until.getTime()))
    throw badRequest('from and until must be times with an offset');
  if (!(from < until)) throw badRequest('from must be before until');
  // An hour of slack: local days across a change to winter time are 25 hours long.
  if (until.getTime() - from.getTime() > maxDays * DAY_MS + 3_600_000)
    throw badRequest(`ask for at most ${maxDays} days at a time`);
  return { from, until };
}

/** Whole days the window touches, counted from from (a window of 25 h touches 2 days). */
export const windowDays = ({ from, until }: Window) =>
  Math.max(1, Math.ceil((until.getTime() - from.getTime()) / DAY_MS));
