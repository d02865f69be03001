import type { AccessTokenClaims, ReportBody, ReportInterval } from '@fleet/contract';

/** The driver report of the reports module, as far as the safety pages use it. */
export interface DriverReports {
  drivers(
    user: AccessTokenClaims,
    organisationId: number,
    body: ReportBody,
    signal?: AbortSignal,
  ): AsyncGenerator<ReportInterval>;
}

export interface DriverScore {
  from: Date;
  until: Date;
  day: string | undefined;
  /** the total score of the interval's summed statistics; null when nothing was driven */
  score: number | null;
  /** metres */
  distance: number;
}

/**
 * One driver's total score per interval, from the driving-style report itself (its rollups,
 * minimum trip distance and default score settings, docs/scoring.md): the same figure the
 * driver's detail page and the rankings show.
 */
export async function driverScores(
  reports: DriverReports,
  user: AccessTokenClaims,
  organisationId: number,
  driverId: number,
  period: { from: Date; until: Date; interval?: 'WEEK' },
): Promise<DriverScore[]> {
  const scores: DriverScore[] = [];
  const intervals = reports.drivers(user, organisationId, {
    from: period.from.toISOString(),
    until: period.until.toISOString(),
    ids: [driverId],
    scoreData: true,
    drivingStyleData: true,
    ...(period.interval ? { interval: period.interval } : {}),
  });
  for await (const interval of intervals) {
    const data = interval.driverPeriodData?.find((d) => d.driverId === driverId)?.driverData[0];
    const distance = data?.drivingStyleData?.drivingDistance ?? 0;
    scores.push({
      from: new Date(interval.from),
      until: new Date(interval.until),
      day: interval.day,
      score: distance > 0 ? (data?.scoreData?.totalScore ?? null) : null,
      distance,
    });
  }
  return scores;
}
