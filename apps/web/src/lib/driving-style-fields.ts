import {
  EVENT_TYPES,
  formatDistance,
  formatDuration,
  formatFuel,
  type DrivingStyleData,
  type EventType,
  type ScoreData,
} from '@fleet/contract';

/**
 * The score and statistic keys every screen shows, in one order, with how each is formatted
 * (spec §9). Their labels are one table too: `scores.*`, `stats.*` and `eventTypes.*` in
 * locales/dashboards. Screens pick from these lists; none keeps a list of its own.
 */
export const SCORE_KEYS = [
  'totalScore',
  'idleScore',
  'cruiseScore',
  'coastScore',
  'speedScore',
  'rpmScore',
  'harshAccelerationScore',
  'harshBrakeScore',
] as const satisfies readonly (keyof ScoreData)[];

export type Unit = 'kmh' | 'litres' | 'kmPerLitre';

/** Statistic → how its value is formatted, and its unit (a translation of `units.*`). */
export const STATS = {
  drivingDistance: { format: formatDistance },
  drivingTime: { format: formatDuration },
  totalTime: { format: formatDuration },
  engineTime: { format: formatDuration },
  idleTime: { format: formatDuration },
  cruiseTime: { format: formatDuration },
  coastTime: { format: formatDuration },
  ptoTime: { format: formatDuration },
  averageSpeedDriving: { format: (v: number) => v.toFixed(1), unit: 'kmh' },
  fuelUsedTotal: { format: formatFuel, unit: 'litres' },
  fuelAverageDriving: { format: formatFuel, unit: 'kmPerLitre' },
  stops: { format: String },
  brakeUsages: { format: String },
  harshBrakes: { format: String },
  harshAccelerationPedal: { format: String },
} as const satisfies Partial<
  Record<keyof DrivingStyleData, { format: (value: number) => string; unit?: Unit }>
>;
export type StatKey = keyof typeof STATS;
export const STAT_KEYS = Object.keys(STATS) as StatKey[];

/** A statistic's value as shown: formatted, with its unit through `unit` (a translation). */
export function statText(
  key: StatKey,
  data: DrivingStyleData,
  unit: (unit: Unit, value: string) => string,
): string {
  const stat: { format: (value: number) => string; unit?: Unit } = STATS[key];
  const value = stat.format(data[key]);
  return stat.unit ? unit(stat.unit, value) : value;
}

/** Event types with a label in the one table; others are shown as sent. */
export const isKnownEventType = (value: string): value is EventType =>
  (EVENT_TYPES as readonly string[]).includes(value);
