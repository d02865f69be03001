/**
 * How numbers, durations and times are shown (spec §9), in one place for every screen.
 * Pure: local time is the runtime's time zone; nothing here reads the clock.
 */

type Num = number | null | undefined;
type When = Date | string | number | null | undefined;

const finite = (value: Num): value is number => typeof value === 'number' && Number.isFinite(value);

/** Scores with 1 decimal: 87.25 → '87.3'. Nothing to show → ''. */
export const formatScore = (value: Num): string => (finite(value) ? value.toFixed(1) : '');

/** Fuel (litres, km per litre) with 2 decimals: 12.345 → '12.35'. */
export const formatFuel = (value: Num): string => (finite(value) ? value.toFixed(2) : '');

/** Metres as kilometres with 1 decimal: 12345 → '12.3 km'; empty or 0 → '0 km'. */
export function formatDistance(metres: Num): string {
  if (!finite(metres) || metres === 0) return '0 km';
  return `${(metres / 1000).toFixed(1)} km`;
}

/** Seconds as '1h 2m 3s', leading zero units dropped ('2m 3s', '3s'); empty → '0s'. */
export function formatDuration(seconds: Num): string {
  const total = finite(seconds) ? Math.max(0, Math.round(seconds)) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  if (h > 0) return `${h}h ${m}m ${s}s`;
  if (m > 0) return `${m}m ${s}s`;
  return `${s}s`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function toDate(when: When): Date | null {
  if (when === null || when === undefined || when === '') return null;
  const date = when instanceof Date ? when : new Date(when);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Local date YYYY-MM-DD; '' for no or an invalid time. */
export function formatDate(when: When): string {
  const d = toDate(when);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}

/** Local time HH:MM:SS (24 h); '' for no or an invalid time. */
export function formatTime(when: When): string {
  const d = toDate(when);
  return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : '';
}

/** 'YYYY-MM-DD HH:MM:SS' local. */
export function formatDateTime(when: When): string {
  const d = toDate(when);
  return d ? `${formatDate(d)} ${formatTime(d)}` : '';
}

/** The value of an `<input type="datetime-local" step="1">`: 'YYYY-MM-DDTHH:MM:SS' local. */
export function toDateTimeLocal(when: When): string {
  const d = toDate(when);
  return d ? `${formatDate(d)}T${formatTime(d)}` : '';
}

/** Reads a datetime-local value ('YYYY-MM-DDTHH:MM' or with ':SS') as local time; null if invalid. */
export function fromDateTimeLocal(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!match) return null;
  const [y, mo, d, h, mi, s] = match.slice(1).map((part) => Number(part ?? 0)) as number[];
  const date = new Date(y!, mo! - 1, d!, h!, mi!, s!);
  // Reject dates the Date constructor rolled over (2026-02-30 → March 2).
  return date.getMonth() === mo! - 1 && date.getDate() === d! ? date : null;
}

/** ISO 8601 in local time with the offset, as the API is sent dates (spec §7): 2026-11-21T00:00:01+01:00. */
export function toLocalIso(when: When): string {
  const d = toDate(when);
  if (!d) return '';
  const offset = -d.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  return `${toDateTimeLocal(d)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}
