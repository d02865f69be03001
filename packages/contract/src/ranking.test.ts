import { describe, expect, it } from 'vitest';
import type { Report, ReportData } from './reports.js';
import {
  bestAndWorst,
  distanceRanking,
  isLinkable,
  rankingAverage,
  rankingPercentage,
  rankingTotals,
  scoreRanking,
  type RankingTotal,
} from './ranking.js';

const t = (id: number, name: string, distance: number, score: number | null): RankingTotal => ({
  id,
  name,
  distance,
  score,
});

describe('distanceRanking: totals above 100 m, longest first', () => {
  it.each<[string, RankingTotal[], number[]]>([
    ['orders by distance', [t(1, 'a', 500, 50), t(2, 'b', 900, 40), t(3, 'c', 101, 90)], [2, 1, 3]],
    ['leaves out 100 m and less', [t(1, 'a', 100, 50), t(2, 'b', 99, 40), t(3, 'c', 0, null)], []],
    ['keeps UNKNOWN', [t(0, 'UNKNOWN', 2000, null), t(1, 'a', 1000, 80)], [0, 1]],
    ['breaks ties by name', [t(1, 'b', 500, 1), t(2, 'a', 500, 1)], [2, 1]],
  ])('%s', (_, totals, ids) => {
    const ranked = distanceRanking(totals);
    expect(ranked.map((e) => e.id)).toEqual(ids);
    expect(ranked.map((e) => e.rank)).toEqual(ids.map((__, i) => i + 1));
  });
});

describe('scoreRanking: no UNKNOWN, at least 500 m, highest first', () => {
  it.each<[string, RankingTotal[], number[]]>([
    ['orders by score', [t(1, 'a', 600, 50), t(2, 'b', 900, 70), t(3, 'c', 501, 60)], [2, 3, 1]],
    ['500 m counts, 499 m does not', [t(1, 'a', 500, 50), t(2, 'b', 499, 90)], [1]],
    ['leaves out UNKNOWN', [t(0, 'UNKNOWN', 9000, 99), t(1, 'a', 1000, 10)], [1]],
    ['leaves out totals without a score', [t(1, 'a', 1000, null)], []],
    ['keeps a score of 0', [t(1, 'a', 1000, 0)], [1]],
  ])('%s', (_, totals, ids) => expect(scoreRanking(totals).map((e) => e.id)).toEqual(ids));
});

describe('bestAndWorst', () => {
  const list = (n: number) => Array.from({ length: n }, (_, i) => i + 1);
  /** the entries from..to (1-based, inclusive), the worst first */
  const down = (from: number, to: number) =>
    list(to)
      .slice(from - 1)
      .reverse();
  it.each<[number, number, number[], number[]]>([
    [0, 50, [], []],
    [1, 50, [1], []],
    [2, 50, [1], [2]],
    [3, 50, [1, 2], [3]],
    [50, 50, list(25), down(26, 50)],
    [99, 50, list(50), down(51, 99)],
    [100, 50, list(50), down(51, 100)],
    [101, 50, list(50), down(52, 101)],
    [250, 50, list(50), down(201, 250)],
    [5, 2, [1, 2], [5, 4]],
    [3, 2, [1, 2], [3]],
  ])('%i entries, %i each side, the worst from the last', (n, size, best, worst) => {
    expect(bestAndWorst(list(n), size)).toEqual({ best, worst });
  });

  it('shows each entry once, however many (issue 19 §7)', () => {
    for (let n = 0; n <= 220; n++) {
      const { best, worst } = bestAndWorst(list(n));
      const shown = [...best, ...worst];
      expect(new Set(shown).size).toBe(shown.length);
      expect(shown.length).toBe(Math.min(n, 100));
      expect(best.length - worst.length).toBeGreaterThanOrEqual(0);
      expect(best.length - worst.length).toBeLessThanOrEqual(1);
      if (n > 1) expect(worst[0]).toBe(n);
    }
  });
});

describe('rankingPercentage: capped at 100, zero shown as 0.1', () => {
  it.each([
    [50, 100, 50],
    [87.5, undefined, 87.5],
    [150, 100, 100],
    [250, 1000, 25],
    [0, 100, 0.1],
    [-4, 100, 0.1],
    [10, 0, 0.1],
  ])('%s of %s → %s', (value, max, percentage) =>
    expect(rankingPercentage(value, max)).toBeCloseTo(percentage),
  );
});

describe('rankingAverage: non-negative values only', () => {
  it.each<[number[], number | null]>([
    [[10, 20, 30], 20],
    [[10, -5, 30], 20],
    [[0, 10], 5],
    [[-1, -2], null],
    [[], null],
  ])('%j → %s', (values, average) => expect(rankingAverage(values)).toBe(average));
});

describe('rankingTotals', () => {
  const data = (distance: number, totalScore?: number): ReportData =>
    ({
      drivingStyleData: { drivingDistance: distance },
      scoreData: totalScore === undefined ? undefined : { totalScore },
    }) as ReportData;

  it('sums distances and weights scores by distance across intervals', () => {
    const report: Report = [
      {
        from: '',
        until: '',
        assetPeriodData: [
          { assetId: 1, assetName: 'Truck 1', assetData: [data(1000, 80)] },
          { assetId: 2, assetName: 'Truck 2', assetData: [] },
        ],
      },
      {
        from: '',
        until: '',
        assetPeriodData: [{ assetId: 1, assetName: 'Truck 1', assetData: [data(3000, 60)] }],
      },
    ];
    expect(rankingTotals(report, 'asset')).toEqual([
      { id: 1, name: 'Truck 1', distance: 4000, score: 65 },
      { id: 2, name: 'Truck 2', distance: 0, score: null },
    ]);
  });

  it('reads driver reports, UNKNOWN included', () => {
    const report: Report = [
      {
        from: '',
        until: '',
        driverPeriodData: [{ driverId: 0, driverName: 'UNKNOWN', driverData: [data(0, 50)] }],
      },
    ];
    expect(rankingTotals(report, 'driver')).toEqual([
      { id: 0, name: 'UNKNOWN', distance: 0, score: 50 },
    ]);
  });
});

it('does not link UNKNOWN', () => {
  expect(isLinkable({ name: 'UNKNOWN' })).toBe(false);
  expect(isLinkable({ name: 'Anna Jansen' })).toBe(true);
});
