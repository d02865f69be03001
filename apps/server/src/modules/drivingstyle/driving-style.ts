import {
  DRIVING_STYLE_COUNTERS,
  type DrivingStyleCounter,
  type DrivingStyleData,
  type RawRecordMetric,
  type RawRecordMetrics,
} from '@fleet/contract';

/**
 * Driving-style statistics: the interval between two raw records of one
 * vehicle (deltaStats), sums of intervals (addStats) and the two derived
 * figures (deriveStats). Pure; docs/scoring.md says how scores use them.
 */

const EMPTY: DrivingStyleData = {
  ...(Object.fromEntries(DRIVING_STYLE_COUNTERS.map((k) => [k, 0])) as Record<
    DrivingStyleCounter,
    number
  >),
  fuelAverageDriving: 0,
  averageSpeedDriving: 0,
};

/** All 0; a copy of one object of the same shape (the engine makes several per record). */
export function emptyStats(): DrivingStyleData {
  return { ...EMPTY };
}

/**
 * The derived figures, from the counters:
 * - fuelAverageDriving, km/l = (drivingDistance / 1000) ÷ fuelUsedDriving; 0 when no fuel was used;
 * - averageSpeedDriving, km/h = (drivingDistance / 1000) ÷ (drivingTime / 3600); 0 with no driving time.
 */
export function deriveStats(stats: DrivingStyleData): DrivingStyleData {
  const km = stats.drivingDistance / 1000;
  return {
    ...stats,
    fuelAverageDriving: stats.fuelUsedDriving > 0 ? km / stats.fuelUsedDriving : 0,
    averageSpeedDriving: stats.drivingTime > 0 ? km / (stats.drivingTime / 3600) : 0,
  };
}

/** Counters add field by field; the derived figures are worked out again from the sums, never added. */
export function addStats(a: DrivingStyleData, b: DrivingStyleData): DrivingStyleData {
  const sum = { ...a };
  for (const key of DRIVING_STYLE_COUNTERS) sum[key] = a[key] + b[key];
  return deriveStats(sum);
}

/**
 * Adds b's counters into `sum` itself, leaving its derived figures as they were: for sums of
 * many intervals (the engine), which call deriveStats once at the end. Same result as addStats.
 */
export function addStatsInto(sum: DrivingStyleData, b: DrivingStyleData): void {
  // Written out: a loop over the counters' names was most of the engine's processDay time
  // (a keyed access per field). driving-style.test.ts checks every counter is here.
  sum.drivingDistance += b.drivingDistance;
  sum.drivingTime += b.drivingTime;
  sum.totalTime += b.totalTime;
  sum.engineTime += b.engineTime;
  sum.idleTime += b.idleTime;
  sum.coastTime += b.coastTime;
  sum.cruiseTime += b.cruiseTime;
  sum.ptoTime += b.ptoTime;
  sum.accelerationTime += b.accelerationTime;
  sum.decelerationTime += b.decelerationTime;
  sum.engineBrakeTime += b.engineBrakeTime;
  sum.retarderTime += b.retarderTime;
  sum.idleThresholdTime += b.idleThresholdTime;
  sum.overSpeedThresholdTime += b.overSpeedThresholdTime;
  sum.overRPMThresholdTime += b.overRPMThresholdTime;
  sum.overTorqueThresholdTime += b.overTorqueThresholdTime;
  sum.harshAccelerationThresholdTime += b.harshAccelerationThresholdTime;
  sum.stops += b.stops;
  sum.brakeUsages += b.brakeUsages;
  sum.harshBrakes += b.harshBrakes;
  sum.harshAccelerationPedal += b.harshAccelerationPedal;
  sum.fuelUsedTotal += b.fuelUsedTotal;
  sum.fuelUsedDriving += b.fuelUsedDriving;
  sum.fuelUsedIdle += b.fuelUsedIdle;
  sum.fuelUsedPTO += b.fuelUsedPTO;
}

/** a less b, field by field, never below 0 (b is a part of a, counted with the same rounding). */
export function subtractStats(a: DrivingStyleData, b: DrivingStyleData): DrivingStyleData {
  const rest = { ...a };
  for (const key of DRIVING_STYLE_COUNTERS) rest[key] = Math.max(0, a[key] - b[key]);
  return deriveStats(rest);
}

// ── Interval between two raw records ─────────────────────────────────────────

/** No lorry, bus or van does more; the odometer must not move faster than this. */
export const MAX_SPEED_KMH = 250;
/**
 * Counters are sampled a little before or after the record's timestamp, so a
 * time counter may run ahead of the clock by this much without being wrong.
 */
export const CLOCK_SLACK_SECONDS = 60;
/** Beyond the heaviest engine at full load; also covers a 0.5 l counter resolution within the slack. */
export const MAX_FUEL_LITRES_PER_HOUR = 200;
/** Stops, brake applications and harsh events: at most one a second. */
export const MAX_COUNTS_PER_SECOND = 1;

type Limit = (elapsedSeconds: number) => number;
const distanceLimit: Limit = (e) => (MAX_SPEED_KMH / 3.6) * e;
const timeLimit: Limit = (e) => e + CLOCK_SLACK_SECONDS;
const fuelLimit: Limit = (e) => (MAX_FUEL_LITRES_PER_HOUR * (e + CLOCK_SLACK_SECONDS)) / 3600;
const countLimit: Limit = (e) => MAX_COUNTS_PER_SECOND * (e + CLOCK_SLACK_SECONDS);

