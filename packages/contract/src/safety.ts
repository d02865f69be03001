import { Type, type Static } from 'typebox';
import { EventType, Location } from './device-api.js';
import { MediaItem } from './media.js';
import { Id } from './organisations.js';

/**
 * Issue 20, safety review and coaching: every safety-relevant event becomes a case that a
 * reviewer dismisses, sends to coaching or recognises; a coach records the coaching; the driver
 * acknowledges it. Every change is kept in the case's history, every look at its footage in the
 * footage audit.
 */

const Time = Type.String({ format: 'date-time' });
/** A calendar day, YYYY-MM-DD. */
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'YYYY-MM-DD' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

// ── Statuses and actions ───────────────────────────────────────────────────

export const SAFETY_CASE_STATUSES = [
  'NEEDS_REVIEW',
  'DISMISSED',
  'NEEDS_COACHING',
  'COACHED',
  'RECOGNISED',
] as const;
export const SafetyCaseStatus = Type.Enum(SAFETY_CASE_STATUSES);
export type SafetyCaseStatus = Static<typeof SafetyCaseStatus>;

/**
 * What a user does to a case:
 * DISMISS      NEEDS_REVIEW → DISMISSED (reason, optional text); the event leaves the scores
 * COACH        NEEDS_REVIEW → NEEDS_COACHING (coachUserId, dueDate; defaults: the group's coach, today + due days)
 * RECOGNISE    NEEDS_REVIEW → RECOGNISED (a positive example; optional text)
 * REASSIGN     NEEDS_COACHING stays (another coach and/or due date)
 * COACHED      NEEDS_COACHING → COACHED (method, notes)
 * ACKNOWLEDGE  the driver of a NEEDS_COACHING or COACHED case acknowledges it (status stays)
 * UNDO         a reviewer undoes the last status change not yet undone (text: the reason, required)
 */
export const SAFETY_ACTIONS = [
  'DISMISS',
  'COACH',
  'RECOGNISE',
  'REASSIGN',
  'COACHED',
  'ACKNOWLEDGE',
  'UNDO',
] as const;
export const SafetyAction = Type.Enum(SAFETY_ACTIONS);
export type SafetyAction = Static<typeof SafetyAction>;

/** Why a case was dismissed (the text says more). */
export const DISMISSAL_REASONS = [
  'FALSE_POSITIVE',
  'DEVICE_FAULT',
  'EVASIVE_ACTION',
  'ROAD_CONDITIONS',
  'NOT_THE_DRIVER',
  'OTHER',
] as const;
export const DismissalReason = Type.Enum(DISMISSAL_REASONS);
export type DismissalReason = Static<typeof DismissalReason>;

export const COACHING_METHODS = ['IN_PERSON', 'CALL', 'SELF_REVIEW'] as const;
export const CoachingMethod = Type.Enum(COACHING_METHODS);
export type CoachingMethod = Static<typeof CoachingMethod>;

/** The event types that become cases unless the organisation chooses others. */
export const DEFAULT_CASE_EVENT_TYPES = [
  'HARSH_BRAKE',
  'HARSH_ACCELERATION',
  'OVER_SPEED_START',
  'OVER_RPM_START',
] as const satisfies readonly EventType[];

/**
 * A case without a clip asks the device for one (requestClips): a clip of this many seconds
 * around the event, while the camera still holds it (this many hours), at most this many a day
 * per organisation.
 */
export const AUTOMATIC_CLIP_SECONDS = 10;
export const CLIP_RECALL_HOURS = 24;
export const MAX_AUTOMATIC_CLIPS_PER_DAY = 50;

/** Days a coach has, by default, from the COACH action to the due date. */
export const DEFAULT_COACHING_DUE_DAYS = 14;
export const MAX_COACHING_DUE_DAYS = 365;
export const MAX_SAFETY_TEXT = 2000;

// ── A case ─────────────────────────────────────────────────────────────────

/** One case, as the inbox lists it. */
export const SafetyCase = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  assetId: Type.Integer(),
  assetName: Type.String(),
  /** the driver linked to the asset at the event; null: UNKNOWN */
  driverId: Nullable(Type.Integer()),
  driverName: Nullable(Type.String()),
  eventType: Type.String(),
  eventTime: Type.String(),
  location: Nullable(Location),
  /** km/h at the event, when known */
  speed: Nullable(Type.Number()),
  status: SafetyCaseStatus,
  /** the latest dismissal's reason while DISMISSED */
  dismissalReason: Nullable(DismissalReason),
  coachUserId: Nullable(Type.Integer()),
  coachName: Nullable(Type.String()),
  /** the day the coaching is due (NEEDS_COACHING, COACHED) */
  dueDate: Nullable(Day),
  /** NEEDS_COACHING past its due date */
  overdue: Type.Boolean(),
  coachedAt: Nullable(Type.String()),
  coachingMethod: Nullable(CoachingMethod),
  acknowledgedAt: Nullable(Type.String()),
  /** how many media (pictures and clips) the case has; hasClip: at least one video */
  mediaCount: Type.Integer(),
  hasClip: Type.Boolean(),
  /** a media request for a clip made for the case, still open */
  clipRequested: Type.Boolean(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type SafetyCase = Static<typeof SafetyCase>;
export const SafetyCaseList = Type.Array(SafetyCase);
export type SafetyCaseList = Static<typeof SafetyCaseList>;

/** One change of a case: who, when, what and why. */
export const SafetyHistoryEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  /** null: the system (the case was made from the event) */
  userId: Nullable(Type.Integer()),
  userName: Nullable(Type.String()),
  /** CREATED for the case's first entry, else the action */
  action: Type.Union([SafetyAction, Type.Literal('CREATED')]),
  fromStatus: Nullable(SafetyCaseStatus),
  toStatus: SafetyCaseStatus,
  reason: Nullable(DismissalReason),
  text: Nullable(Type.String()),
  coachUserId: Nullable(Type.Integer()),
  coachName: Nullable(Type.String()),
  dueDate: Nullable(Day),
  method: Nullable(CoachingMethod),
  notes: Nullable(Type.String()),
  /** set when a later UNDO took this change back */
  undoneAt: Nullable(Type.String()),
});
export type SafetyHistoryEntry = Static<typeof SafetyHistoryEntry>;

