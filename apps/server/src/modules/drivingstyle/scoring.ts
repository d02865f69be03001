import type { DrivingStyleData, ScoreData } from '@fleet/contract';

/**
 * The driving-style score. docs/scoring.md is the reference: the formula, why
 * it is this one, and a worked example. In short, each of nine parts scores
 * 0–100 from an exposure-normalised measure through a curve its Factor sets;
 * the total is the average of the parts weighted by their Weights.
 */

/** The parts of the score that carry a weight and a factor (docs/scoring.md). */
export const SCORE_COMPONENTS = [
  'coast',
  'cruise',
  'drivingBehavior',
  'harshAcceleration',
  'harshBrake',
  'harshPedalAcceleration',
  'idle',
  'overRpm',
  'overSpeed',
] as const;
export type ScoreComponent = (typeof SCORE_COMPONENTS)[number];

/** A configuration group's score settings, as plain data (configurations/ reads them). */
export interface ScoreSettings {
  /** relative; 0 leaves the part out of the total */
  weights: Record<ScoreComponent, number>;
  /** penalties: the measure at which the part halves; rewards: the target for 100 */
  factors: Record<ScoreComponent, number>;
}

/** Penalty curve: 100 at no exposure to the fault, halving every `factor` units of the measure. */
export const penaltyCurve = (measure: number, factor: number) => 100 * 2 ** (-measure / factor);
/** Reward curve: in proportion to the target, 100 from the target on. */
export const rewardCurve = (measure: number, factor: number) => 100 * Math.min(1, measure / factor);

/** A statistic as the score reads it: anything not finite or below zero is 0. */
const n = (value: number) => (Number.isFinite(value) && value > 0 ? value : 0);

/** Percent of `whole` taken by `part`, at most 100; undefined when there is no whole to share. */
const percentOf = (part: number, whole: number) =>
  whole > 0 ? Math.min(100, (100 * n(part)) / whole) : undefined;

/** Occurrences per 100 km of driving; undefined when nothing was driven. */
const per100Km = (count: number, metres: number) =>
  metres > 0 ? n(count) / (metres / 100_000) : undefined;

type Curve = (measure: number, factor: number) => number;

/** Which curve scores each part: penalties halve with exposure, rewards grow to their target. */
const CURVES: Record<ScoreComponent, Curve> = {
  idle: penaltyCurve,
  overSpeed: penaltyCurve,
  overRpm: penaltyCurve,
  harshPedalAcceleration: penaltyCurve,
  cruise: rewardCurve,
  coast: rewardCurve,
  harshBrake: penaltyCurve,
  harshAcceleration: penaltyCurve,
  drivingBehavior: penaltyCurve,
};

/** What each part measures (undefined: no exposure at all). Shares are in percent; rates per 100 km. */
function measures(stats: DrivingStyleData): Record<ScoreComponent, number | undefined> {
  const distance = n(stats.drivingDistance);
  const driving = n(stats.drivingTime);
  // Idle is a share of engine time; a unit that sends no engine hours still
  // ran its engine while driving and idling.
  const engine = n(stats.engineTime) > 0 ? n(stats.engineTime) : driving + n(stats.idleTime);
  return {
    idle: percentOf(stats.idleThresholdTime, engine),
    overSpeed: percentOf(stats.overSpeedThresholdTime, driving),
    overRpm: percentOf(stats.overRPMThresholdTime, driving),
    harshPedalAcceleration: percentOf(stats.harshAccelerationThresholdTime, driving),
    cruise: percentOf(stats.cruiseTime, driving),
    coast: percentOf(stats.coastTime, driving),
    harshBrake: per100Km(stats.harshBrakes, distance),
    harshAcceleration: per100Km(stats.harshAccelerationPedal, distance),
    // Anticipation: a brake application that ends in a stop was needed; the others mostly were not.
    drivingBehavior: per100Km(Math.max(0, n(stats.brakeUsages) - n(stats.stops)), distance),
  };
}

/** Settings as score() trusts them: a weight below 0 or a factor not above 0 takes its default. */
function sane(settings: ScoreSettings): ScoreSettings {
  const weights = {} as Record<ScoreComponent, number>;
  const factors = {} as Record<ScoreComponent, number>;
  for (const c of SCORE_COMPONENTS) {
    const w = settings.weights[c];
    const f = settings.factors[c];
    weights[c] = Number.isFinite(w) && w >= 0 ? w : DEFAULT_SCORE_SETTINGS.weights[c];
    factors[c] = Number.isFinite(f) && f > 0 ? f : DEFAULT_SCORE_SETTINGS.factors[c];
  }
  return { weights, factors };
}

