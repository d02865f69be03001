import type { Report, ReportData } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { ranking } from './rankings';

const data = (distance: number, totalScore: number): ReportData[] => [
  { drivingStyleData: { drivingDistance: distance }, scoreData: { totalScore } } as ReportData,
];
const drivers = (rows: [number, string, number, number][]): Report => [
  {
    from: '',
    until: '',
    driverPeriodData: rows.map(([driverId, driverName, distance, score]) => ({
      driverId,
      driverName,
      driverData: data(distance, score),
    })),
  },
];

describe('ranking cards', () => {
  const report = drivers([
    [0, 'UNKNOWN', 80_000, 40],
    [1, 'Anna', 40_000, 92.46],
    [2, 'Bram', 20_000, 0],
    [3, 'Cees', 400, 99],
    [4, 'Dirk', 50, 99],
  ]);

  it('ranks distance with bars relative to the longest, UNKNOWN included', () => {
    const { best, worst, average } = ranking(report, 'driver', 'distance');
    expect(best.map((r) => [r.name, r.shown, r.percentage])).toEqual([
      ['UNKNOWN', '80.0 km', 100],
      ['Anna', '40.0 km', 50],
    ]);
    // Each entry once: the list is split in two, the worst ranked from the last (issue 19 §7).
    expect(worst.map((r) => [r.rank, r.name, r.percentage])).toEqual([
      [4, 'Cees', 0.5],
      [3, 'Bram', 25],
    ]);
    expect(average).toBe('35.1 km');
  });

  it('ranks scores without UNKNOWN and short distances; zero shows as a 0.1 bar', () => {
    const { best, worst, average } = ranking(report, 'driver', 'score');
    expect(best.map((r) => [r.name, r.shown, r.percentage])).toEqual([['Anna', '92.5', 92.46]]);
    expect(worst.map((r) => [r.name, r.shown, r.percentage])).toEqual([['Bram', '0.0', 0.1]]);
    expect(average).toBe('46.2');
  });

  it('has no average with nothing ranked', () => {
    expect(ranking(undefined, 'asset', 'score')).toEqual({ best: [], worst: [], average: null });
  });

  it('splits a large fleet into the best and the worst 50', () => {
    const many = drivers(
      Array.from(
        { length: 1000 },
        (_, i) => [i + 1, `Driver ${i + 1}`, 1000 + i, 50] as [number, string, number, number],
      ),
    );
    const { best, worst } = ranking(many, 'driver', 'distance');
    expect(best).toHaveLength(50);
    expect(worst).toHaveLength(50);
    expect(best[0]!.rank).toBe(1);
    // the worst ranked from its own end
    expect(worst[0]!.rank).toBe(1000);
    expect(worst.at(-1)!.rank).toBe(951);
  });
});
