import {
  bestAndWorst,
  distanceRanking,
  formatDistance,
  formatScore,
  rankingAverage,
  rankingPercentage,
  rankingTotals,
  scoreRanking,
  type RankedEntry,
  type Report,
} from '@fleet/contract';

export type Measure = 'distance' | 'score';
export type EntityKind = 'asset' | 'driver';

export interface RankingRow extends RankedEntry {
  /** progress bar width, percent */
  percentage: number;
  shown: string;
}

export interface Ranking {
  best: RankingRow[];
  worst: RankingRow[];
  /** the average shown in the header, formatted; null with nothing ranked */
  average: string | null;
}

const format = (measure: Measure, value: number) =>
  measure === 'distance' ? formatDistance(value) : formatScore(value);

/**
 * A ranking card's list (spec §2, §5): ranked by distance or score, best 50 and worst 50, bars
 * relative to the longest distance or to a score of 100, and the average of the ranked values.
 */
export function ranking(report: Report | undefined, kind: EntityKind, measure: Measure): Ranking {
  const totals = rankingTotals(report ?? [], kind);
  const ranked = measure === 'distance' ? distanceRanking(totals) : scoreRanking(totals);
  const max = measure === 'distance' ? (ranked[0]?.value ?? 0) : 100;
  const rows = ranked.map((entry) => ({
    ...entry,
    percentage: rankingPercentage(entry.value, max),
    shown: format(measure, entry.value),
  }));
  const average = rankingAverage(ranked.map((entry) => entry.value));
  return { ...bestAndWorst(rows), average: average === null ? null : format(measure, average) };
}
