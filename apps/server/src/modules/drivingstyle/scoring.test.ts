import { describe, expect, it } from 'vitest';
import type { DrivingStyleData, ScoreData } from '@fleet/contract';
import { emptyStats } from './driving-style.js';
import {
  DEFAULT_SCORE_SETTINGS,
  SCORE_COMPONENTS,
  score,
  scoreDriven,
  type ScoreComponent,
  type ScoreSettings,
} from './scoring.js';
import { seededRandom } from '../../test/seeded-random.js';

const stats = (partial: Partial<DrivingStyleData>): DrivingStyleData => ({
  ...emptyStats(),
  ...partial,
});
const settingsWith = (
  weights: Partial<Record<ScoreComponent, number>> = {},
  factors: Partial<Record<ScoreComponent, number>> = {},
): ScoreSettings => ({
  weights: { ...DEFAULT_SCORE_SETTINGS.weights, ...weights },
  factors: { ...DEFAULT_SCORE_SETTINGS.factors, ...factors },
});
const onlyWeights = (weights: Partial<Record<ScoreComponent, number>>) =>
  settingsWith({
    ...Object.fromEntries(SCORE_COMPONENTS.map((c) => [c, 0])),
    ...weights,
  });

const ALL_100: ScoreData = {
  totalScore: 100,
  idleScore: 100,
  cruiseScore: 100,
  coastScore: 100,
  speedScore: 100,
  rpmScore: 100,
  harshAccelerationScore: 100,
  harshBrakeScore: 100,
};

/**
 * Default settings (docs/scoring.md):
 *   weights  harshBrake 3, overSpeed 3, harshAcceleration 2, idle 2, the other five 1 (sum 15)
 *   factors  harshBrake 2, harshAcceleration 2 (per 100 km); drivingBehavior 50 (per 100 km);
 *            overSpeed 5, harshPedalAcceleration 5, overRpm 10, idle 10 (percent, halving);
 *            cruise target 40 %, coast target 10 %
 * Penalty 100 · 2^(−measure / factor); reward 100 · min(1, share / target).
 */
