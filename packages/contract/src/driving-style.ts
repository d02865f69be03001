import { Type, type Static } from 'typebox';

/**
 * Driving-style statistics and scores (spec §3 drivingStyleData, scoreData)
 * and the cumulative counters a device sends in each raw record. The maths
 * lives on the server (modules/drivingstyle); docs/scoring.md explains it.
 */

const metres = (description: string) =>
  Type.Number({ minimum: 0, description: `${description}, metres` });
const seconds = (description: string) =>
  Type.Number({ minimum: 0, description: `${description}, seconds` });
const count = (description: string) => Type.Number({ minimum: 0, description });
const litres = (description: string) =>
  Type.Number({ minimum: 0, description: `${description}, litres` });

/** The additive fields of DrivingStyleData: sums of intervals add up field by field. */
export const DRIVING_STYLE_COUNTERS = [
  'drivingDistance',
  'drivingTime',
  'totalTime',
  'engineTime',
  'idleTime',
  'coastTime',
  'cruiseTime',
  'ptoTime',
  'accelerationTime',
  'decelerationTime',
  'engineBrakeTime',
  'retarderTime',
  'idleThresholdTime',
  'overSpeedThresholdTime',
  'overRPMThresholdTime',
  'overTorqueThresholdTime',
  'harshAccelerationThresholdTime',
  'stops',
  'brakeUsages',
  'harshBrakes',
  'harshAccelerationPedal',
  'fuelUsedTotal',
  'fuelUsedDriving',
  'fuelUsedIdle',
  'fuelUsedPTO',
] as const;
export type DrivingStyleCounter = (typeof DRIVING_STYLE_COUNTERS)[number];

export const DrivingStyleData = Type.Object({
  drivingDistance: metres('Distance driven'),
  drivingTime: seconds('Time driving'),
  totalTime: seconds('Time covered, driving or not'),
  engineTime: seconds('Time the engine ran'),
  idleTime: seconds('Time stationary with the engine running'),
  coastTime: seconds('Time rolling without fuel'),
  cruiseTime: seconds('Time on cruise control or at steady speed'),
  ptoTime: seconds('Time the power take-off ran'),
  accelerationTime: seconds('Time accelerating'),
  decelerationTime: seconds('Time decelerating'),
  engineBrakeTime: seconds('Time braking on the engine'),
  retarderTime: seconds('Time braking on the retarder'),
  idleThresholdTime: seconds('Idle time beyond the idle-time threshold'),
  overSpeedThresholdTime: seconds('Driving time above the speed threshold'),
  overRPMThresholdTime: seconds('Driving time above the RPM threshold'),
  overTorqueThresholdTime: seconds('Driving time above the torque threshold'),
  harshAccelerationThresholdTime: seconds('Driving time with the pedal above the pedal threshold'),
  stops: count('Number of stops'),
  brakeUsages: count('Number of brake applications'),
  harshBrakes: count('Number of harsh brakes'),
  harshAccelerationPedal: count('Number of harsh accelerations'),
  fuelUsedTotal: litres('Fuel used'),
  fuelUsedDriving: litres('Fuel used while driving (total − idle − PTO)'),
  fuelUsedIdle: litres('Fuel used idling'),
  fuelUsedPTO: litres('Fuel used by the power take-off'),
  fuelAverageDriving: Type.Number({
    minimum: 0,
    description: 'Kilometres per litre while driving; 0 when no fuel was used',
  }),
  averageSpeedDriving: Type.Number({
    minimum: 0,
    description: 'km/h: driving distance over driving time; 0 when there was no driving time',
  }),
});
export type DrivingStyleData = Static<typeof DrivingStyleData>;

const score = (description: string) => Type.Number({ minimum: 0, maximum: 100, description });

export const ScoreData = Type.Object({
  totalScore: score('Weighted average of the sub-scores'),
  idleScore: score('Idling beyond the threshold, as a share of engine time'),
  cruiseScore: score('Cruising, as a share of driving time, against its target'),
  coastScore: score('Coasting, as a share of driving time, against its target'),
  speedScore: score('Driving above the speed threshold, as a share of driving time'),
  rpmScore: score('Driving above the RPM threshold, as a share of driving time'),
  harshAccelerationScore: score('Harsh accelerations per 100 km and time with the pedal floored'),
  harshBrakeScore: score('Harsh brakes per 100 km and brake applications not ending in a stop'),
});
export type ScoreData = Static<typeof ScoreData>;

/** The cumulative counters of a raw record, in the order devices document them. */
export const RAW_RECORD_METRICS = [
  'odometer',
  'engineHours',
  'totalFuelUsed',
  'fuelUsedIdle',
  'fuelUsedPTO',
  'drivingTime',
  'cruiseTime',
  'coastTime',
  'ptoTime',
  'idleTime',
  'accelerationTime',
  'decelerationTime',
  'engineBrakeTime',
  'retarderTime',
  'idleThresholdTime',
  'speedThresholdTime',
  'rpmThresholdTime',
  'torqueThresholdTime',
  'harshAccelerationThresholdTime',
  'harshBrakeCount',
  'harshAccelerationCount',
  'stops',
  'brakeUsages',
] as const;
export type RawRecordMetric = (typeof RAW_RECORD_METRICS)[number];

const counter = (description: string) =>
  Type.Optional(Type.Number({ minimum: 0, description: `${description}; cumulative` }));

/**
 * What a device sends in each raw record: cumulative counters since the unit
 * was installed. On a healthy device they only move forward; each is optional
 * because not every vehicle reports every one.
 */
export const RawRecordMetrics = Type.Object({
  odometer: counter('Total vehicle distance, metres'),
  engineHours: counter('Total engine hours, hours (decimal)'),
  totalFuelUsed: counter('Total fuel used, litres'),
  fuelUsedIdle: counter('Fuel used idling, litres'),
  fuelUsedPTO: counter('Fuel used by the power take-off, litres'),
  drivingTime: counter('Time driving, seconds'),
  cruiseTime: counter('Time cruising, seconds'),
  coastTime: counter('Time coasting, seconds'),
  ptoTime: counter('Time the power take-off ran, seconds'),
  idleTime: counter('Time idling, seconds'),
  accelerationTime: counter('Time accelerating, seconds'),
  decelerationTime: counter('Time decelerating, seconds'),
  engineBrakeTime: counter('Time braking on the engine, seconds'),
  retarderTime: counter('Time braking on the retarder, seconds'),
  idleThresholdTime: counter('Idle time beyond the idle-time threshold, seconds'),
  speedThresholdTime: counter('Time above the speed threshold, seconds'),
  rpmThresholdTime: counter('Time above the RPM threshold, seconds'),
  torqueThresholdTime: counter('Time above the torque threshold, seconds'),
  harshAccelerationThresholdTime: counter('Time with the pedal above the pedal threshold, seconds'),
  harshBrakeCount: counter('Harsh brakes'),
  harshAccelerationCount: counter('Harsh accelerations'),
  stops: counter('Stops'),
  brakeUsages: counter('Brake applications'),
});
export type RawRecordMetrics = Static<typeof RawRecordMetrics>;

// The lists and the schemas name the same fields (a compile error otherwise).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _metricsListed: Same<keyof RawRecordMetrics, RawRecordMetric> = true;
const _countersListed: Same<
  keyof DrivingStyleData,
  DrivingStyleCounter | 'fuelAverageDriving' | 'averageSpeedDriving'
> = true;
