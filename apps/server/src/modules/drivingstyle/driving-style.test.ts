import { describe, expect, it } from 'vitest';
import {
  DRIVING_STYLE_COUNTERS,
  RAW_RECORD_METRICS,
  type DrivingStyleData,
  type RawRecordMetrics,
} from '@fleet/contract';
import {
  addStats,
  addStatsInto,
  deltaStats,
  deriveStats,
  emptyStats,
  subtractStats,
} from './driving-style.js';

const stats = (partial: Partial<DrivingStyleData>): DrivingStyleData => ({
  ...emptyStats(),
  ...partial,
});

/** A healthy unit after a while in service. */
const BEFORE: Required<RawRecordMetrics> = {
  odometer: 1_000_000,
  engineHours: 5000,
  totalFuelUsed: 300_000,
  fuelUsedIdle: 20_000,
  fuelUsedPTO: 1000,
  drivingTime: 3_000_000,
  cruiseTime: 1_000_000,
  coastTime: 200_000,
  ptoTime: 50_000,
  idleTime: 400_000,
  accelerationTime: 500_000,
  decelerationTime: 450_000,
  engineBrakeTime: 90_000,
  retarderTime: 60_000,
  idleThresholdTime: 100_000,
  speedThresholdTime: 70_000,
  rpmThresholdTime: 40_000,
  torqueThresholdTime: 30_000,
  harshAccelerationThresholdTime: 10_000,
  harshBrakeCount: 400,
  harshAccelerationCount: 300,
  stops: 9000,
  brakeUsages: 40_000,
};

describe('deltaStats: ten minutes of driving', () => {
  // 600 s between the records: 12 km at 72 km/h, 0.15 h = 540 s of engine time.
  const after: RawRecordMetrics = {
    odometer: BEFORE.odometer + 12_000,
    engineHours: BEFORE.engineHours + 0.15,
    totalFuelUsed: BEFORE.totalFuelUsed + 4,
    fuelUsedIdle: BEFORE.fuelUsedIdle + 0.5,
    fuelUsedPTO: BEFORE.fuelUsedPTO + 0.25,
    drivingTime: BEFORE.drivingTime + 500,
    cruiseTime: BEFORE.cruiseTime + 200,
    coastTime: BEFORE.coastTime + 40,
    ptoTime: BEFORE.ptoTime + 10,
    idleTime: BEFORE.idleTime + 40,
    accelerationTime: BEFORE.accelerationTime + 90,
    decelerationTime: BEFORE.decelerationTime + 80,
    engineBrakeTime: BEFORE.engineBrakeTime + 30,
    retarderTime: BEFORE.retarderTime + 20,
    idleThresholdTime: BEFORE.idleThresholdTime + 5,
    speedThresholdTime: BEFORE.speedThresholdTime + 60,
    rpmThresholdTime: BEFORE.rpmThresholdTime + 25,
    torqueThresholdTime: BEFORE.torqueThresholdTime + 15,
    harshAccelerationThresholdTime: BEFORE.harshAccelerationThresholdTime + 8,
    harshBrakeCount: BEFORE.harshBrakeCount + 2,
    harshAccelerationCount: BEFORE.harshAccelerationCount + 1,
    stops: BEFORE.stops + 3,
    brakeUsages: BEFORE.brakeUsages + 11,
  };
  const delta = deltaStats(BEFORE, after, 600);

  it.each<[keyof DrivingStyleData, number]>([
    ['drivingDistance', 12_000], // ← odometer
    ['engineTime', 540], // ← engineHours × 3600
    ['totalTime', 600], // ← the elapsed time
    ['fuelUsedTotal', 4], // ← totalFuelUsed
    ['fuelUsedIdle', 0.5],
    ['fuelUsedPTO', 0.25],
    ['fuelUsedDriving', 3.25], // 4 − 0.5 − 0.25
    ['drivingTime', 500],
    ['cruiseTime', 200],
    ['coastTime', 40],
    ['ptoTime', 10],
    ['idleTime', 40],
    ['accelerationTime', 90],
    ['decelerationTime', 80],
    ['engineBrakeTime', 30],
    ['retarderTime', 20],
    ['idleThresholdTime', 5],
    ['overSpeedThresholdTime', 60], // ← speedThresholdTime
    ['overRPMThresholdTime', 25], // ← rpmThresholdTime
    ['overTorqueThresholdTime', 15], // ← torqueThresholdTime
    ['harshAccelerationThresholdTime', 8],
    ['harshBrakes', 2], // ← harshBrakeCount
    ['harshAccelerationPedal', 1], // ← harshAccelerationCount
    ['stops', 3],
    ['brakeUsages', 11],
    ['fuelAverageDriving', 12 / 3.25], // 12 km ÷ 3.25 l
    ['averageSpeedDriving', 86.4], // 12 km ÷ (500 s / 3600)
  ])('%s = %d', (field, expected) => {
    expect(delta[field]).toBeCloseTo(expected, 6);
  });

  it('fills every field of drivingStyleData', () => {
    expect(Object.keys(delta).sort()).toEqual(Object.keys(emptyStats()).sort());
  });
});

