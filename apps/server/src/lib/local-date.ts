/** The local date ('YYYY-MM-DD') of a moment in a time zone such as Europe/Amsterdam. */
export function localDate(when: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(when);
}
