import type { reportSubscriptionsEn } from './en';

/** De teksten van het scherm Rapportabonnementen (issue 21 §4). */
export const reportSubscriptionsNl: typeof reportSubscriptionsEn = {
  title: 'Rapportabonnementen',
  intro:
    'Rapporten per e-mail na elke volledige dag, week (maandag tot en met zondag) of maand, met het rapport als Excel-bestand bijgevoegd (de rijstijlranglijsten ook als afdrukbare pdf) en een link terug naar het portaal.',
  kinds: {
    DRIVING_STYLE: 'Rijstijlranglijsten',
    SAFETY_EVENTS: 'Veiligheidsgebeurtenissen',
    ZONE_VISITS: 'Zonebezoeken',
  },
  frequencies: { DAILY: 'Dagelijks', WEEKLY: 'Wekelijks', MONTHLY: 'Maandelijks' },
  form: {
    kind: 'Rapport',
    frequency: 'Frequentie',
    group: 'Groep',
    allGroups: 'Alle groepen',
    recipient: 'Ontvanger',
    me: 'Ikzelf',
    email: 'E-mailadres',
    language: 'Taal',
    add: 'Abonneren',
  },
  list: {
    none: 'Nog geen rapportabonnementen.',
    recipient: 'Ontvanger',
    delete: 'Verwijderen',
    deleteConfirm: 'Dit rapportabonnement verwijderen?',
  },
  saved: 'Abonnement opgeslagen',
  deleted: 'Abonnement verwijderd',
  history: {
    title: 'Verzonden rapporten',
    none: 'Nog niets verzonden.',
    kept: 'Er is geen mailserver (SMTP) ingesteld: rapporten wachten hier en worden verzonden zodra die er is.',
    period: 'Periode',
    status: 'Status',
    attempts: 'Pogingen',
    error: 'Laatste fout',
    noSmtp: 'Geen mailserver ingesteld',
    sentAt: 'Verzonden',
    statuses: { PENDING: 'Wacht', SENT: 'Verzonden', FAILED: 'Mislukt' },
  },
};
