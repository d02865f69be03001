import { UNKNOWN, type Report, type ReportData } from './reports.js';

/**
 * The organisation ranking rules of spec §5 and §9, pure: which entities enter the distance and the
 * score ranking, the best / worst split, the bar percentages and the average.
 */

/** Totals enter the distance ranking only above this many metres. */
export const RANKING_MIN_DISTANCE = 100;
/** Score ranking: at least this many metres. */
export const SCORE_MIN_DISTANCE = 500;
/** Ranking cards show the best and the worst this many. */
export const RANKING_SIZE = 50;

/** One asset or driver over the period. */
export interface RankingTotal {
  id: number;
  name: string;
  /** metres */
  distance: number;
  /** distance-weighted total score; null when it had no score */
  score: number | null;
}

export interface RankedEntry extends RankingTotal {
  /** 1 for the best */
  rank: number;
  /** what is ranked: metres or the score */
  value: number;
}

/** Sums an entity's report data: distances add up; the total score is weighted by distance. */
function total(id: number, name: string, data: ReportData[]): RankingTotal {
  let distance = 0;
  let weighted = 0;
  let scoredDistance = 0;
  let plainScores = 0;
  let plainCount = 0;
  for (const d of data) {
    const metres = d.drivingStyleData?.drivingDistance ?? 0;
    distance += metres;
    const score = d.scoreData?.totalScore;
    if (score === undefined) continue;
    weighted += score * metres;
    scoredDistance += metres;
    plainScores += score;
    plainCount += 1;
  }
  const score =
    scoredDistance > 0 ? weighted / scoredDistance : plainCount ? plainScores / plainCount : null;
  return { id, name, distance, score };
}

/** Per asset or driver, the totals over every interval of a report. */
export function rankingTotals(report: Report, kind: 'asset' | 'driver'): RankingTotal[] {
  const byId = new Map<number, { name: string; data: ReportData[] }>();
  for (const interval of report) {
    const rows =
      kind === 'asset'
        ? (interval.assetPeriodData ?? []).map(
            (r) => [r.assetId, r.assetName, r.assetData] as const,
          )
        : (interval.driverPeriodData ?? []).map(
            (r) => [r.driverId, r.driverName, r.driverData] as const,
          );
    for (const [id, name, data] of rows) {
      const entry = byId.get(id) ?? { name, data: [] };
      entry.data.push(...data);
      byId.set(id, entry);
    }
  }
  return [...byId].map(([id, { name, data }]) => total(id, name, data));
}

const rank = (entries: (RankingTotal & { value: number })[]): RankedEntry[] =>
  entries
    .sort((a, b) => b.value - a.value || a.name.localeCompare(b.name) || a.id - b.id)
    .map((entry, index) => ({ ...entry, rank: index + 1 }));

/** Longest distance first; only totals above RANKING_MIN_DISTANCE. */
export function distanceRanking(totals: RankingTotal[]): RankedEntry[] {
  return rank(
    totals
      .filter((t) => t.distance > RANKING_MIN_DISTANCE)
      .map((t) => ({ ...t, value: t.distance })),
  );
}

/** Highest score first; UNKNOWN and totals under SCORE_MIN_DISTANCE are left out. */
export function scoreRanking(totals: RankingTotal[]): RankedEntry[] {
  return rank(
    totals
      .filter((t) => t.name !== UNKNOWN && t.distance >= SCORE_MIN_DISTANCE && t.score !== null)
      .map((t) => ({ ...t, value: t.score! })),
  );
}

/**
 * The best `size` and the worst `size` of a ranked list (spec §2 'Best 50', 'Worst 50'), each
 * ranked from its own end: the best from the first, the worst from the last. Each entry is in one
 * section only (issue 19 §7): a list of 2 × size entries or fewer is split in two halves, the
 * odd one out going to the best, so that a fleet of 30 shows the best 15 and the worst 15.
 */
export function bestAndWorst<T>(
  ranked: readonly T[],
  size = RANKING_SIZE,
): { best: T[]; worst: T[] } {
  const bestCount = Math.min(size, Math.ceil(ranked.length / 2));
  const worstCount = Math.min(size, ranked.length - bestCount);
  const best = ranked.slice(0, bestCount);
  const worst = ranked.slice(ranked.length - worstCount).reverse();
  return { best, worst };
}

/**
 * Width of a progress bar in percent: value of max, capped at 100; zero (or less) shows as 0.1 so
 * that the bar is still there.
 */
export function rankingPercentage(value: number, max = 100): number {
  if (!(max > 0) || !Number.isFinite(value)) return 0.1;
  const percentage = Math.min(100, (value / max) * 100);
  return percentage > 0 ? percentage : 0.1;
}

/** The average of the non-negative values; null when there are none. */
export function rankingAverage(values: readonly number[]): number | null {
  const counted = values.filter((v) => Number.isFinite(v) && v >= 0);
  return counted.length ? counted.reduce((sum, v) => sum + v, 0) / counted.length : null;
}

/** An entry links to its detail page unless it is UNKNOWN (driving with no linked driver). */
export const isLinkable = (entry: { name: string }) => entry.name !== UNKNOWN;

/**
 * One asset's or driver's calendar day (one interval of a report): the distance, and the total
 * score weighted by distance (the one score of a single entry as it is); null without
 * driving. The calendar tab and its export.
 */
export function calendarTotals(
  interval: Report[number],
  kind: 'asset' | 'driver',
  id: number,
): { distance: number; totalScore: number | null } {
  const data =
    (kind === 'asset'
      ? interval.assetPeriodData?.find((a) => a.assetId === id)?.assetData
      : interval.driverPeriodData?.find((d) => d.driverId === id)?.driverData) ?? [];
  let distance = 0;
  let weighted = 0;
  for (const entry of data) {
    const d = entry.drivingStyleData?.drivingDistance ?? 0;
    distance += d;
    weighted += (entry.scoreData?.totalScore ?? 0) * d;
  }
  if (data.length === 1 && data[0]!.scoreData && distance > 0)
    return { distance, totalScore: data[0]!.scoreData.totalScore };
  return { distance, totalScore: distance > 0 ? weighted / distance : null };
}