describe('score: hand-computed examples with the default settings', () => {
  type Case = [description: string, stats: Partial<DrivingStyleData>, expected: ScoreData];
  const cases: Case[] = [
    [
      // The worked example of docs/scoring.md: 200 km in 3 h of driving, 3.5 h of engine time.
      //   idle      630 / 12600 = 5 %      → 100 · 2^(−5/10)  = 70.711
      //   speed     540 / 10800 = 5 %      → 100 · 2^(−5/5)   = 50
      //   rpm      1080 / 10800 = 10 %     → 100 · 2^(−10/10) = 50
      //   pedal     216 / 10800 = 2 %      → 100 · 2^(−2/5)   = 75.786
      //   cruise   3240 / 10800 = 30 %     → 100 · 30/40      = 75
      //   coast     540 / 10800 = 5 %      → 100 · 5/10       = 50
      //   harsh brakes 2 / 200 km = 1 /100 km          → 100 · 2^(−1/2)  = 70.711
      //   harsh accelerations 4 / 200 km = 2 /100 km   → 100 · 2^(−2/2)  = 50
      //   brakes not ending in a stop (130 − 30) / 200 km = 50 /100 km → 100 · 2^(−50/50) = 50
      //   harshBrakeScore        = (3 · 70.711 + 1 · 50) / 4     = 65.533
      //   harshAccelerationScore = (2 · 50 + 1 · 75.786) / 3     = 58.595
      //   total = (3·70.711 + 1·50 + 2·50 + 1·75.786 + 3·50 + 1·50 + 2·70.711 + 1·75 + 1·50) / 15
      //         = 904.339 / 15 = 60.289
      'the worked example',
      {
        drivingDistance: 200_000,
        drivingTime: 10_800,
        engineTime: 12_600,
        idleThresholdTime: 630,
        overSpeedThresholdTime: 540,
        overRPMThresholdTime: 1080,
        harshAccelerationThresholdTime: 216,
        cruiseTime: 3240,
        coastTime: 540,
        harshBrakes: 2,
        harshAccelerationPedal: 4,
        brakeUsages: 130,
        stops: 30,
      },
      {
        totalScore: 60.289,
        idleScore: 70.711,
        cruiseScore: 75,
        coastScore: 50,
        speedScore: 50,
        rpmScore: 50,
        harshAccelerationScore: 58.595,
        harshBrakeScore: 65.533,
      },
    ],
    [
      // Cruise at its 40 % target, coast at its 10 % target, nothing wrong: every part 100.
      'a model driver',
      {
        drivingDistance: 100_000,
        drivingTime: 4000,
        engineTime: 4000,
        cruiseTime: 1600,
        coastTime: 400,
        brakeUsages: 12,
        stops: 12,
      },
      ALL_100,
    ],
    [
      // More than the target earns no more than 100.
      'cruising and coasting beyond their targets',
      {
        drivingDistance: 50_000,
        drivingTime: 3000,
        engineTime: 3000,
        cruiseTime: 2700,
        coastTime: 900,
      },
      ALL_100,
    ],
    [
      // 3 harsh brakes in 50 km = 6 /100 km → 100 · 2^(−6/2) = 12.5
      //   harshBrakeScore = (3 · 12.5 + 1 · 100) / 4 = 34.375   (no brakes beyond stops: anticipation 100)
      //   cruise 0 %, coast 0 % → 0 each
      //   total = (3·12.5 + 1·100 + 2·100 + 1·100 + 3·100 + 1·100 + 2·100 + 1·0 + 1·0) / 15
      //           (harsh brake, anticipation, harsh acc., pedal, speed, rpm, idle, cruise, coast)
      //         = 1037.5 / 15 = 69.167
      'harsh brakes on a short run',
      { drivingDistance: 50_000, drivingTime: 2400, engineTime: 2400, harshBrakes: 3 },
      {
        totalScore: 69.167,
        idleScore: 100,
        cruiseScore: 0,
        coastScore: 0,
        speedScore: 100,
        rpmScore: 100,
        harshAccelerationScore: 100,
        harshBrakeScore: 34.375,
      },
    ],
    [
      // No driving, no engine: nothing observed, nothing deducted.
      'no driving at all',
      {},
      ALL_100,
    ],
    [
      // Idling in the yard: engine 3600 s, idle beyond the threshold 3240 s = 90 %
      //   → 100 · 2^(−90/10) = 0.195. Only idle had exposure, so the total is the idle score.
      'idling only',
      { engineTime: 3600, idleTime: 3600, idleThresholdTime: 3240 },
      { ...ALL_100, idleScore: 0.195, totalScore: 0.195 },
    ],
    [
      // No engine hours from the unit: idle is shared over driving + idle time.
      //   600 / (3000 + 600) = 16.667 % → 100 · 2^(−16.667/10) = 31.498
      //   total = (2 · 31.498 + 3·100 + 1·100 + 1·100 + 3·100 + 2·100 + 1·100 + 1·100 + 1·100) / 15
      //         = 1362.996 / 15 = 90.866
      'idle without engine hours',
      {
        drivingDistance: 60_000,
        drivingTime: 3000,
        idleTime: 600,
        idleThresholdTime: 600,
        cruiseTime: 1200,
        coastTime: 300,
      },
      { ...ALL_100, idleScore: 31.498, totalScore: 90.866 },
    ],
    [
      // Counters out of step (threshold time above the whole) count as 100 %:
      //   speed 100 % → 100 · 2^(−100/5) = 0.0000954
      //   total = (3 · 0.0000954 + 12 · 100) / 15 = 80
      'over-speed time above driving time is capped at 100 %',
      {
        drivingDistance: 10_000,
        drivingTime: 600,
        engineTime: 600,
        overSpeedThresholdTime: 900,
        cruiseTime: 240,
        coastTime: 60,
      },
      { ...ALL_100, speedScore: 0, totalScore: 80 },
    ],
  ];

  it.each(cases)('%s', (_description, input, expected) => {
    const result = score(stats(input), DEFAULT_SCORE_SETTINGS);
    for (const [field, value] of Object.entries(expected)) {
      expect(result[field as keyof ScoreData], field).toBeCloseTo(value, 2);
    }
  });
});

