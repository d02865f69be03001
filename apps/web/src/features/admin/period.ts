import {
  fromDateTimeLocal,
  fromWallClock,
  toDateTimeLocal,
  toLocalIso,
  wallClock,
} from '../../lib/fleet-time';

/** A card's period as its two inputs hold it: datetime-local text in the fleet's zone. */
export type PeriodDraft = { from: string; until: string };

/** Yesterday in the fleet's zone, from its midnight to the next: one whole day of data. */
export function yesterday(now: Date, zone?: string): PeriodDraft {
  const { year, month, day } = wallClock(now.getTime(), zone);
  return {
    from: toDateTimeLocal(fromWallClock(year, month, day - 1, 0, 0, 0, zone), zone),
    until: toDateTimeLocal(fromWallClock(year, month, day, 0, 0, 0, zone), zone),
  };
}

export type PeriodError = 'required' | 'fromAfterUntil';
export type PeriodErrors = { from?: PeriodError; until?: PeriodError };

export type PeriodCheck =
  { ok: true; window: { from: string; until: string } } | ({ ok: false } & PeriodErrors);

/** What to show at the fields: nothing until the person first submits. */
export const periodErrors = (check: PeriodCheck, submitted: boolean): PeriodErrors =>
  submitted && !check.ok ? { from: check.from, until: check.until } : {};

/** The window to send (ISO with the zone's offset), or what is wrong with the inputs. */
export function checkPeriod(draft: PeriodDraft, zone?: string): PeriodCheck {
  const from = fromDateTimeLocal(draft.from, zone);
  const until = fromDateTimeLocal(draft.until, zone);
  if (!from || !until)
    return {
      ok: false,
      from: from ? undefined : 'required',
      until: until ? undefined : 'required',
    };
  if (from >= until) return { ok: false, until: 'fromAfterUntil' };
  return { ok: true, window: { from: toLocalIso(from, zone), until: toLocalIso(until, zone) } };
}
