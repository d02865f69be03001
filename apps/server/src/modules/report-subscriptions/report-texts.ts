/**
 * The words of a report e-mail (issue 21 §4), in the recipient's language. Pure: the period's
 * days are written as the organisation's calendar has them.
 */
import type { Frequency } from './report-period.js';

export type ReportLanguage = 'en' | 'nl';
export type ReportKindName = 'DRIVING_STYLE' | 'SAFETY_EVENTS' | 'ZONE_VISITS';

const WORDS = {
  en: {
    kinds: {
      DRIVING_STYLE: 'Driving style rankings',
      SAFETY_EVENTS: 'Safety events',
      ZONE_VISITS: 'Zone visits',
    },
    frequencies: { DAILY: 'Daily', WEEKLY: 'Weekly', MONTHLY: 'Monthly' },
    period: 'Period',
    group: 'Group',
    allGroups: 'the whole organisation',
    attached: 'The report is attached as an Excel file.',
    open: 'Open it in the portal',
    why: 'You receive this because of a report subscription; delete it on the Report subscriptions screen.',
  },
  nl: {
    kinds: {
      DRIVING_STYLE: 'Rijstijlranglijsten',
      SAFETY_EVENTS: 'Veiligheidsgebeurtenissen',
      ZONE_VISITS: 'Zonebezoeken',
    },
    frequencies: { DAILY: 'Dagelijks', WEEKLY: 'Wekelijks', MONTHLY: 'Maandelijks' },
    period: 'Periode',
    group: 'Groep',
    allGroups: 'de hele organisatie',
    attached: 'Het rapport is bijgevoegd als Excel-bestand.',
    open: 'Open het in het portaal',
    why: 'U ontvangt dit door een rapportabonnement; verwijder het op het scherm Rapportabonnementen.',
  },
} as const satisfies Record<ReportLanguage, unknown>;

export interface ReportFacts {
  kind: ReportKindName;
  frequency: Frequency;
  organisationName: string;
  groupName: string | null;
  /** first day and the day after the last (YYYY-MM-DD) */
  start: string;
  end: string;
  link: string;
}

const DAY_MS = 86_400_000;

/** A day as the language writes it (the day is a calendar date: no zone shifts it). */
function dayText(day: string, language: ReportLanguage): string {
  return new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    timeZone: 'UTC',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The period's first and last day: "16 November 2026 – 22 November 2026", or one day. */
export function periodText(start: string, end: string, language: ReportLanguage): string {
  const last = new Date(Date.parse(`${end}T00:00:00Z`) - DAY_MS).toISOString().slice(0, 10);
  return last === start
    ? dayText(start, language)
    : `${dayText(start, language)} – ${dayText(last, language)}`;
}

export function reportMail(facts: ReportFacts, language: ReportLanguage) {
  const w = WORDS[language];
  const title = `${w.frequencies[facts.frequency]}: ${w.kinds[facts.kind]}`;
  const period = periodText(facts.start, facts.end, language);
  return {
    subject: `${title} · ${facts.organisationName} · ${period}`,
    text: [
      `${title} — ${facts.organisationName}`,
      '',
      `${w.period}: ${period}`,
      `${w.group}: ${facts.groupName ?? w.allGroups}`,
      '',
      w.attached,
      `${w.open}: ${facts.link}`,
      '',
      w.why,
    ].join('\n'),
  };
}

/** The portal screen of a kind, for the link back. */
export const SCREENS: Record<ReportKindName, string> = {
  DRIVING_STYLE: '/drivingstyle',
  SAFETY_EVENTS: '/safety/cases',
  ZONE_VISITS: '/zones/report',
};
