import { Type, type Static } from 'typebox';
import { EVENT_TYPES } from './device-api.js';
import { Language, WEBHOOK_URL_PATTERN } from './organisation-settings.js';

/**
 * Issue 21 §2: alert rules of an organisation and the notifications they send. A rule fires
 * once per occurrence (an engine event, a device silent for a while, a monitoring started, a
 * media request failed, a zone entered, left or sped in, a safety case to review), for the assets of its scope, in its active hours and days (the
 * fleet's zone). More than `throttleLimit` notifications of one rule in ten minutes become one
 * digest for the rest of the window.
 */
export const ALERT_KINDS = [
  'event',
  'silent',
  'monitoring',
  'mediaFailed',
  'zoneEnter',
  'zoneExit',
  'zoneSpeeding',
  'caseNeedsReview',
] as const;
/** The kinds that name a zone (`zoneId`); each fires once per visit of the zone. */
export const ZONE_ALERT_KINDS = ['zoneEnter', 'zoneExit', 'zoneSpeeding'] as const;
/** Open: a client shows a kind it does not know by its name. */
export const AlertKind = Type.String({ minLength: 1, maxLength: 40 });
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The engine's event types a rule may name. */
export const ALERT_EVENT_TYPES = EVENT_TYPES;

/** Minutes of the day [from, until) the rule is active; until < from crosses midnight. */
export const MINUTES_OF_DAY = { min: 0, max: 1440 } as const;
/** Days as bits: Monday 1, Tuesday 2, … Sunday 64; 127 is every day. */
export const ALL_DAYS = 127;
export const THROTTLE_WINDOW_MINUTES = 10;
export const THROTTLE_LIMIT = { min: 1, max: 1000, default: 10 } as const;

export const AlertEmailRecipient = Type.Object(
  {
    address: Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', maxLength: 254 }),
    language: Language,
  },
  { additionalProperties: false },
);
export type AlertEmailRecipient = Static<typeof AlertEmailRecipient>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

const ruleFields = {
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }),
  kind: AlertKind,
  /** kind event: which engine event */
  eventType: Nullable(Type.String({ maxLength: 40 })),
  /** kind silent: minutes without a record */
  silentMinutes: Nullable(Type.Integer({ minimum: 5, maximum: 10080 })),
  /** kinds zoneEnter, zoneExit, zoneSpeeding: which zone */
  zoneId: Nullable(Type.Integer({ minimum: 1 })),
  /** scope: both null is every asset of the organisation and below */
  groupId: Nullable(Type.Integer({ minimum: 1 })),
  assetId: Nullable(Type.Integer({ minimum: 1 })),
  activeDays: Type.Integer({ minimum: 1, maximum: ALL_DAYS }),
  activeFrom: Type.Integer(MINUTES_OF_DAY),
  activeUntil: Type.Integer(MINUTES_OF_DAY),
  notifyPortal: Type.Boolean(),
  emailTo: Type.Array(AlertEmailRecipient, { maxItems: 20 }),
  webhookUrl: Nullable(Type.String({ maxLength: 2000, pattern: WEBHOOK_URL_PATTERN })),
  throttleLimit: Type.Integer(THROTTLE_LIMIT),
  enabled: Type.Boolean(),
};

export const AlertRule = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  ...ruleFields,
  /** the signing secret is never answered */
  webhookSecretSet: Type.Boolean(),
  createdAt: Type.String({ format: 'date-time' }),
});
export type AlertRule = Static<typeof AlertRule>;
export const AlertRuleList = Type.Array(AlertRule);

export const AlertRuleInput = Type.Object(
  {
    name: ruleFields.name,
    kind: ruleFields.kind,
    eventType: Type.Optional(ruleFields.eventType),
    silentMinutes: Type.Optional(ruleFields.silentMinutes),
    zoneId: Type.Optional(ruleFields.zoneId),
    groupId: Type.Optional(ruleFields.groupId),
    assetId: Type.Optional(ruleFields.assetId),
    activeDays: Type.Optional(ruleFields.activeDays),
    activeFrom: Type.Optional(ruleFields.activeFrom),
    activeUntil: Type.Optional(ruleFields.activeUntil),
    notifyPortal: Type.Optional(ruleFields.notifyPortal),
    emailTo: Type.Optional(ruleFields.emailTo),
    webhookUrl: Type.Optional(ruleFields.webhookUrl),
    /** write-only; null removes it */
    webhookSecret: Type.Optional(Nullable(Type.String({ minLength: 16, maxLength: 200 }))),
    throttleLimit: Type.Optional(ruleFields.throttleLimit),
    enabled: Type.Optional(ruleFields.enabled),
  },
  { additionalProperties: false },
);
export type AlertRuleInput = Static<typeof AlertRuleInput>;

/** One notification of the signed-in user. */
export const AlertNotification = Type.Object({
  id: Type.Integer(),
  ruleId: Type.Integer(),
  ruleName: Type.String(),
  kind: Type.String(),
  /** the event type (kind event), the zone's name (zone kinds) */
  detail: Nullable(Type.String()),
  assetId: Nullable(Type.Integer()),
  assetName: Nullable(Type.String()),
  occurredAt: Type.String({ format: 'date-time' }),
  createdAt: Type.String({ format: 'date-time' }),
  /** a digest: how many occurrences of the window it stands for */
  digestCount: Nullable(Type.Integer()),
  read: Type.Boolean(),
});
export type AlertNotification = Static<typeof AlertNotification>;

export const AlertNotificationList = Type.Object({
  unread: Type.Integer(),
  items: Type.Array(AlertNotification),
});
export type AlertNotificationList = Static<typeof AlertNotificationList>;

export const NotificationListQuery = Type.Object(
  { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200, default: 30 })) },
  { additionalProperties: false },
);

/** `andOlder`: also every older one, so Mark all read leaves one that arrived meanwhile unread. */
export const MarkReadQuery = Type.Object(
  { andOlder: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type MarkReadQuery = Static<typeof MarkReadQuery>;

export const MAIL_STATUSES = ['PENDING', 'SENT', 'FAILED'] as const;

/** An e-mail of the organisation's alerts: sent, failed, or kept (no SMTP configured). */
export const AlertMail = Type.Object({
  id: Type.Integer(),
  toAddress: Type.String(),
  language: Type.String(),
  subject: Type.String(),
  body: Type.String(),
  status: Type.Enum(MAIL_STATUSES),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Nullable(Type.String({ format: 'date-time' })),
});
export type AlertMail = Static<typeof AlertMail>;
export const AlertMailList = Type.Object({
  /** false: no SMTP configured; PENDING e-mails are kept here */
  smtpConfigured: Type.Boolean(),
  items: Type.Array(AlertMail),
});
export type AlertMailList = Static<typeof AlertMailList>;
