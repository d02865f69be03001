import type { DatapointInput, EventType, RawRecordInput } from '@fleet/contract';
import { arrived, driveSecond, standSecond, startTrip } from './drive-step.js';
import type { Random } from './random.js';
import type { Route } from './route.js';
import { DEFAULT_SETTINGS, type PeriodicalSettings, type ThresholdSettings } from './settings.js';
import { TripRecorder } from './trip-recorder.js';
import {
  endIdle,
  unitSecond,
  UnitSettings,
  type Counters,
  type SettingsChange,
  type TruckSecond,
} from './unit-thresholds.js';

/**
 * The truck model: drives one trip second by second and reports what an FMS
 * unit would: cumulative counters that only move forward, events, raw records
 * and GPS datapoints. Pure: everything random comes from the Random passed in.
 * Its parts: the road (road.ts), the truck and driver's step (drive-step.ts),
 * the unit's thresholds (unit-thresholds.ts) and its records (trip-recorder.ts).
 *
 * The unit's thresholds and periodic frequencies are the plan's (a live leg
 * drives by the unit's settings), else the defaults of the configuration group
 * settings (apps/server/src/modules/configurations/definitions.ts) with a
 * PERIODIC record every minute.
 */
export const THRESHOLDS: ThresholdSettings = DEFAULT_SETTINGS.thresholds;

export const PERIODIC_SECONDS = 60;

/** How one driver drives. Rates are per 100 km; shares 0–1. */
export interface DriverStyle {
  harshBrakeRate: number;
  harshAccelerationRate: number;
  /** over-speed (> 90 km/h) episodes per 100 km of motorway */
  overSpeedRate: number;
  /** chance that a pull-away is revved past 2000 rpm */
  lateShift: number;
  /** rpm at which gears are changed up normally */
  shiftRpm: number;
  /** lowest rpm the driver keeps at a steady speed (a lower gear means more rpm) */
  holdRpm: number;
  /** needless brake taps per km, following too close */
  brakeTaps: number;
  /** km/h on the motorway */
  motorwaySpeed: number;
  /** km/h on country roads and in town, as a share of the limit */
  speedDiscipline: number;
  /** chance of switching cruise control on when the road allows */
  cruiseUse: number;
  /** chance of lifting off early (coasting) before a slowdown */
  anticipation: number;
  /** 0–1: how far the accelerator goes down */
  pedal: number;
  /** minutes of extra idling at the start and end of trips */
  idleHabit: number;
}

/**
 * A driver's style from one roughness figure (0 = exemplary, 1 = rough) with
 * some personal variation, so that drivers differ in score.
 */
export function driverStyle(roughness: number, random: Random): DriverStyle {
  const r = Math.min(1, Math.max(0, roughness));
  const vary = (value: number, spread: number) => value * (1 + random.uniform(-spread, spread));
  return {
    harshBrakeRate: vary(0.45 + 2.5 * r, 0.2),
    harshAccelerationRate: vary(0.45 + 3.2 * r ** 1.2, 0.25),
    overSpeedRate: vary(0.15 + 2.2 * r ** 1.5, 0.3),
    lateShift: vary(0.01 + 0.12 * r, 0.3),
    shiftRpm: 1450 + 450 * r + random.uniform(-40, 40),
    holdRpm: 950 + 650 * r ** 1.5 + random.uniform(-30, 30),
    brakeTaps: vary(0.08 + 0.9 * r ** 1.3, 0.25),
    motorwaySpeed: Math.min(87, 80 + 5 * r + random.uniform(-0.8, 0.8)),
    speedDiscipline: 0.86 + 0.12 * r + random.uniform(-0.03, 0.02),
    cruiseUse: Math.min(0.97, Math.max(0.15, 0.92 - 0.6 * r + random.uniform(-0.12, 0.12))),
    anticipation: Math.min(0.95, Math.max(0.1, 0.9 - 0.7 * r + random.uniform(-0.1, 0.1))),
    pedal: Math.min(1, Math.max(0, 0.15 + 0.8 * r + random.uniform(-0.1, 0.1))),
    idleHabit: Math.max(0, 0.5 + 7 * r * random.uniform(0.4, 1.2)),
  };
}

/** What does not change from trip to trip. */
export interface Truck {
  /** kg without load */
  emptyMass: number;
  /** has a tipper or crane driven by a power take-off */
  hasPto: boolean;
  /** brakes with a retarder on long decelerations */
  hasRetarder: boolean;
}