describe('score: weights and factors', () => {
  const example = stats({
    drivingDistance: 100_000,
    drivingTime: 3600,
    engineTime: 4000,
    harshBrakes: 4, // 4 /100 km
    harshAccelerationPedal: 1, // 1 /100 km
    harshAccelerationThresholdTime: 360, // 10 % of driving
    overSpeedThresholdTime: 180, // 5 % of driving
    brakeUsages: 40,
    stops: 20, // 20 /100 km not ending in a stop
  });

  it.each<[string, ScoreSettings, Partial<ScoreData>]>([
    // Only harsh brakes weigh: total = their part = 100 · 2^(−4/2) = 25
    [
      'a zero weight leaves a part out',
      onlyWeights({ harshBrake: 1 }),
      { totalScore: 25, harshBrakeScore: 25 },
    ],
    // harsh brakes 25 (w 1), over speed 100 · 2^(−5/5) = 50 (w 3): (25 + 150) / 4 = 43.75
    ['weights are relative', onlyWeights({ harshBrake: 1, overSpeed: 3 }), { totalScore: 43.75 }],
    // scaling every weight changes nothing
    ['weights scale freely', onlyWeights({ harshBrake: 10, overSpeed: 30 }), { totalScore: 43.75 }],
    // a factor of 4 halves at 4 /100 km: 100 · 2^(−4/4) = 50
    [
      'a larger factor is more lenient',
      settingsWith({}, { harshBrake: 4 }),
      { harshBrakeScore: (3 * 50 + 100 * 2 ** (-20 / 50)) / 4 },
    ],
    // both braking weights 0: the sub-score shows harsh brakes alone, and counts nowhere
    [
      'both braking weights 0',
      settingsWith({ harshBrake: 0, drivingBehavior: 0 }),
      { harshBrakeScore: 25 },
    ],
    // harsh-pedal weight 0: the sub-score is harsh accelerations alone: 100 · 2^(−1/2) = 70.711
    [
      'harsh-pedal weight 0',
      settingsWith({ harshPedalAcceleration: 0 }),
      { harshAccelerationScore: 70.711 },
    ],
    // every weight 0: nothing to average
    ['all weights 0', onlyWeights({}), { totalScore: 100 }],
  ])('%s', (_description, settings, expected) => {
    const result = score(example, settings);
    for (const [field, value] of Object.entries(expected)) {
      expect(result[field as keyof ScoreData], field).toBeCloseTo(value, 2);
    }
  });

  it('takes the default for a factor that is not above 0 and a weight below 0', () => {
    const broken = settingsWith(
      { harshBrake: -1, overSpeed: Number.NaN },
      { harshBrake: 0, idle: -3 },
    );
    expect(score(example, broken)).toEqual(score(example, DEFAULT_SCORE_SETTINGS));
  });
});

const SCORE_FIELDS: (keyof ScoreData)[] = [
  'totalScore',
  'idleScore',
  'cruiseScore',
  'coastScore',
  'speedScore',
  'rpmScore',
  'harshAccelerationScore',
  'harshBrakeScore',
];

function randomStats(next: () => number): DrivingStyleData {
  const drivingTime = next() < 0.1 ? 0 : next() * 36_000;
  const value = (scale: number) => (next() < 0.2 ? 0 : next() * scale);
  return stats({
    drivingDistance: next() < 0.1 ? 0 : next() * 1_000_000,
    drivingTime,
    engineTime: value(40_000),
    idleTime: value(10_000),
    idleThresholdTime: value(10_000),
    overSpeedThresholdTime: value(drivingTime),
    overRPMThresholdTime: value(drivingTime),
    harshAccelerationThresholdTime: value(drivingTime),
    cruiseTime: value(drivingTime),
    coastTime: value(drivingTime),
    harshBrakes: Math.floor(value(50)),
    harshAccelerationPedal: Math.floor(value(50)),
    brakeUsages: Math.floor(value(1000)),
    stops: Math.floor(value(300)),
  });
}

function randomSettings(next: () => number): ScoreSettings {
  const weights = {} as Record<ScoreComponent, number>;
  const factors = {} as Record<ScoreComponent, number>;
  for (const c of SCORE_COMPONENTS) {
    weights[c] = next() < 0.2 ? 0 : next() * 100;
    factors[c] = 0.1 + next() * 999.9;
  }
  return { weights, factors };
}

