/**
 * When a rule is active (issue 21 §2): on chosen days, between two minutes of the day, in the
 * fleet's zone. Days are bits, Monday 1 … Sunday 64. A window whose end is before its start
 * crosses midnight: Friday 22:00–06:00 holds Friday night and Saturday morning, so the
 * morning part belongs to the day the window started. A start equal to the end is all day.
 * Pure: the local time comes from Intl, so summer time is the zone's own.
 */
export interface ActiveHours {
  /** bits of the days, Monday 1 … Sunday 64 */
  activeDays: number;
  /** minutes of the day, [from, until) */
  activeFrom: number;
  activeUntil: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formats = new Map<string, Intl.DateTimeFormat>();

/** The local weekday (0 Monday … 6 Sunday) and minute of the day of an instant in a zone. */
export function localTime(at: Date, timeZone: string): { weekday: number; minute: number } {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formats.set(timeZone, format);
  }
  const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
  return {
    weekday: WEEKDAYS.indexOf(parts.weekday ?? ''),
    minute: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

const dayBit = (weekday: number) => 1 << ((weekday + 7) % 7);

export function isActive(rule: ActiveHours, at: Date, timeZone: string): boolean {
  const { weekday, minute } = localTime(at, timeZone);
  const { activeDays: days, activeFrom: from, activeUntil: until } = rule;
  const today = (days & dayBit(weekday)) !== 0;
  if (from === until || (from === 0 && until >= 1440)) return today;
  if (from < until) return today && minute >= from && minute < until;
  // Across midnight: this evening's part, or the morning part of yesterday's window.
  if (minute >= from) return today;
  return minute < until && (days & dayBit(weekday - 1)) !== 0;
}
