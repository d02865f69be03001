/** The words of the printable PDFs (issue 21 §3), in the user's language (English, Dutch). */
import type { PdfLanguage } from '@fleet/contract';

export type { PdfLanguage };

const en = {
  organisation: 'Organisation',
  period: 'Period',
  group: 'Group',
  allGroups: 'All groups',
  generated: 'Generated',
  page: (n: number, of: number) => `Page ${n} of ${of}`,
  assetRankings: 'Driving style: asset rankings',
  driverRankings: 'Driving style: driver rankings',
  scoreDistribution: 'Total score: how many per band',
  count: 'Number',
  noScore: 'no score',
  distanceRank: 'Distance rank',
  asset: 'Asset',
  driver: 'Driver',
  id: 'Id',
  distance: 'Distance',
  totalScore: 'Total score',
  scoreRank: 'Score rank',
  none: 'Nothing was driven in this period.',
  trip: 'Trip',
  drivers: 'Drivers',
  start: 'Start',
  end: 'End',
  underWay: 'under way',
  duration: 'Duration',
  drivingTime: 'Driving time',
  score: 'Score',
  route: 'Route',
  noPositions: 'This trip has no positions.',
  speedOverTime: 'Speed over time',
  speed: 'Speed',
  time: 'Time',
  events: 'Events',
  event: 'Event',
  latitude: 'Latitude',
  longitude: 'Longitude',
  noEvents: 'No events during this trip.',
  more: (n: number) => `… and ${n} more`,
  unknownDriver: 'Unknown driver',
};

const nl: typeof en = {
  organisation: 'Organisatie',
  period: 'Periode',
  group: 'Groep',
  allGroups: 'Alle groepen',
  generated: 'Gemaakt',
  page: (n, of) => `Pagina ${n} van ${of}`,
  assetRankings: 'Rijstijl: ranglijst voertuigen',
  driverRankings: 'Rijstijl: ranglijst chauffeurs',
  scoreDistribution: 'Totaalscore: aantal per klasse',
  count: 'Aantal',
  noScore: 'geen score',
  distanceRank: 'Plaats afstand',
  asset: 'Voertuig',
  driver: 'Chauffeur',
  id: 'Id',
  distance: 'Afstand',
  totalScore: 'Totaalscore',
  scoreRank: 'Plaats score',
  none: 'In deze periode is niet gereden.',
  trip: 'Rit',
  drivers: 'Chauffeurs',
  start: 'Start',
  end: 'Einde',
  underWay: 'onderweg',
  duration: 'Duur',
  drivingTime: 'Rijtijd',
  score: 'Score',
  route: 'Route',
  noPositions: 'Deze rit heeft geen posities.',
  speedOverTime: 'Snelheid in de tijd',
  speed: 'Snelheid',
  time: 'Tijd',
  events: 'Gebeurtenissen',
  event: 'Gebeurtenis',
  latitude: 'Breedtegraad',
  longitude: 'Lengtegraad',
  noEvents: 'Geen gebeurtenissen tijdens deze rit.',
  more: (n) => `… en nog ${n}`,
  unknownDriver: 'Onbekende chauffeur',
};

export type PdfTexts = typeof en;
export const PDF_TEXTS: Record<PdfLanguage, PdfTexts> = { en, nl };

/** A date and time on the wall clock of `timeZone`, as the language writes it. */
export function dateTimeText(iso: string, timeZone: string, language: PdfLanguage): string {
  return new Intl.DateTimeFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(iso));
}

/** A number with the language's decimal sign. */
export function numberText(value: number, language: PdfLanguage, digits = 1): string {
  return new Intl.NumberFormat(language === 'nl' ? 'nl-NL' : 'en-GB', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}
