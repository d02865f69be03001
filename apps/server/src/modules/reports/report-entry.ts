import type { DrivingStyleData, ReportData, ScoreData } from '@fleet/contract';
import { deriveStats, emptyStats, scoreDriven, type ScoreSettings } from '../drivingstyle/index.js';

/** What a report entry carries: its statistics, its scores, or both (the body's flags). */
export interface EntryParts {
  stats: boolean;
  scores: boolean;
}

/** A value to three decimals (a millisecond, a millimetre, a millilitre; scores show one). */
const thousandths = (value: number) => Math.round(value * 1000) / 1000;

/**
 * Every value to three decimals: the sums and ratios otherwise carry 17 digits of float noise,
 * which made a year of daily intervals of 1000 assets twice the size (and twice the work to
 * write and read).
 */
export function toThousandths<T extends object>(values: T): T {
  const out: Record<string, number> = {};
  for (const [key, value] of Object.entries(values)) out[key] = thousandths(value as number);
  return out as T;
}

/**
 * toThousandths of statistics, written out: an object of one fixed shape is several times
 * cheaper to make than one built key by key, and a year's report makes hundreds of thousands.
 */
export const statsToThousandths = (s: DrivingStyleData): DrivingStyleData => ({
  drivingDistance: thousandths(s.drivingDistance),
  drivingTime: thousandths(s.drivingTime),
  totalTime: thousandths(s.totalTime),
  engineTime: thousandths(s.engineTime),
  idleTime: thousandths(s.idleTime),
  coastTime: thousandths(s.coastTime),
  cruiseTime: thousandths(s.cruiseTime),
  ptoTime: thousandths(s.ptoTime),
  accelerationTime: thousandths(s.accelerationTime),
  decelerationTime: thousandths(s.decelerationTime),
  engineBrakeTime: thousandths(s.engineBrakeTime),
  retarderTime: thousandths(s.retarderTime),
  idleThresholdTime: thousandths(s.idleThresholdTime),
  overSpeedThresholdTime: thousandths(s.overSpeedThresholdTime),
  overRPMThresholdTime: thousandths(s.overRPMThresholdTime),
  overTorqueThresholdTime: thousandths(s.overTorqueThresholdTime),
  harshAccelerationThresholdTime: thousandths(s.harshAccelerationThresholdTime),
  stops: thousandths(s.stops),
  brakeUsages: thousandths(s.brakeUsages),
  harshBrakes: thousandths(s.harshBrakes),
  harshAccelerationPedal: thousandths(s.harshAccelerationPedal),
  fuelUsedTotal: thousandths(s.fuelUsedTotal),
  fuelUsedDriving: thousandths(s.fuelUsedDriving),
  fuelUsedIdle: thousandths(s.fuelUsedIdle),
  fuelUsedPTO: thousandths(s.fuelUsedPTO),
  fuelAverageDriving: thousandths(s.fuelAverageDriving),
  averageSpeedDriving: thousandths(s.averageSpeedDriving),
});

/** toThousandths of scores, written out (see statsToThousandths). */
export const scoresToThousandths = (s: ScoreData): ScoreData => ({
  totalScore: thousandths(s.totalScore),
  idleScore: thousandths(s.idleScore),
  cruiseScore: thousandths(s.cruiseScore),
  coastScore: thousandths(s.coastScore),
  speedScore: thousandths(s.speedScore),
  rpmScore: thousandths(s.rpmScore),
  harshAccelerationScore: thousandths(s.harshAccelerationScore),
  harshBrakeScore: thousandths(s.harshBrakeScore),
});

const EMPTY = emptyStats();

/**
 * One report entry from summed statistics (none: nothing was driven): the statistics with
 * their derived figures, and the scores of what was driven (none without driving distance),
 * each to three decimals.
 */
export function reportEntry(
  stats: DrivingStyleData | undefined,
  settings: ScoreSettings,
  parts: EntryParts,
): ReportData {
  const derived = deriveStats(stats ?? EMPTY);
  const entry: ReportData = {};
  if (parts.stats) entry.drivingStyleData = statsToThousandths(derived);
  const scores = parts.scores ? scoreDriven(derived, settings) : undefined;
  if (scores) entry.scoreData = scoresToThousandths(scores);
  return entry;
}