interface CounterRule {
  from: RawRecordMetric;
  /** converts the metric's unit to the field's (engine hours → seconds) */
  scale: number;
  /** the most this field can grow over `elapsed` seconds */
  limit: Limit;
}

/**
 * Which raw-record counter feeds which drivingStyleData field, in what unit,
 * and the most it can plausibly grow. totalTime and fuelUsedDriving are not
 * counters of the device: see deltaStats.
 */
export const COUNTER_RULES: Record<
  Exclude<DrivingStyleCounter, 'totalTime' | 'fuelUsedDriving'>,
  CounterRule
> = {
  drivingDistance: { from: 'odometer', scale: 1, limit: distanceLimit },
  drivingTime: { from: 'drivingTime', scale: 1, limit: timeLimit },
  engineTime: { from: 'engineHours', scale: 3600, limit: timeLimit },
  idleTime: { from: 'idleTime', scale: 1, limit: timeLimit },
  coastTime: { from: 'coastTime', scale: 1, limit: timeLimit },
  cruiseTime: { from: 'cruiseTime', scale: 1, limit: timeLimit },
  ptoTime: { from: 'ptoTime', scale: 1, limit: timeLimit },
  accelerationTime: { from: 'accelerationTime', scale: 1, limit: timeLimit },
  decelerationTime: { from: 'decelerationTime', scale: 1, limit: timeLimit },
  engineBrakeTime: { from: 'engineBrakeTime', scale: 1, limit: timeLimit },
  retarderTime: { from: 'retarderTime', scale: 1, limit: timeLimit },
  idleThresholdTime: { from: 'idleThresholdTime', scale: 1, limit: timeLimit },
  overSpeedThresholdTime: { from: 'speedThresholdTime', scale: 1, limit: timeLimit },
  overRPMThresholdTime: { from: 'rpmThresholdTime', scale: 1, limit: timeLimit },
  overTorqueThresholdTime: { from: 'torqueThresholdTime', scale: 1, limit: timeLimit },
  harshAccelerationThresholdTime: {
    from: 'harshAccelerationThresholdTime',
    scale: 1,
    limit: timeLimit,
  },
  stops: { from: 'stops', scale: 1, limit: countLimit },
  brakeUsages: { from: 'brakeUsages', scale: 1, limit: countLimit },
  harshBrakes: { from: 'harshBrakeCount', scale: 1, limit: countLimit },
  harshAccelerationPedal: { from: 'harshAccelerationCount', scale: 1, limit: countLimit },
  fuelUsedTotal: { from: 'totalFuelUsed', scale: 1, limit: fuelLimit },
  fuelUsedIdle: { from: 'fuelUsedIdle', scale: 1, limit: fuelLimit },
  fuelUsedPTO: { from: 'fuelUsedPTO', scale: 1, limit: fuelLimit },
};

const isCounter = (v: unknown): v is number =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0;

/**
 * How much one counter grew over the interval, in the field's unit; 0 when
 * the growth cannot be trusted:
 * - missing (or not a finite, non-negative number) in either record: 0;
 * - went backwards (the unit was reset or swapped for another): 0, and the
 *   next interval counts again from the new value;
 * - grew more than is physically possible in the elapsed time (see
 *   COUNTER_RULES): 0, since a jump like that is a glitch or a swapped unit,
 *   and counting it would swamp every statistic it lands in.
 */
function growth(
  rule: CounterRule,
  previous: RawRecordMetrics,
  current: RawRecordMetrics,
  elapsedSeconds: number,
): number {
  const before = previous[rule.from];
  const after = current[rule.from];
  if (!isCounter(before) || !isCounter(after)) return 0;
  const delta = (after - before) * rule.scale;
  // The tolerance keeps float noise ((1000.1 − 1000) × 3600) from failing a delta right at its limit.
  if (delta < 0 || delta - rule.limit(elapsedSeconds) > 1e-6) return 0;
  return delta;
}

/**
 * The statistics of the interval between two consecutive raw records of one
 * vehicle: each counter's growth (see growth() for when it counts as 0),
 * mapped to drivingStyleData (odometer → drivingDistance, engineHours × 3600
 * → engineTime, totalFuelUsed → fuelUsedTotal, speedThresholdTime →
 * overSpeedThresholdTime, rpmThresholdTime → overRPMThresholdTime,
 * torqueThresholdTime → overTorqueThresholdTime, harshBrakeCount →
 * harshBrakes, harshAccelerationCount → harshAccelerationPedal, the rest by
 * name), and:
 * - totalTime = elapsedSeconds, the interval's length;
 * - fuelUsedDriving = fuelUsedTotal − fuelUsedIdle − fuelUsedPTO, never below 0;
 * - an elapsed time that is negative or not a number (records out of order)
 *   gives empty statistics: nothing in such a pair can be attributed.
 */
const RULES = Object.entries(COUNTER_RULES) as [keyof typeof COUNTER_RULES, CounterRule][];

export function deltaStats(
  previous: RawRecordMetrics,
  current: RawRecordMetrics,
  elapsedSeconds: number,
): DrivingStyleData {
  const stats = emptyStats();
  if (!Number.isFinite(elapsedSeconds) || elapsedSeconds < 0) return stats;
  for (const [field, rule] of RULES) stats[field] = growth(rule, previous, current, elapsedSeconds);
  stats.totalTime = elapsedSeconds;
  stats.fuelUsedDriving = Math.max(0, stats.fuelUsedTotal - stats.fuelUsedIdle - stats.fuelUsedPTO);
  return deriveStats(stats);
}
