import { DRIVING_STYLE_COUNTERS, type DrivingStyleData } from '@fleet/contract';

/**
 * The additive driving-style columns of trips, trip_drivers and the rollups, in the order of
 * the contract's DRIVING_STYLE_COUNTERS; scores are derived from them at read time. Runtime code
 * and the migration that made the columns both read this list.
 */
export const STAT_COLUMNS = [
  'driving_distance',
  'driving_time',
  'total_time',
  'engine_time',
  'idle_time',
  'coast_time',
  'cruise_time',
  'pto_time',
  'acceleration_time',
  'deceleration_time',
  'engine_brake_time',
  'retarder_time',
  'idle_threshold_time',
  'over_speed_threshold_time',
  'over_rpm_threshold_time',
  'over_torque_threshold_time',
  'harsh_acceleration_threshold_time',
  'stops',
  'brake_usages',
  'harsh_brakes',
  'harsh_acceleration_pedal',
  'fuel_used_total',
  'fuel_used_driving',
  'fuel_used_idle',
  'fuel_used_pto',
] as const;
export type StatColumn = (typeof STAT_COLUMNS)[number];

/** drivingStyleData field ↔ column, in the same order: `drivingDistance` ↔ `driving_distance`. */
export const STAT_FIELDS = DRIVING_STYLE_COUNTERS.map((field, i) => ({
  field,
  column: STAT_COLUMNS[i]!,
}));

/**
 * The statistics of a query row, whether it names them by column (`driving_distance`) or by
 * field (`drivingDistance`, as the sums do). Absent values and SQL nulls count as 0; numeric
 * text (bigint, numeric) is read as a number.
 */
export const statsFromRow = (row: Record<string, unknown>): DrivingStyleData =>
  Object.fromEntries(
    STAT_FIELDS.map(({ column, field }) => [field, Number(row[field] ?? row[column] ?? 0)]),
  ) as unknown as DrivingStyleData;
