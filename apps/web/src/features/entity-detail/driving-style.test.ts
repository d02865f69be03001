import type { DrivingStyleData, Report, ReportData, ScoreData } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { drivingStyleOf, drivingStyleShares, subjectData } from './driving-style';

const stats = (fields: Partial<DrivingStyleData>) =>
  ({
    drivingDistance: 1000,
    drivingTime: 600,
    cruiseTime: 0,
    coastTime: 0,
    idleTime: 0,
    ptoTime: 0,
    fuelUsedDriving: 0,
    fuelUsedIdle: 0,
    fuelUsedPTO: 0,
    ...fields,
  }) as DrivingStyleData;
const scores = { total: 80 } as unknown as ScoreData;
const data = (distance: number): ReportData => ({
  drivingStyleData: stats({ drivingDistance: distance }),
  scoreData: scores,
});

const REPORT: Report = [
  {
    from: '2026-11-01T00:00:00+01:00',
    until: '2026-11-02T00:00:00+01:00',
    assetPeriodData: [
      { assetId: 7, assetName: 'Truck 7', assetData: [data(1), data(2)] },
      { assetId: 8, assetName: 'Truck 8', assetData: [data(3)] },
    ],
    driverPeriodData: [{ driverId: 7, driverName: 'Ann', driverData: [data(4)] }],
  },
];

describe('subjectData: the entity’s first data in the report', () => {
  it.each([
    ['an asset', { type: 'ASSET', id: 7 }, 1],
    ['another asset', { type: 'ASSET', id: 8 }, 3],
    ['a driver with the id of an asset', { type: 'DRIVER', id: 7 }, 4],
    ['an asset not in it', { type: 'ASSET', id: 9 }, undefined],
    ['a driver not in it', { type: 'DRIVER', id: 8 }, undefined],
  ] as const)('%s', (_, subject, distance) => {
    expect(subjectData(REPORT, subject)?.drivingStyleData?.drivingDistance).toBe(distance);
  });

  it('an empty report holds nothing', () => {
    expect(subjectData([], { type: 'ASSET', id: 7 })).toBeUndefined();
  });
});

describe('drivingStyleOf: shown only when something was driven, with scores', () => {
  it.each([
    ['driven, with scores', data(10), true],
    ['nothing driven', data(0), false],
    ['no scores', { drivingStyleData: stats({}) }, false],
    ['no statistics', { scoreData: scores }, false],
    ['no data', undefined, false],
  ] as const)('%s', (_, reportData, shown) => {
    expect(drivingStyleOf(reportData) !== undefined).toBe(shown);
  });
});

describe('drivingStyleShares: the bars’ values', () => {
  const values = (s: DrivingStyleData) =>
    Object.fromEntries(
      Object.entries(drivingStyleShares(s)).map(([bar, shares]) => [
        bar,
        shares.map((share) => share.value),
      ]),
    );
  it.each([
    [
      'the rest of driving is what cruise and coast leave',
      { drivingTime: 600, cruiseTime: 200, coastTime: 100, idleTime: 50, ptoTime: 5 },
      { timeShare: [600, 50, 5], drivingShare: [200, 100, 300], fuel: [0, 0, 0] },
    ],
    [
      'never below zero',
      { drivingTime: 100, cruiseTime: 80, coastTime: 80, idleTime: -3 },
      { timeShare: [100, 0, 0], drivingShare: [80, 80, 0], fuel: [0, 0, 0] },
    ],
    [
      'fuel by use',
      { fuelUsedDriving: 12.5, fuelUsedIdle: 1, fuelUsedPTO: 0.5 },
      { timeShare: [600, 0, 0], drivingShare: [0, 0, 600], fuel: [12.5, 1, 0.5] },
    ],
  ] as const)('%s', (_, fields, expected) => {
    expect(values(stats(fields))).toEqual(expected);
  });

  it('fuel reads in litres, time as a duration', () => {
    const shares = drivingStyleShares(stats({ fuelUsedDriving: 12.5 }));
    expect(shares.fuel[0]!.text).toMatch(/ l$/);
    expect(shares.timeShare[0]!.label).toBe('driving');
  });
});