export const SafetyComment = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  userId: Nullable(Type.Integer()),
  userName: Nullable(Type.String()),
  text: Type.String(),
});
export type SafetyComment = Static<typeof SafetyComment>;
export const SafetyCommentList = Type.Array(SafetyComment);

export const SafetyCommentInput = Type.Object(
  { text: Type.String({ minLength: 1, maxLength: MAX_SAFETY_TEXT, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type SafetyCommentInput = Static<typeof SafetyCommentInput>;

// ── Footage audit ──────────────────────────────────────────────────────────

/** VIEW: a picture shown; PLAY: a clip played in the page; DOWNLOAD: the file as an attachment. */
export const FOOTAGE_ACTIONS = ['VIEW', 'PLAY', 'DOWNLOAD'] as const;
export const FootageAction = Type.Enum(FOOTAGE_ACTIONS);
export type FootageAction = Static<typeof FootageAction>;

export const FootageAuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  userId: Nullable(Type.Integer()),
  userName: Nullable(Type.String()),
  mediaId: Type.Integer(),
  action: FootageAction,
  /** the case the medium was looked at from, when known */
  caseId: Nullable(Type.Integer()),
});
export type FootageAuditEntry = Static<typeof FootageAuditEntry>;
export const FootageAuditList = Type.Array(FootageAuditEntry);
export type FootageAuditList = Static<typeof FootageAuditList>;

/** Most entries GET media/{id}/audit answers (newest first). */
export const MAX_FOOTAGE_AUDIT_LISTED = 500;

// ── The case page ──────────────────────────────────────────────────────────

/** GET safety/cases/{id}: the case with all it has. */
export const SafetyCaseDetail = Type.Object({
  ...SafetyCase.properties,
  /** the event's pictures and clips (empty for a driver when drivers may not see clips) */
  media: Type.Array(MediaItem),
  /** oldest first */
  history: Type.Array(SafetyHistoryEntry),
  /** oldest first */
  comments: Type.Array(SafetyComment),
  /** who looked at the case's media, newest first (empty for a DRIVER) */
  audit: FootageAuditList,
  /** the cases before and after this one in the inbox order of the same filters (query) */
  previousId: Nullable(Type.Integer()),
  nextId: Nullable(Type.Integer()),
  /** what the caller may do now (the server refuses the others) */
  allowedActions: Type.Array(SafetyAction),
  /** whether the caller may comment */
  mayComment: Type.Boolean(),
});
export type SafetyCaseDetail = Static<typeof SafetyCaseDetail>;

/** GET safety/cases/{id}/minute: speed and events around the event (from the datapoints). */
export const SafetyCaseMinute = Type.Object({
  from: Type.String(),
  until: Type.String(),
  points: Type.Array(
    Type.Object({
      timestamp: Type.String(),
      location: Nullable(Location),
      speed: Nullable(Type.Number()),
    }),
  ),
  events: Type.Array(
    Type.Object({
      timestamp: Type.String(),
      eventType: Type.String(),
      location: Nullable(Location),
    }),
  ),
});
export type SafetyCaseMinute = Static<typeof SafetyCaseMinute>;

/** Seconds before and after the event that GET safety/cases/{id}/minute covers. */
export const SAFETY_MINUTE_SECONDS = 30;
/** Seconds before and after the event that the route around it covers (points only). */
export const SAFETY_ROUTE_SECONDS = 120;

// ── Lists, counts, actions ─────────────────────────────────────────────────

/** Most cases one page holds (the inbox shows 10). */
export const MAX_SAFETY_PAGE = 100;

/** The filters of the inbox, the counts and the case page's neighbours. */
export const SafetyCaseFilterFields = {
  status: Type.Optional(SafetyCaseStatus),
  eventType: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  assetId: Type.Optional(Id),
  driverId: Type.Optional(Id),
  groupId: Type.Optional(Id),
  coachUserId: Type.Optional(Id),
  /** event time within [from, until) */
  from: Type.Optional(Time),
  until: Type.Optional(Time),
  hasClip: Type.Optional(Type.Boolean()),
  /** NEEDS_COACHING past due */
  overdue: Type.Optional(Type.Boolean()),
};

export const SafetyCaseFilter = Type.Object(SafetyCaseFilterFields, {
  additionalProperties: false,
});
export type SafetyCaseFilter = Static<typeof SafetyCaseFilter>;

/**
 * GET organisations/{id}/safety/cases: the organisation's own cases (not its children's),
 * attention first: overdue coaching, then needs review, needs coaching (due first), coached and
 * not acknowledged, the rest; newest event first within each. limit defaults to 10.
 */
export const SafetyCaseQuery = Type.Object(
  {
    ...SafetyCaseFilterFields,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_SAFETY_PAGE })),
    offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
  },
  { additionalProperties: false },
);
export type SafetyCaseQuery = Static<typeof SafetyCaseQuery>;

