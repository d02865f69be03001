import {
  SAFETY_CASE_STATUSES,
  type CoachingBacklogPoint,
  type CoachingTypeRow,
  type SafetyCaseCounts,
  type SafetyCaseStatus,
} from '@fleet/contract';

/**
 * The pure figures of the coaching report (issue 20 §5; docs/safety.md defines them): from the
 * period's cases and their history, no I/O. The service reads the rows and the scores.
 */

export interface ReportCase {
  id: number;
  eventType: string;
  eventTime: Date;
  status: SafetyCaseStatus;
  driverId: number | null;
  dueDate: string | null;
  acknowledgedAt: Date | null;
}

export interface ReportEntry {
  caseId: number;
  at: Date;
  action: string;
  toStatus: SafetyCaseStatus;
  dueDate: string | null;
  /** a later UNDO took this change back */
  undone: boolean;
}

export interface Interval {
  from: Date;
  until: Date;
  /** the local date it starts on */
  day: string;
}

const HOUR = 3_600_000;
const REVIEWS = new Set(['DISMISS', 'COACH', 'RECOGNISE']);
const OPEN_COACHING = new Set<SafetyCaseStatus>(['NEEDS_COACHING', 'COACHED']);

/** The median of the values; null for none. */
export function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Rounded to a tenth (hours of the medians). */
const tenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/** Whether a NEEDS_COACHING case with this due date is overdue on `today` (its due day passed). */
const pastDue = (dueDate: string | null, today: string) => dueDate !== null && dueDate < today;

/** Cases per current status, overdue (today) and not acknowledged. */
export function statusCounts(cases: readonly ReportCase[], today: string): SafetyCaseCounts {
  const counts: SafetyCaseCounts = {
    NEEDS_REVIEW: 0,
    DISMISSED: 0,
    NEEDS_COACHING: 0,
    COACHED: 0,
    RECOGNISED: 0,
    total: cases.length,
    overdue: 0,
    unacknowledged: 0,
  };
  for (const c of cases) {
    counts[c.status] += 1;
    if (c.status === 'NEEDS_COACHING' && pastDue(c.dueDate, today)) counts.overdue += 1;
    if (OPEN_COACHING.has(c.status) && !c.acknowledgedAt) counts.unacknowledged += 1;
  }
  return counts;
}

/** Per event type, its cases per current status; most cases first, then by name. */
export function byType(cases: readonly ReportCase[]): CoachingTypeRow[] {
  const rows = new Map<string, CoachingTypeRow>();
  for (const c of cases) {
    const row =
      rows.get(c.eventType) ??
      ({
        eventType: c.eventType,
        total: 0,
        ...Object.fromEntries(SAFETY_CASE_STATUSES.map((s) => [s, 0])),
      } as CoachingTypeRow);
    row.total += 1;
    row[c.status] += 1;
    rows.set(c.eventType, row);
  }
  return [...rows.values()].sort(
    (a, b) => b.total - a.total || a.eventType.localeCompare(b.eventType),
  );
}

/** A case's history, oldest first, by case. */
function historyByCase(entries: readonly ReportEntry[]) {
  const byCase = new Map<number, ReportEntry[]>();
  for (const entry of [...entries].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    byCase.set(entry.caseId, [...(byCase.get(entry.caseId) ?? []), entry]);
  }
  return byCase;
}

/** One case's coaching: when it was sent to coaching, coached, and whether after its due date. */
export interface Coaching {
  caseId: number;
  driverId: number | null;
  coachAt: Date | null;
  coachedAt: Date;
  late: boolean;
}

/**
 * The review and the coaching of each case, from the changes that stand (not undone): its first
 * review (dismiss, coach or recognise) and its coaching recorded, with the coach action before it
 * and the due date then in force.
 */
export function reviewsAndCoachings(
  cases: readonly ReportCase[],
  entries: readonly ReportEntry[],
  dayOf: (when: Date) => string,
) {
  const history = historyByCase(entries);
  const hoursToReview: number[] = [];
  const coachings: Coaching[] = [];
  for (const c of cases) {
    const standing = (history.get(c.id) ?? []).filter((e) => !e.undone);
    const review = standing.find((e) => REVIEWS.has(e.action));
    if (review) hoursToReview.push(Math.max(0, review.at.getTime() - c.eventTime.getTime()) / HOUR);
    const coached = standing.find((e) => e.action === 'COACHED');
    if (!coached) continue;
    const before = standing.filter((e) => e.at <= coached.at && e !== coached);
    const coach = before.filter((e) => e.action === 'COACH').at(-1) ?? null;
    const due = before.filter((e) => e.dueDate !== null).at(-1)?.dueDate ?? null;
    coachings.push({
      caseId: c.id,
      driverId: c.driverId,
      coachAt: coach?.at ?? null,
      coachedAt: coached.at,
      late: due !== null && dayOf(coached.at) > due,
    });
  }
  return { hoursToReview, coachings };
}

