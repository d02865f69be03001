import {
  COACHING_EFFECT_DAYS,
  MAX_COACHING_REPORT_DAYS,
  permissions,
  type AccessTokenClaims,
  type CoachingDriverRow,
  type CoachingReport,
  type CoachingReportQuery,
} from '@fleet/contract';
import { badRequest, forbidden, HttpError } from '../../lib/http-error.js';
import { localDate } from '../../lib/local-date.js';
import type { AccessService } from '../access/index.js';
import {
  backlog,
  byType,
  coachedDrivers,
  effectWindows,
  statusCounts,
  timeliness,
} from './coaching-report.core.js';
import type { CoachingReportRepository } from './coaching-report.repository.js';
import { driverScores, type DriverReports } from './my-safety.scores.js';

const DAY = 86_400_000;
/** Periods up to this many days are shown by day, longer ones by week. */
const DAILY_UP_TO_DAYS = 31;
const tenth = (value: number | null) => (value === null ? null : Math.round(value * 10) / 10);

/**
 * The coaching report of an organisation (issue 20 §5; docs/safety.md): its cases whose event
 * falls in the period, how they were reviewed and coached, the backlog over the period, and
 * each coached driver's score in the 30 days before and after their first coaching.
 */
export class CoachingReportService {
  constructor(
    private readonly repository: CoachingReportRepository,
    private readonly access: AccessService,
    private readonly reports: DriverReports,
  ) {}

  async report(
    user: AccessTokenClaims,
    organisationId: number,
    query: CoachingReportQuery,
  ): Promise<CoachingReport> {
    await this.access.organisation(user, organisationId);
    if (!permissions.manageFleet(user.user_role))
      throw forbidden('The coaching report is for reviewers and coaches, not for drivers');
    const from = new Date(query.from);
    const until = new Date(query.until);
    if (!(from < until)) throw badRequest('from must be before until');
    if (until.getTime() - from.getTime() > MAX_COACHING_REPORT_DAYS * DAY)
      throw badRequest(`a coaching report covers at most ${MAX_COACHING_REPORT_DAYS} days`);
    const interval = until.getTime() - from.getTime() <= DAILY_UP_TO_DAYS * DAY ? 'DAY' : 'WEEK';
    const [cases, entries, intervals] = await Promise.all([
      this.repository.cases(organisationId, from, until),
      this.repository.entries(organisationId, from, until),
      this.repository.intervals(from, until, interval),
    ]);
    const dayOf = (when: Date) => localDate(when, this.repository.timezone);
    const { coachings, ...figures } = timeliness(cases, entries, dayOf);
    return {
      from: from.toISOString(),
      until: until.toISOString(),
      counts: statusCounts(cases, dayOf(new Date())),
      byType: byType(cases),
      ...figures,
      interval,
      backlog: backlog(cases, entries, intervals, dayOf),
      drivers: await this.drivers(user, coachedDrivers(cases, coachings)),
    };
  }

  /** Each coached driver's score before and after, from their organisation's driver report. */
  private async drivers(
    user: AccessTokenClaims,
    coached: ReturnType<typeof coachedDrivers>,
  ): Promise<CoachingDriverRow[]> {
    const known = await this.repository.drivers(coached.map((d) => d.driverId));
    const now = new Date();
    const rows: CoachingDriverRow[] = [];
    for (const d of coached) {
      const driver = known.get(d.driverId);
      if (!driver) continue;
      const windows = effectWindows(d.coachedAt, COACHING_EFFECT_DAYS, now);
      const score = (period: { from: Date; until: Date }) =>
        this.windowScore(user, driver.organisationId, d.driverId, period);
      const [before, after] = await Promise.all([score(windows.before), score(windows.after)]);
      rows.push({
        driverId: d.driverId,
        driverName: driver.name,
        cases: d.cases,
        coached: d.coached,
        acknowledged: d.acknowledged,
        coachedAt: d.coachedAt.toISOString(),
        scoreBefore: tenth(before.score),
        scoreAfter: tenth(after.score),
        distanceBefore: Math.round(before.distance),
        distanceAfter: Math.round(after.distance),
        daysAfter: windows.daysAfter,
      });
    }
    return rows;
  }

  /** The total score of one window; none for an empty window or a driver the caller cannot see. */
  private async windowScore(
    user: AccessTokenClaims,
    organisationId: number,
    driverId: number,
    period: { from: Date; until: Date },
  ) {
    if (!(period.from < period.until)) return { score: null, distance: 0 };
    try {
      const [whole] = await driverScores(this.reports, user, organisationId, driverId, period);
      return { score: whole?.score ?? null, distance: whole?.distance ?? 0 };
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404)
        return { score: null, distance: 0 };
      throw error;
    }
  }
}
