import {
  MY_SAFETY_TO_ACKNOWLEDGE,
  MY_SAFETY_TREND_WEEKS,
  type AccessTokenClaims,
  type MySafety,
  type SafetyCase,
  type SafetyCaseCounts,
  type SafetyCaseFilter,
  type SafetyCaseQuery,
} from '@fleet/contract';
import { forbidden } from '../../lib/http-error.js';
import type { Page } from '../../db/list-page.js';
import type { MySafetyRepository } from './my-safety.repository.js';
import { driverScores, type DriverReports } from './my-safety.scores.js';

/** The case reads of the safety service: a DRIVER gets their own cases only. */
export interface OwnCases {
  list(
    user: AccessTokenClaims,
    organisationId: number,
    query: SafetyCaseQuery,
  ): Promise<Page<SafetyCase>>;
  counts(
    user: AccessTokenClaims,
    organisationId: number,
    filter: SafetyCaseFilter,
  ): Promise<SafetyCaseCounts>;
}

const NO_CASES: SafetyCaseCounts = {
  NEEDS_REVIEW: 0,
  DISMISSED: 0,
  NEEDS_COACHING: 0,
  COACHED: 0,
  RECOGNISED: 0,
  total: 0,
  overdue: 0,
  unacknowledged: 0,
};

/** Due first (no due date last), then the oldest event first. */
const byDue = (a: SafetyCase, b: SafetyCase) =>
  (a.dueDate ?? '9999').localeCompare(b.dueDate ?? '9999') ||
  a.eventTime.localeCompare(b.eventTime);

/**
 * "My safety" (issue 20 §4): a DRIVER's own cases per status, the coaching they have to
 * acknowledge and their weekly score. The cases come through the safety service, which keeps a
 * DRIVER to the cases of their own driver record; the score from the driving-style report.
 */
export class MySafetyService {
  constructor(
    private readonly repository: MySafetyRepository,
    private readonly cases: OwnCases,
    private readonly reports: DriverReports,
  ) {}

  async get(user: AccessTokenClaims): Promise<MySafety> {
    if (user.user_role !== 'DRIVER') {
      throw forbidden('My safety is the page of a DRIVER user; reviewers use the Safety inbox');
    }
    const link = await this.repository.linkOf(user.user_id);
    const organisationId = link?.organisation_id ?? user.organisation_id;
    const base = { organisationId, driversSeeClips: link?.drivers_see_clips ?? true };
    if (!link || link.driver_id === null)
      return { ...base, driver: null, counts: NO_CASES, toAcknowledge: [], scoreTrend: [] };
    const driverId = link.driver_id;
    const [counts, toAcknowledge, scoreTrend] = await Promise.all([
      this.cases.counts(user, organisationId, {}),
      this.toAcknowledge(user, organisationId),
      this.trend(user, organisationId, driverId),
    ]);
    return {
      ...base,
      driver: { id: driverId, name: link.driver_name ?? '' },
      counts,
      toAcknowledge,
      scoreTrend,
    };
  }

  /** Own cases needing coaching or coached that the driver has not acknowledged yet. */
  private async toAcknowledge(user: AccessTokenClaims, organisationId: number) {
    const pages = await Promise.all(
      (['NEEDS_COACHING', 'COACHED'] as const).map((status) =>
        this.cases.list(user, organisationId, { status, limit: 100 }),
      ),
    );
    return pages
      .flatMap((page) => page.rows)
      .filter((c) => c.acknowledgedAt === null)
      .sort(byDue)
      .slice(0, MY_SAFETY_TO_ACKNOWLEDGE);
  }

  private async trend(user: AccessTokenClaims, organisationId: number, driverId: number) {
    const from = await this.repository.weeksBack(MY_SAFETY_TREND_WEEKS);
    const scores = await driverScores(this.reports, user, organisationId, driverId, {
      from,
      until: new Date(),
      interval: 'WEEK',
    });
    return scores.map((s) => ({
      from: s.from.toISOString(),
      until: s.until.toISOString(),
      day: s.day ?? '',
      score: s.score === null ? null : Math.round(s.score * 10) / 10,
      distance: Math.round(s.distance),
    }));
  }
}