/** The medians and counts of reviewing and coaching. */
export function timeliness(
  cases: readonly ReportCase[],
  entries: readonly ReportEntry[],
  dayOf: (when: Date) => string,
) {
  const { hoursToReview, coachings } = reviewsAndCoachings(cases, entries, dayOf);
  const hoursToCoach = coachings
    .filter((c) => c.coachAt !== null)
    .map((c) => Math.max(0, c.coachedAt.getTime() - c.coachAt!.getTime()) / HOUR);
  return {
    medianHoursToReview: tenth(median(hoursToReview)),
    reviewed: hoursToReview.length,
    medianHoursToCoach: tenth(median(hoursToCoach)),
    coached: coachings.length,
    coachedLate: coachings.filter((c) => c.late).length,
    coachings,
  };
}

/**
 * Per interval: the period's cases whose event fell in it, the reviews and coachings made in it
 * (those that stand), and at its end how many of the cases whose event had happened waited for
 * review, for coaching, and for coaching past due. A case's state at a moment is its history's
 * last change before it (an undone change counted while it stood); a case with none yet (made
 * later from an older event) was waiting for review.
 */
export function backlog(
  cases: readonly ReportCase[],
  entries: readonly ReportEntry[],
  intervals: readonly Interval[],
  dayOf: (when: Date) => string,
): CoachingBacklogPoint[] {
  const history = historyByCase(entries);
  return intervals.map((interval) => {
    const point: CoachingBacklogPoint = {
      from: interval.from.toISOString(),
      until: interval.until.toISOString(),
      day: interval.day,
      created: 0,
      reviewed: 0,
      coached: 0,
      needsReview: 0,
      needsCoaching: 0,
      overdue: 0,
    };
    const within = (at: Date) => at >= interval.from && at < interval.until;
    // the day it is at the interval's end: a due day before it has passed
    const endDay = dayOf(interval.until);
    for (const c of cases) {
      if (within(c.eventTime)) point.created += 1;
      const changes = history.get(c.id) ?? [];
      for (const e of changes) {
        if (e.undone || !within(e.at)) continue;
        if (REVIEWS.has(e.action)) point.reviewed += 1;
        if (e.action === 'COACHED') point.coached += 1;
      }
      if (c.eventTime >= interval.until) continue;
      const before = changes.filter((e) => e.at < interval.until);
      const status = before.at(-1)?.toStatus ?? 'NEEDS_REVIEW';
      if (status === 'NEEDS_REVIEW') point.needsReview += 1;
      if (status === 'NEEDS_COACHING') {
        point.needsCoaching += 1;
        const due = before.filter((e) => e.dueDate !== null).at(-1)?.dueDate ?? null;
        if (pastDue(due, endDay)) point.overdue += 1;
      }
    }
    return point;
  });
}

/**
 * Each driver's first coaching of the period (the moment their scores are compared around),
 * with their cases, coached and acknowledged; the earliest coaching first.
 */
export function coachedDrivers(cases: readonly ReportCase[], coachings: readonly Coaching[]) {
  const first = new Map<number, Date>();
  for (const c of coachings) {
    if (c.driverId === null) continue;
    const known = first.get(c.driverId);
    if (!known || c.coachedAt < known) first.set(c.driverId, c.coachedAt);
  }
  return [...first.entries()]
    .map(([driverId, coachedAt]) => {
      const own = cases.filter((c) => c.driverId === driverId);
      return {
        driverId,
        coachedAt,
        cases: own.length,
        coached: own.filter((c) => c.status === 'COACHED').length,
        acknowledged: own.filter((c) => c.acknowledgedAt !== null).length,
      };
    })
    .sort((a, b) => a.coachedAt.getTime() - b.coachedAt.getTime() || a.driverId - b.driverId);
}

/** The windows a coached driver's scores are compared over: `days` before and after, up to now. */
export function effectWindows(coachedAt: Date, days: number, now: Date) {
  const span = days * 86_400_000;
  const afterUntil = new Date(Math.min(coachedAt.getTime() + span, now.getTime()));
  return {
    before: { from: new Date(coachedAt.getTime() - span), until: coachedAt },
    after: { from: coachedAt, until: afterUntil },
    daysAfter: Math.max(0, Math.floor((afterUntil.getTime() - coachedAt.getTime()) / 86_400_000)),
  };
}