/** Plausible lifetime counters of a unit installed `years` ago on a truck doing `kmPerYear`. */
export function lifetimeCounters(years: number, kmPerYear: number, random: Random): Counters {
  const km = years * kmPerYear * random.uniform(0.9, 1.1);
  const drivingHours = km / random.uniform(52, 62);
  const idleHours = drivingHours * random.uniform(0.12, 0.25);
  const ptoHours = drivingHours * random.uniform(0, 0.04);
  const drivingSeconds = drivingHours * 3600;
  const idleFuel = idleHours * 2.5;
  const ptoFuel = ptoHours * 8;
  return {
    odometer: Math.round(km * 1000),
    engineHours: Math.round((drivingHours + idleHours + ptoHours) * 100) / 100,
    totalFuelUsed: Math.round(km * random.uniform(0.28, 0.33) + idleFuel + ptoFuel),
    fuelUsedIdle: Math.round(idleFuel),
    fuelUsedPTO: Math.round(ptoFuel),
    drivingTime: Math.round(drivingSeconds),
    cruiseTime: Math.round(drivingSeconds * random.uniform(0.25, 0.45)),
    coastTime: Math.round(drivingSeconds * random.uniform(0.04, 0.1)),
    ptoTime: Math.round(ptoHours * 3600),
    idleTime: Math.round(idleHours * 3600),
    accelerationTime: Math.round(drivingSeconds * random.uniform(0.12, 0.2)),
    decelerationTime: Math.round(drivingSeconds * random.uniform(0.08, 0.14)),
    engineBrakeTime: Math.round(drivingSeconds * random.uniform(0.02, 0.05)),
    retarderTime: Math.round(drivingSeconds * random.uniform(0.005, 0.02)),
    idleThresholdTime: Math.round(idleHours * 3600 * random.uniform(0.3, 0.6)),
    speedThresholdTime: Math.round(drivingSeconds * random.uniform(0.02, 0.12)),
    rpmThresholdTime: Math.round(drivingSeconds * random.uniform(0.01, 0.05)),
    torqueThresholdTime: Math.round(drivingSeconds * random.uniform(0.01, 0.04)),
    harshAccelerationThresholdTime: Math.round(drivingSeconds * random.uniform(0.005, 0.03)),
    harshBrakeCount: Math.round((km / 100) * random.uniform(0.8, 2)),
    harshAccelerationCount: Math.round((km / 100) * random.uniform(0.8, 2)),
    stops: Math.round(km * random.uniform(0.5, 0.9)),
    brakeUsages: Math.round(km * random.uniform(1.5, 2.5)),
  };
}

export interface TripPlan {
  route: Route;
  /** ms, a whole second: ignition on */
  departure: number;
  style: DriverStyle;
  truck: Truck;
  /** kg on board */
  load: number;
  /** s stationary with the engine running before moving off */
  startIdle: number;
  /** s stationary with the engine running after arriving */
  endIdle: number;
  /** s the power take-off runs after arriving (0: none) */
  ptoSeconds: number;
  /** morning or evening rush: more congestion on the motorway */
  rushHour: boolean;
  /** the unit's thresholds (default THRESHOLDS) */
  thresholds?: ThresholdSettings;
  /** s between PERIODIC records (default PERIODIC_SECONDS moving or not) */
  periodical?: PeriodicalSettings;
  /** new settings the unit got on the way, in time order: each counts from the second after `at` */
  changes?: SettingsChange[];
}

export interface TripOutput {
  records: RawRecordInput[];
  datapoints: DatapointInput[];
  /** ms of TRIP_STOP (ignition off) */
  arrival: number;
  /** metres driven */
  distance: number;
}

/**
 * Drives one trip: TRIP_START, idling, the route, idling (and the power
 * take-off), TRIP_STOP. `counters` moves forward in place.
 */
export function driveTrip(counters: Counters, plan: TripPlan, random: Random): TripOutput {
  const settings = new UnitSettings(
    plan.thresholds ?? THRESHOLDS,
    plan.periodical ?? { moving: PERIODIC_SECONDS, notMoving: PERIODIC_SECONDS },
    plan.changes,
  );
  const { trip, state } = startTrip(plan, random);
  const recorder = new TripRecorder(plan.route, plan.departure, counters);
  /** After each second: the unit counts it, reports what fell due, and takes up new settings. */
  const report = (second: TruckSecond) => {
    recorder.second(
      state,
      unitSecond(state.unit, counters, second, settings.thresholds),
      settings.periodical,
    );
    settings.update(state.t);
  };

  settings.update(state.t);
  recorder.record('TRIP_START', state);
  recorder.datapoint(state);
  for (let i = 0; i < plan.startIdle; i++) report(standSecond(state, false));
  while (!arrived(state, trip))
    report(driveSecond(state, trip, settings.thresholds.cruisable, random));
  for (let i = 0; i < plan.endIdle; i++) report(standSecond(state, false));
  for (let i = 0; i < plan.ptoSeconds; i++) report(standSecond(state, true));
  const events: EventType[] = [];
  endIdle(state.unit, events);
  recorder.stop(state, events);
  return {
    records: recorder.records,
    datapoints: recorder.datapoints,
    arrival: state.t,
    distance: plan.route.length,
  };
}