describe('deltaStats: counters that cannot be trusted contribute 0', () => {
  type Case = [
    description: string,
    previous: RawRecordMetrics,
    current: RawRecordMetrics,
    elapsed: number,
    expected: Partial<DrivingStyleData>,
  ];
  const cases: Case[] = [
    [
      'missing in the previous record',
      {},
      { odometer: 500, drivingTime: 30 },
      60,
      { drivingDistance: 0, drivingTime: 0 },
    ],
    ['missing in the current record', { odometer: 500 }, {}, 60, { drivingDistance: 0 }],
    [
      'one counter missing leaves the others',
      { odometer: 0 },
      { odometer: 900, drivingTime: 40 },
      60,
      { drivingDistance: 900, drivingTime: 0 },
    ],
    // reset or swapped unit: the odometer restarts; other counters carry on
    [
      'odometer went backwards',
      { odometer: 5000, drivingTime: 100 },
      { odometer: 100, drivingTime: 150 },
      60,
      { drivingDistance: 0, drivingTime: 50 },
    ],
    [
      'fuel counter went backwards',
      { totalFuelUsed: 100, fuelUsedIdle: 10 },
      { totalFuelUsed: 2, fuelUsedIdle: 10.5 },
      600,
      { fuelUsedTotal: 0, fuelUsedIdle: 0.5, fuelUsedDriving: 0 },
    ],
    [
      'harsh brakes went backwards',
      { harshBrakeCount: 40 },
      { harshBrakeCount: 1 },
      60,
      { harshBrakes: 0 },
    ],
    // 250 km/h for 60 s = 4166.67 m
    [
      'distance at 250 km/h counts',
      { odometer: 0 },
      { odometer: 4166 },
      60,
      { drivingDistance: 4166 },
    ],
    ['distance beyond 250 km/h', { odometer: 0 }, { odometer: 4200 }, 60, { drivingDistance: 0 }],
    ['distance with no time elapsed', { odometer: 0 }, { odometer: 1 }, 0, { drivingDistance: 0 }],
    // time counters may run up to 60 s ahead of the clock
    [
      'driving time of elapsed + 60 s counts',
      { drivingTime: 0 },
      { drivingTime: 660 },
      600,
      { drivingTime: 660 },
    ],
    [
      'driving time beyond elapsed + 60 s',
      { drivingTime: 0 },
      { drivingTime: 661 },
      600,
      { drivingTime: 0 },
    ],
    [
      'driving time with no time elapsed, within the slack',
      { drivingTime: 10 },
      { drivingTime: 15 },
      0,
      { drivingTime: 5, totalTime: 0 },
    ],
    [
      'over-speed time beyond elapsed + 60 s',
      { speedThresholdTime: 0 },
      { speedThresholdTime: 5000 },
      600,
      { overSpeedThresholdTime: 0 },
    ],
    // 0.1 h = 360 s ≤ 600 + 60; 1 h = 3600 s > 660
    [
      'engine hours within the interval',
      { engineHours: 1000 },
      { engineHours: 1000.1 },
      600,
      { engineTime: 360 },
    ],
    [
      'engine hours beyond the interval',
      { engineHours: 1000 },
      { engineHours: 1001 },
      600,
      { engineTime: 0 },
    ],
    // 200 l/h over 600 + 60 s = 36.67 l
    [
      'fuel within 200 l/h',
      { totalFuelUsed: 0 },
      { totalFuelUsed: 36 },
      600,
      { fuelUsedTotal: 36, fuelUsedDriving: 36 },
    ],
    [
      'fuel beyond 200 l/h',
      { totalFuelUsed: 0 },
      { totalFuelUsed: 40 },
      600,
      { fuelUsedTotal: 0, fuelUsedDriving: 0 },
    ],
    // at most one event a second, over 60 + 60 s = 120
    [
      'a burst of 120 harsh brakes in a minute still counts',
      { harshBrakeCount: 0 },
      { harshBrakeCount: 120 },
      60,
      { harshBrakes: 120 },
    ],
    [
      'a jump of 5000 brake applications',
      { brakeUsages: 0 },
      { brakeUsages: 5000 },
      60,
      { brakeUsages: 0 },
    ],
    // driving fuel is what is left after idle and PTO, never below 0
    [
      'idle and PTO fuel above the total',
      { totalFuelUsed: 0, fuelUsedIdle: 0, fuelUsedPTO: 0 },
      { totalFuelUsed: 1, fuelUsedIdle: 1, fuelUsedPTO: 0.5 },
      600,
      { fuelUsedTotal: 1, fuelUsedDriving: 0 },
    ],
    [
      'not a finite non-negative number',
      { odometer: Number.NaN, drivingTime: -5, stops: 1 },
      { odometer: 100, drivingTime: 10, stops: Infinity },
      60,
      { drivingDistance: 0, drivingTime: 0, stops: 0 },
    ],
    ['no movement at all', BEFORE, BEFORE, 300, { ...emptyStats(), totalTime: 300 }],
    // records out of order: nothing can be attributed
    ['negative elapsed time', { odometer: 0 }, { odometer: 100 }, -60, emptyStats()],
    ['elapsed time not a number', { odometer: 0 }, { odometer: 100 }, Number.NaN, emptyStats()],
  ];

  it.each(cases)('%s', (_description, previous, current, elapsed, expected) => {
    const delta = deltaStats(previous, current, elapsed);
    for (const [field, value] of Object.entries(expected)) {
      expect(delta[field as keyof DrivingStyleData], field).toBeCloseTo(value, 6);
    }
  });

  it('maps every raw-record counter to some field', () => {
    // A counter that grew plausibly by 1 must show up somewhere.
    for (const metric of RAW_RECORD_METRICS) {
      const delta = deltaStats(
        { [metric]: 0 },
        { [metric]: metric === 'engineHours' ? 0.001 : 1 },
        600,
      );
      const moved = DRIVING_STYLE_COUNTERS.filter((f) => f !== 'totalTime' && delta[f] > 0);
      expect(moved.length, metric).toBeGreaterThan(0);
    }
  });
});

