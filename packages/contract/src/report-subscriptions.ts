import { Type, type Static } from 'typebox';
import { MAIL_STATUSES } from './alerts.js';
import { Language } from './organisation-settings.js';

/**
 * Issue 21 §4: scheduled reports by e-mail. A user subscribes themselves, or a user who may
 * manage the fleet subscribes a user of the organisation, to the report of the last complete
 * day, week (Monday to Sunday) or month in the fleet's time zone, optionally for one group.
 * Each period is sent once (docs/reports.md).
 */
export const REPORT_KINDS = ['DRIVING_STYLE', 'SAFETY_EVENTS', 'ZONE_VISITS'] as const;
export const ReportKind = Type.Enum(REPORT_KINDS);
export type ReportKind = Static<typeof ReportKind>;

export const REPORT_FREQUENCIES = ['DAILY', 'WEEKLY', 'MONTHLY'] as const;
export const ReportFrequency = Type.Enum(REPORT_FREQUENCIES);
export type ReportFrequency = Static<typeof ReportFrequency>;

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

export const ReportSubscriptionInput = Type.Object(
  {
    kind: ReportKind,
    frequency: ReportFrequency,
    /** null or left out: the whole organisation */
    groupId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    /** the recipient; left out: the caller. Another user: only who may manage the fleet. */
    userId: Type.Optional(Type.Integer({ minimum: 1 })),
    email: Type.String({ pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', maxLength: 254 }),
    /** left out: the organisation's default language */
    language: Type.Optional(Language),
  },
  { additionalProperties: false },
);
export type ReportSubscriptionInput = Static<typeof ReportSubscriptionInput>;

export const ReportSubscription = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  kind: ReportKind,
  frequency: ReportFrequency,
  groupId: Nullable(Type.Integer()),
  groupName: Nullable(Type.String()),
  email: Type.String(),
  language: Language,
  createdAt: Type.String({ format: 'date-time' }),
});
export type ReportSubscription = Static<typeof ReportSubscription>;
export const ReportSubscriptionList = Type.Array(ReportSubscription);
export type ReportSubscriptionList = Static<typeof ReportSubscriptionList>;

/** One report of one period: PENDING (waiting, or no SMTP configured), SENT or FAILED. */
export const ReportDelivery = Type.Object({
  id: Type.Integer(),
  subscriptionId: Type.Integer(),
  kind: ReportKind,
  frequency: ReportFrequency,
  email: Type.String(),
  /** the period's first day and the day after its last (YYYY-MM-DD) */
  periodStart: Type.String(),
  periodEnd: Type.String(),
  status: Type.Enum(MAIL_STATUSES),
  attempts: Type.Integer(),
  lastError: Nullable(Type.String()),
  nextAttemptAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
  sentAt: Nullable(Type.String({ format: 'date-time' })),
});
export type ReportDelivery = Static<typeof ReportDelivery>;

/** The lastError of a delivery kept while no SMTP is configured (the portal shows it translated). */
export const NO_SMTP_ERROR = 'no SMTP configured';

export const ReportDeliveryList = Type.Object({
  /** false: no SMTP configured; the reports wait as PENDING until it is */
  smtpConfigured: Type.Boolean(),
  items: Type.Array(ReportDelivery),
});
export type ReportDeliveryList = Static<typeof ReportDeliveryList>;