/** GET organisations/{id}/safety/counts: cases per status for the same filters (status aside). */
export const SafetyCaseCounts = Type.Object({
  NEEDS_REVIEW: Type.Integer(),
  DISMISSED: Type.Integer(),
  NEEDS_COACHING: Type.Integer(),
  COACHED: Type.Integer(),
  RECOGNISED: Type.Integer(),
  total: Type.Integer(),
  /** NEEDS_COACHING past due */
  overdue: Type.Integer(),
  /** NEEDS_COACHING or COACHED, not acknowledged by the driver */
  unacknowledged: Type.Integer(),
});
export type SafetyCaseCounts = Static<typeof SafetyCaseCounts>;

/**
 * POST safety/cases/{id}/actions: the action and what it needs. DISMISS: reason (text optional,
 * required for OTHER); COACH: coachUserId and dueDate optional (defaults); REASSIGN: coachUserId
 * and/or dueDate; COACHED: method (notes optional); RECOGNISE, ACKNOWLEDGE: text optional;
 * UNDO: text (the reason) required. Fields an action does not use are refused (400).
 */
export const SafetyActionInput = Type.Object(
  {
    action: SafetyAction,
    reason: Type.Optional(DismissalReason),
    text: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SAFETY_TEXT })),
    coachUserId: Type.Optional(Id),
    dueDate: Type.Optional(Day),
    method: Type.Optional(CoachingMethod),
    notes: Type.Optional(Type.String({ minLength: 1, maxLength: MAX_SAFETY_TEXT })),
  },
  { additionalProperties: false },
);
export type SafetyActionInput = Static<typeof SafetyActionInput>;

/** Most cases one bulk action takes. */
export const MAX_SAFETY_BULK = 200;

/** POST organisations/{id}/safety/cases/bulk: one action on many cases of the organisation. */
export const SafetyBulkInput = Type.Object(
  {
    ...SafetyActionInput.properties,
    caseIds: Type.Array(Id, { minItems: 1, maxItems: MAX_SAFETY_BULK, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type SafetyBulkInput = Static<typeof SafetyBulkInput>;

/**
 * The answer of a bulk action: all or nothing. When any case refuses the action, none is
 * changed (applied 0) and refusals says which and why; else applied is the number of cases.
 */
export const SafetyBulkResult = Type.Object({
  applied: Type.Integer(),
  refusals: Type.Array(
    Type.Object({ caseId: Type.Integer(), code: Type.String(), message: Type.String() }),
  ),
});
export type SafetyBulkResult = Static<typeof SafetyBulkResult>;

/** GET organisations/{id}/safety/coaches: who may review and coach the organisation's cases. */
export const SafetyCoach = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  userName: Type.String(),
});
export type SafetyCoach = Static<typeof SafetyCoach>;
export const SafetyCoachList = Type.Array(SafetyCoach);

// ── Settings ───────────────────────────────────────────────────────────────

/** GET/PUT organisations/{id}/safety/settings. */
export const SafetySettings = Type.Object(
  {
    /** the event types that become cases */
    caseEventTypes: Type.Array(EventType, { uniqueItems: true }),
    /** days from COACH to the default due date */
    dueDays: Type.Integer({ minimum: 1, maximum: MAX_COACHING_DUE_DAYS }),
    /** whether a DRIVER sees the media of their own cases */
    driversSeeClips: Type.Boolean(),
    /** whether a case without a clip asks the device for one (within the media request limits) */
    requestClips: Type.Boolean(),
    /** the default coach of each group's drivers (a COACH without coachUserId takes it) */
    groupCoaches: Type.Array(
      Type.Object({ groupId: Id, coachUserId: Id }, { additionalProperties: false }),
      { maxItems: 1000 },
    ),
  },
  { additionalProperties: false },
);
export type SafetySettings = Static<typeof SafetySettings>;

export const DEFAULT_SAFETY_SETTINGS: SafetySettings = {
  caseEventTypes: [...DEFAULT_CASE_EVENT_TYPES],
  dueDays: DEFAULT_COACHING_DUE_DAYS,
  driversSeeClips: true,
  requestClips: true,
  groupCoaches: [],
};