describe('deriveStats', () => {
  it.each<[Partial<DrivingStyleData>, number, number]>([
    // 150 km on 50 l = 3 km/l; 150 km in 7200 s = 75 km/h
    [{ drivingDistance: 150_000, fuelUsedDriving: 50, drivingTime: 7200 }, 3, 75],
    // no fuel used → 0, not Infinity
    [{ drivingDistance: 1000, fuelUsedDriving: 0, drivingTime: 60 }, 0, 60],
    // no driving time → 0
    [{ drivingDistance: 1000, fuelUsedDriving: 0.5, drivingTime: 0 }, 2, 0],
    [{}, 0, 0],
  ])('%j → %d km/l, %d km/h', (partial, fuelAverage, averageSpeed) => {
    const derived = deriveStats(stats(partial));
    expect(derived.fuelAverageDriving).toBeCloseTo(fuelAverage, 9);
    expect(derived.averageSpeedDriving).toBeCloseTo(averageSpeed, 9);
  });
});

describe('addStats', () => {
  it('adds every counter and works the derived figures out again from the sums', () => {
    // 10 km in 600 s (60 km/h) on 5 l, then 30 km in 1200 s (90 km/h) on 5 l:
    // 40 km in 1800 s is 80 km/h (not 150, not their mean 75); 40 km on 10 l is 4 km/l.
    const a = deriveStats(
      stats({ drivingDistance: 10_000, drivingTime: 600, fuelUsedDriving: 5, harshBrakes: 1 }),
    );
    const b = deriveStats(
      stats({ drivingDistance: 30_000, drivingTime: 1200, fuelUsedDriving: 5, stops: 2 }),
    );
    const sum = addStats(a, b);
    expect(sum).toMatchObject({
      drivingDistance: 40_000,
      drivingTime: 1800,
      fuelUsedDriving: 10,
      harshBrakes: 1,
      stops: 2,
      fuelAverageDriving: 4,
      averageSpeedDriving: 80,
    });
  });

  it.each(DRIVING_STYLE_COUNTERS.map((field, i) => [field, i + 1]))('adds %s', (field, value) => {
    const one = stats({ [field]: value });
    expect(addStats(one, one)[field]).toBe(2 * value);
  });

  it('has emptyStats as its neutral element and leaves its arguments alone', () => {
    const a = deltaStats(
      BEFORE,
      { ...BEFORE, odometer: BEFORE.odometer + 1000, drivingTime: BEFORE.drivingTime + 60 },
      60,
    );
    const copy = { ...a };
    expect(addStats(emptyStats(), a)).toEqual(a);
    expect(addStats(a, emptyStats())).toEqual(a);
    expect(a).toEqual(copy);
  });
});

