import type { OrganisationSettingsTexts } from './en';

export const organisationSettingsNl: OrganisationSettingsTexts = {
  loading: 'Laden…',
  loadFailed: 'De instellingen konden niet worden geladen: {{message}}',
  readOnly:
    'Alleen OEM- en resellergebruikers mogen deze instellingen wijzigen; u ziet ze alleen-lezen.',
  defaults: 'Nog niets opgeslagen: dit zijn de standaardwaarden.',
  controlRoom: 'Meldkamer',
  monitoring: 'Monitoring, media en gegevens',
  fields: {
    controlRoomIdentifier: 'Meldkamer-ID',
    alarmWebhookUrl: 'URL van de alarmwebhook',
    alarmWebhookSecret: 'Nieuw webhookgeheim',
    mediaRetentionDays: 'Bewaartermijn media (dagen)',
    rawRetentionDays: 'Bewaartermijn ruwe gegevens (dagen)',
    maxMonitoringMinutes: 'Maximale duur van een monitoring (minuten)',
    defaultLanguage: 'Standaardtaal',
  },
  hints: {
    controlRoomIdentifier: 'Hoe de meldkamer deze organisatie kent; meegestuurd met elk alarm.',
    alarmWebhookUrl:
      'Een openbaar http- of https-adres; alarmen worden daarheen gestuurd als een monitoring start. Een adres op het eigen netwerk moet de beheerder van de server toestaan.',
    alarmWebhookSecret: 'Minstens {{count}} tekens. Laat leeg om het huidige geheim te houden.',
    rawRetentionDays:
      'Berichten en posities die de voertuigen stuurden worden hierna verwijderd, per hele maand; ritten, statistieken en scores blijven.',
    range: 'Van {{min}} tot {{max}}.',
  },
  secretSet: 'Er is een geheim ingesteld',
  secretNotSet: 'Er is geen geheim ingesteld',
  clearSecret: 'Het geheim verwijderen',
  languages: { en: 'Engels', nl: 'Nederlands' },
  range: 'Vul een geheel getal in van {{min}} tot {{max}}',
  save: 'Opslaan',
  saved: 'De organisatie-instellingen zijn opgeslagen',
};