describe('score: bounds', () => {
  it('keeps every score within 0..100 on random statistics and settings', () => {
    const next = seededRandom(20261121);
    for (let i = 0; i < 5000; i++) {
      const result = score(randomStats(next), randomSettings(next));
      for (const field of SCORE_FIELDS) {
        expect(result[field], `${field} #${i}`).toBeGreaterThanOrEqual(0);
        expect(result[field], `${field} #${i}`).toBeLessThanOrEqual(100);
      }
    }
  });

  const weird = [
    Number.NaN,
    Infinity,
    -Infinity,
    -1,
    0,
    Number.MIN_VALUE,
    1e-300,
    1e300,
    Number.MAX_VALUE,
  ];
  it('never answers NaN, whatever the statistics hold', () => {
    const next = seededRandom(7);
    for (let i = 0; i < 3000; i++) {
      const input = randomStats(next);
      for (const key of Object.keys(input) as (keyof DrivingStyleData)[]) {
        if (next() < 0.3) input[key] = weird[Math.floor(next() * weird.length)]!;
      }
      const result = score(input, next() < 0.5 ? DEFAULT_SCORE_SETTINGS : randomSettings(next));
      for (const field of SCORE_FIELDS) {
        expect(Number.isNaN(result[field]), `${field} #${i}`).toBe(false);
        expect(result[field]).toBeGreaterThanOrEqual(0);
        expect(result[field]).toBeLessThanOrEqual(100);
      }
    }
  });
});

describe('score: monotonicity', () => {
  /** More of a fault never raises a score; more of a virtue never lowers one. */
  type Direction = 'fault' | 'virtue';
  it.each<[keyof DrivingStyleData, Direction, (keyof ScoreData)[]]>([
    ['harshBrakes', 'fault', ['harshBrakeScore', 'totalScore']],
    ['harshAccelerationPedal', 'fault', ['harshAccelerationScore', 'totalScore']],
    ['harshAccelerationThresholdTime', 'fault', ['harshAccelerationScore', 'totalScore']],
    ['brakeUsages', 'fault', ['harshBrakeScore', 'totalScore']],
    ['overSpeedThresholdTime', 'fault', ['speedScore', 'totalScore']],
    ['overRPMThresholdTime', 'fault', ['rpmScore', 'totalScore']],
    ['idleThresholdTime', 'fault', ['idleScore', 'totalScore']],
    ['cruiseTime', 'virtue', ['cruiseScore', 'totalScore']],
    ['coastTime', 'virtue', ['coastScore', 'totalScore']],
  ])('more %s (a %s) moves %j one way only', (field, direction, affected) => {
    const next = seededRandom(field.length * 7919);
    for (let i = 0; i < 1000; i++) {
      const base = randomStats(next);
      const settings = next() < 0.5 ? DEFAULT_SCORE_SETTINGS : randomSettings(next);
      const more = { ...base, [field]: base[field] + 1 + Math.floor(next() * 100) };
      const before = score(base, settings);
      const after = score(more, settings);
      for (const s of SCORE_FIELDS) {
        if (!affected.includes(s)) expect(after[s], `${s} #${i}`).toBe(before[s]);
        else if (direction === 'fault')
          expect(after[s], `${s} #${i}`).toBeLessThanOrEqual(before[s]);
        else expect(after[s], `${s} #${i}`).toBeGreaterThanOrEqual(before[s]);
      }
    }
  });

  it('a harsh brake more lowers the score once there is distance to rate it over', () => {
    const base = stats({
      drivingDistance: 100_000,
      drivingTime: 3600,
      engineTime: 3600,
      harshBrakes: 1,
    });
    expect(score({ ...base, harshBrakes: 2 }, DEFAULT_SCORE_SETTINGS).harshBrakeScore).toBeLessThan(
      score(base, DEFAULT_SCORE_SETTINGS).harshBrakeScore,
    );
  });
});

describe('scoreDriven: no score without exposure', () => {
  it.each([
    ['nothing at all', {}, false],
    ['engine time but no distance', { engineTime: 3600, idleTime: 3600 }, false],
    ['a metre', { drivingDistance: 1, drivingTime: 1 }, true],
    ['a trip', { drivingDistance: 40_000, drivingTime: 2400, engineTime: 2400 }, true],
  ])('%s → scored: %s', (_what, stats, scored) => {
    const result = scoreDriven({ ...emptyStats(), ...stats }, DEFAULT_SCORE_SETTINGS);
    expect(result !== undefined).toBe(scored);
    if (result)
      expect(result).toEqual(score({ ...emptyStats(), ...stats }, DEFAULT_SCORE_SETTINGS));
  });
});