describe('subtractStats: a part taken out of a sum', () => {
  const stats = (values: Record<string, number>) => ({ ...emptyStats(), ...values });
  it.each([
    [
      'a part',
      { drivingDistance: 40_050, drivingTime: 2430 },
      { drivingDistance: 50, drivingTime: 30 },
      { drivingDistance: 40_000, drivingTime: 2400 },
    ],
    [
      'the whole',
      { drivingDistance: 50, stops: 1 },
      { drivingDistance: 50, stops: 1 },
      { drivingDistance: 0, stops: 0 },
    ],
    [
      'more than there is (a part counted outside the sum)',
      { drivingDistance: 30 },
      { drivingDistance: 50 },
      { drivingDistance: 0 },
    ],
    ['nothing', { drivingDistance: 10 }, {}, { drivingDistance: 10 }],
  ])('%s', (_what, a, b, expected) => {
    expect(subtractStats(stats(a), stats(b))).toMatchObject(expected);
  });

  it('works the derived figures out again', () => {
    const rest = subtractStats(
      stats({ drivingDistance: 40_000, drivingTime: 3600, fuelUsedDriving: 8 }),
      stats({ drivingDistance: 20_000, drivingTime: 2400, fuelUsedDriving: 4 }),
    );
    expect(rest.averageSpeedDriving).toBeCloseTo(60);
    expect(rest.fuelAverageDriving).toBeCloseTo(5);
  });
});

describe('addStatsInto (the engine adds many intervals in place)', () => {
  it.each(DRIVING_STYLE_COUNTERS.map((counter, i) => [counter, i + 1.5]))(
    'adds %s as addStats does, and leaves the derived figures',
    (counter, value) => {
      const sum = stats({ drivingDistance: 2000, drivingTime: 100, fuelUsedDriving: 1 });
      const part = stats({ [counter]: value });
      const expected = addStats(sum, part);
      const before = { ...sum };
      addStatsInto(sum, part);
      expect(sum[counter]).toBe(expected[counter]);
      expect(deriveStats(sum)).toEqual(expected);
      expect(sum.averageSpeedDriving).toBe(before.averageSpeedDriving);
    },
  );

  it('emptyStats answers a new object each time', () => {
    const a = emptyStats();
    a.stops = 3;
    expect(emptyStats().stops).toBe(0);
  });
});