/**
 * sane(settings), made once per settings object: a report scores hundreds of thousands of
 * entries with the few settings of its configuration groups (settings are not changed in place).
 */
const saneOnce = new WeakMap<ScoreSettings, ScoreSettings>();
function saneSettings(settings: ScoreSettings): ScoreSettings {
  let checked = saneOnce.get(settings);
  if (!checked) saneOnce.set(settings, (checked = sane(settings)));
  return checked;
}

/**
 * The defaults of the scoring settings (a configuration group's values override them). They
 * favour safety: harsh braking and speeding weigh most (docs/scoring.md).
 */
export const DEFAULT_SCORE_SETTINGS: ScoreSettings = {
  weights: {
    coast: 1,
    cruise: 1,
    drivingBehavior: 1,
    harshAcceleration: 2,
    harshBrake: 3,
    harshPedalAcceleration: 1,
    idle: 2,
    overRpm: 1,
    overSpeed: 3,
  },
  factors: {
    coast: 10,
    cruise: 40,
    drivingBehavior: 50,
    harshAcceleration: 2,
    harshBrake: 2,
    harshPedalAcceleration: 5,
    idle: 10,
    overRpm: 10,
    overSpeed: 5,
  },
};

const clamp = (score: number) => (Number.isFinite(score) ? Math.min(100, Math.max(0, score)) : 0);

type PartScores = Record<ScoreComponent, number | undefined>;

/** The weighted average of the parts' scores that have exposure and weight; undefined when none. */
function weighted(
  scores: PartScores,
  weights: Record<ScoreComponent, number>,
  components: readonly ScoreComponent[],
): number | undefined {
  let sum = 0;
  let weight = 0;
  for (const c of components) {
    const s = scores[c];
    if (s === undefined || weights[c] === 0) continue;
    sum += weights[c] * s;
    weight += weights[c];
  }
  return weight > 0 ? clamp(sum / weight) : undefined;
}

const HARSH_ACCELERATION = ['harshAcceleration', 'harshPedalAcceleration'] as const;
const HARSH_BRAKE = ['harshBrake', 'drivingBehavior'] as const;

/**
 * Scores driving-style statistics (docs/scoring.md).
 * - Each part with exposure scores curve(measure, factor), 0–100.
 * - A part without exposure (no driving distance for a rate, no driving time
 *   for a share of driving, no engine time for idle) scores 100 and is left
 *   out of the total: nothing was observed, so nothing is deducted or earned.
 * - harshBrakeScore is harsh brakes and anticipation (drivingBehavior)
 *   together, harshAccelerationScore harsh accelerations and harsh pedal
 *   together, each averaged by their weights (when both weights are 0, the
 *   harsh-event part alone).
 * - totalScore is the average of the parts with exposure weighted by their
 *   weights; a zero weight leaves a part out. With nothing to average (no
 *   driving and no engine time, or all weights 0) it is 100.
 */
export function score(stats: DrivingStyleData, settings: ScoreSettings): ScoreData {
  const { weights, factors } = saneSettings(settings);
  const scores = measures(stats);
  for (const c of SCORE_COMPONENTS) {
    const measure = scores[c];
    if (measure !== undefined) scores[c] = clamp(CURVES[c](measure, factors[c]));
  }
  const combined = (pair: readonly [ScoreComponent, ScoreComponent]) =>
    weighted(scores, weights, pair) ?? scores[pair[0]] ?? 100;

  return {
    totalScore: weighted(scores, weights, SCORE_COMPONENTS) ?? 100,
    idleScore: scores.idle ?? 100,
    cruiseScore: scores.cruise ?? 100,
    coastScore: scores.coast ?? 100,
    speedScore: scores.overSpeed ?? 100,
    rpmScore: scores.overRpm ?? 100,
    harshAccelerationScore: combined(HARSH_ACCELERATION),
    harshBrakeScore: combined(HARSH_BRAKE),
  };
}

/**
 * The scores of what was driven: none without driving distance (no score without exposure),
 * rather than the 100 that score() gives when nothing was observed.
 */
export const scoreDriven = (
  stats: DrivingStyleData,
  settings: ScoreSettings,
): ScoreData | undefined => (stats.drivingDistance > 0 ? score(stats, settings) : undefined);
