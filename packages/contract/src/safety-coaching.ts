import { Type, type Static } from 'typebox';
import { SAFETY_CASE_STATUSES, SafetyCaseCounts, SafetyCaseList } from './safety.js';

/**
 * Issue 20 §4 and §5: a DRIVER's own safety page ("My safety") and the coaching report of an
 * organisation. docs/safety.md defines every figure.
 */

const Time = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) =>
  Type.Union([t, Type.Null()]);

// ── My safety ──────────────────────────────────────────────────────────────

/** Weeks of score trend My safety shows, ending with the current week. */
export const MY_SAFETY_TREND_WEEKS = 12;
/** Most cases to acknowledge My safety lists (the oldest due first). */
export const MY_SAFETY_TO_ACKNOWLEDGE = 50;

/** One interval of a score trend: the total score of its summed statistics (docs/scoring.md). */
export const ScoreTrendPoint = Type.Object({
  from: Type.String(),
  until: Type.String(),
  /** the local date (fleet time zone) the interval starts on */
  day: Type.String(),
  /** null when nothing was driven */
  score: Nullable(Type.Number()),
  /** metres driven */
  distance: Type.Number(),
});
export type ScoreTrendPoint = Static<typeof ScoreTrendPoint>;

/**
 * GET safety/my: the signed-in DRIVER's own safety. driver null: the user is not linked to a
 * driver record yet (a manager links it in the user's edit), and everything else is empty.
 */
export const MySafety = Type.Object({
  driver: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  organisationId: Type.Integer(),
  /** whether the organisation lets drivers see the clips of their own cases */
  driversSeeClips: Type.Boolean(),
  /** the driver's own cases per status */
  counts: SafetyCaseCounts,
  /** coaching to acknowledge: own NEEDS_COACHING or COACHED cases not acknowledged, due first */
  toAcknowledge: SafetyCaseList,
  /** the driver's weekly total score, oldest first */
  scoreTrend: Type.Array(ScoreTrendPoint),
});
export type MySafety = Static<typeof MySafety>;

// ── Coaching report ────────────────────────────────────────────────────────

/** Longest period of one coaching report. */
export const MAX_COACHING_REPORT_DAYS = 400;
/** Days before and after a driver's coaching whose scores the report compares. */
export const COACHING_EFFECT_DAYS = 30;

/** GET organisations/{id}/safety/coaching-report(.csv): cases whose event is in [from, until). */
export const CoachingReportQuery = Type.Object(
  { from: Time, until: Time },
  { additionalProperties: false },
);
export type CoachingReportQuery = Static<typeof CoachingReportQuery>;

const statusCounts = Object.fromEntries(SAFETY_CASE_STATUSES.map((s) => [s, Type.Integer()])) as {
  [S in (typeof SAFETY_CASE_STATUSES)[number]]: ReturnType<typeof Type.Integer>;
};

/** Cases of one event type per current status. */
export const CoachingTypeRow = Type.Object({
  eventType: Type.String(),
  total: Type.Integer(),
  ...statusCounts,
});
export type CoachingTypeRow = Static<typeof CoachingTypeRow>;

/** The state of the period's cases at the end of one interval (the backlog chart). */
export const CoachingBacklogPoint = Type.Object({
  from: Type.String(),
  until: Type.String(),
  day: Type.String(),
  /** cases whose event happened in the interval */
  created: Type.Integer(),
  /** reviews (dismiss, coach, recognise) made in the interval */
  reviewed: Type.Integer(),
  /** coachings recorded in the interval */
  coached: Type.Integer(),
  /** at the interval's end: cases waiting for review, for coaching, and coaching past due */
  needsReview: Type.Integer(),
  needsCoaching: Type.Integer(),
  overdue: Type.Integer(),
});
export type CoachingBacklogPoint = Static<typeof CoachingBacklogPoint>;

/** A coached driver's total score in the days before and after their first coaching. */
export const CoachingDriverRow = Type.Object({
  driverId: Type.Integer(),
  driverName: Type.String(),
  /** the driver's cases in the period, and how many of them were coached / acknowledged */
  cases: Type.Integer(),
  coached: Type.Integer(),
  acknowledged: Type.Integer(),
  /** the driver's first coaching recorded in the period: the moment the comparison turns on */
  coachedAt: Type.String(),
  /** total score of the summed statistics of the 30 days before / after; null: no driving */
  scoreBefore: Nullable(Type.Number()),
  scoreAfter: Nullable(Type.Number()),
  /** metres driven in each window */
  distanceBefore: Type.Number(),
  distanceAfter: Type.Number(),
  /** days of the after window that have passed (fewer than 30 for a recent coaching) */
  daysAfter: Type.Integer(),
});
export type CoachingDriverRow = Static<typeof CoachingDriverRow>;

export const CoachingReport = Type.Object({
  from: Type.String(),
  until: Type.String(),
  /** the period's cases per current status; overdue: NEEDS_COACHING past due now */
  counts: SafetyCaseCounts,
  byType: Type.Array(CoachingTypeRow),
  /** hours from the event to its review, median over the period's reviewed cases */
  medianHoursToReview: Nullable(Type.Number()),
  reviewed: Type.Integer(),
  /** hours from the coach action to the coaching recorded, median over the coached cases */
  medianHoursToCoach: Nullable(Type.Number()),
  coached: Type.Integer(),
  /** coached after their due date */
  coachedLate: Type.Integer(),
  /** by day (periods up to 31 days) or by week */
  interval: Type.Union([Type.Literal('DAY'), Type.Literal('WEEK')]),
  backlog: Type.Array(CoachingBacklogPoint),
  drivers: Type.Array(CoachingDriverRow),
});
export type CoachingReport = Static<typeof CoachingReport>;
