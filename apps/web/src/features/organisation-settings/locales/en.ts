/** The organisation settings screen's texts; loaded with its chunk. */
export const organisationSettingsEn = {
  loading: 'Loading…',
  loadFailed: 'The settings could not be loaded: {{message}}',
  readOnly: 'Only OEM and reseller users may change these settings; you see them read-only.',
  defaults: 'Nothing saved yet: these are the defaults.',
  controlRoom: 'Control room',
  monitoring: 'Monitoring, media and data',
  fields: {
    controlRoomIdentifier: 'Control room identifier',
    alarmWebhookUrl: 'Alarm webhook URL',
    alarmWebhookSecret: 'New webhook secret',
    mediaRetentionDays: 'Media retention (days)',
    rawRetentionDays: 'Raw data retention (days)',
    maxMonitoringMinutes: 'Maximum monitoring duration (minutes)',
    defaultLanguage: 'Default language',
  },
  hints: {
    controlRoomIdentifier: 'How the control room knows this organisation; sent with every alarm.',
    alarmWebhookUrl:
      'A public http or https address; alarms are posted there when a monitoring starts. An address on the own network must be allowed by the server’s operator.',
    alarmWebhookSecret: 'At least {{count}} characters. Leave empty to keep the current secret.',
    rawRetentionDays:
      'Records and positions the vehicles sent are removed after this, by whole months; trips, statistics and scores stay.',
    range: 'From {{min}} to {{max}}.',
  },
  secretSet: 'A secret is set',
  secretNotSet: 'No secret is set',
  clearSecret: 'Remove the secret',
  languages: { en: 'English', nl: 'Dutch' },
  range: 'Enter a whole number from {{min}} to {{max}}',
  save: 'Save',
  saved: 'The organisation settings were saved',
};
export type OrganisationSettingsTexts = typeof organisationSettingsEn;
