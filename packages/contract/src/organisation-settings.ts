import { Type, type Static } from 'typebox';

/**
 * An organisation's settings (spec §7: GET and POST organisations/{id}/settings, PUT
 * organisationsettings/{id}). The settings' id is the organisation's id. Read by every role of
 * the subtree; changed by OEM and RESELLER only. Defaults apply while nothing was saved.
 */

export const LANGUAGES = ['en', 'nl'] as const;
export const Language = Type.Enum(LANGUAGES);
export type Language = Static<typeof Language>;

/** How long a monitoring may last before it ends by itself, in minutes. */
export const MONITORING_MINUTES = { min: 5, max: 480, default: 60 } as const;
export const MEDIA_RETENTION_DAYS = { min: 1, max: 3650, default: 90 } as const;
/**
 * How long raw records and datapoints are kept, in days; removed by whole months after that
 * (docs/operations.md). Trips, statistics and scores derived from them are kept.
 */
export const RAW_RETENTION_DAYS = { min: 31, max: 3650, default: 730 } as const;

export const DEFAULT_ORGANISATION_SETTINGS = {
  mediaRetentionDays: MEDIA_RETENTION_DAYS.default,
  rawRetentionDays: RAW_RETENTION_DAYS.default,
  controlRoomIdentifier: null,
  alarmWebhookUrl: null,
  maxMonitoringMinutes: MONITORING_MINUTES.default,
  defaultLanguage: 'en',
} as const;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

/** http(s) only; checked again by the server (no user info, a host). */
export const WEBHOOK_URL_PATTERN = '^https?://[^/\\s@]+(/\\S*)?$';

export const OrganisationSettings = Type.Object({
  /** the organisation's id */
  id: Type.Integer(),
  organisationId: Type.Integer(),
  mediaRetentionDays: Type.Integer(),
  /** days raw records and datapoints are kept (derived trips, statistics and scores stay) */
  rawRetentionDays: Type.Integer(),
  /** how the control room knows this organisation; sent with every alarm */
  controlRoomIdentifier: Nullable(Type.String()),
  /** where monitoring alarms are posted */
  alarmWebhookUrl: Nullable(Type.String()),
  /** the signing secret is never answered, only whether one is set */
  alarmWebhookSecretSet: Type.Boolean(),
  maxMonitoringMinutes: Type.Integer(),
  defaultLanguage: Language,
  /** false while the defaults apply (nothing saved yet) */
  saved: Type.Boolean(),
});
export type OrganisationSettings = Static<typeof OrganisationSettings>;

/** POST organisations/{id}/settings and PUT organisationsettings/{id}: the fields to change. */
export const OrganisationSettingsInput = Type.Object(
  {
    mediaRetentionDays: Type.Optional(
      Type.Integer({ minimum: MEDIA_RETENTION_DAYS.min, maximum: MEDIA_RETENTION_DAYS.max }),
    ),
    rawRetentionDays: Type.Optional(
      Type.Integer({ minimum: RAW_RETENTION_DAYS.min, maximum: RAW_RETENTION_DAYS.max }),
    ),
    controlRoomIdentifier: Type.Optional(
      Nullable(Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' })),
    ),
    alarmWebhookUrl: Type.Optional(
      Nullable(Type.String({ maxLength: 2000, pattern: WEBHOOK_URL_PATTERN })),
    ),
    /** write-only; null removes it */
    alarmWebhookSecret: Type.Optional(Nullable(Type.String({ minLength: 16, maxLength: 200 }))),
    maxMonitoringMinutes: Type.Optional(
      Type.Integer({ minimum: MONITORING_MINUTES.min, maximum: MONITORING_MINUTES.max }),
    ),
    defaultLanguage: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type OrganisationSettingsInput = Static<typeof OrganisationSettingsInput>;
