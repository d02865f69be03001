import type { EventType, RawRecordMetric } from '@fleet/contract';
import type { PeriodicalSettings, ThresholdSettings } from './settings.js';

/**
 * The FMS unit's thresholds: what its counters count and which events it
 * raises, second by second, from what the truck did in that second. Pure: the
 * unit's memory is the UnitState it is given, its counters move forward in place.
 */

export type Counters = Record<RawRecordMetric, number>;

/** What the unit remembers from one second to the next. */
export interface UnitState {
  /** s in a row stationary with the engine running */
  idleRun: number;
  /** IDLE_START raised and no IDLE_STOP yet */
  idling: boolean;
  overSpeed: boolean;
  overRpm: boolean;
  /** the service brake was on in the second before */
  serviceBrake: boolean;
  /** s in a row at about `steadyAt` km/h */
  steadyFor: number;
  steadyAt: number;
}

export const newUnitState = (): UnitState => ({
  idleRun: 0,
  idling: false,
  overSpeed: false,
  overRpm: false,
  serviceBrake: false,
  steadyFor: 0,
  steadyAt: 0,
});

/** How the truck was driven in a second (its pedals and brakes as the unit sees them). */
export type Mode = 'accelerate' | 'hold' | 'coast' | 'engine-brake' | 'retarder' | 'brake';

/** A second stationary with the engine running: idling, or working the power take-off. */
export interface StandingSecond {
  standing: true;
  pto: boolean;
  /** litres burnt */
  fuel: number;
}

/** A second on the road (moving, or stationary in traffic). */
export interface DrivingSecond {
  standing: false;
  /** m driven (0: stationary in traffic) */
  moved: number;
  /** m rolled on to the destination after stopping just short of it */
  rolledOn: number;
  /** m/s² */
  a: number;
  mode: Mode;
  /** % accelerator pedal */
  pedal: number;
  /** rpm at the start of the second, and at its end */
  startRpm: number;
  rpm: number;
  /** km/h at the end of the second */
  speed: number;
  /** litres burnt */
  fuel: number;
  /** came to a stop */
  stopped: boolean;
  /** m/s² of a harsh brake that began, or of the first second of a harsh acceleration */
  harshBrake?: number;
  harshAcceleration?: number;
}

export type TruckSecond = StandingSecond | DrivingSecond;

/** The unit's view of one second: its counters move on, and the events it raises (in order). */
export function unitSecond(
  unit: UnitState,
  counters: Counters,
  second: TruckSecond,
  limits: ThresholdSettings,
): EventType[] {
  const events: EventType[] = [];
  counters.engineHours += 1 / 3600;
  if (second.standing) {
    if (second.pto) {
      endIdle(unit, events);
      counters.ptoTime += 1;
      counters.fuelUsedPTO += second.fuel;
      counters.totalFuelUsed += second.fuel;
    } else {
      idleSecond(unit, counters, second.fuel, limits, events);
    }
    if (unit.overRpm) events.push('OVER_RPM_STOP');
    unit.overRpm = false;
    return events;
  }
  // Harsh to the unit when the speed lost or gained in a second reaches its threshold.
  if (second.harshBrake !== undefined && second.harshBrake * 3.6 >= limits.harshBrake) {
    events.push('HARSH_BRAKE');
    counters.harshBrakeCount += 1;
  }
  if (
    second.harshAcceleration !== undefined &&
    second.harshAcceleration * 3.6 >= limits.harshAcceleration
  ) {
    events.push('HARSH_ACCELERATION');
    counters.harshAccelerationCount += 1;
  }
  counters.odometer += second.moved;
  if (second.moved > 0) {
    drivingCounters(unit, counters, second, limits);
    if (unit.idleRun > 0) endIdle(unit, events);
  } else {
    idleSecond(unit, counters, second.fuel, limits, events);
  }
  unit.serviceBrake = second.mode === 'brake';
  const { speed, rpm } = second;
  if (Math.abs(speed - unit.steadyAt) < 1 && speed >= limits.cruisable) {
    unit.steadyFor++;
  } else {
    unit.steadyFor = 0;
    unit.steadyAt = speed;
  }
  if (unit.steadyFor >= limits.cruise) counters.cruiseTime += 1;
  if (!unit.overSpeed && speed > limits.overSpeed) {
    unit.overSpeed = true;
    events.push('OVER_SPEED_START');
  } else if (unit.overSpeed && speed <= limits.overSpeed - 2) {
    unit.overSpeed = false;
    events.push('OVER_SPEED_STOP');
  }
  if (!unit.overRpm && rpm > limits.overRpm) {
    unit.overRpm = true;
    events.push('OVER_RPM_START');
  } else if (unit.overRpm && rpm <= limits.overRpm - 50) {
    unit.overRpm = false;
    events.push('OVER_RPM_STOP');
  }
  if (second.stopped) counters.stops += 1;
  if (second.rolledOn > 0) counters.odometer += second.rolledOn;
  return events;
}

/** The end of idling (the engine stops, the truck moves or the power take-off starts). */
export function endIdle(unit: UnitState, events: EventType[]): void {
  if (unit.idling) events.push('IDLE_STOP');
  unit.idling = false;
  unit.idleRun = 0;
}

/** One second idling: the idle counters, and IDLE_START once past the threshold. */
function idleSecond(
  unit: UnitState,
  counters: Counters,
  fuel: number,
  limits: ThresholdSettings,
  events: EventType[],
): void {
  counters.idleTime += 1;
  counters.fuelUsedIdle += fuel;
  counters.totalFuelUsed += fuel;
  unit.idleRun += 1;
  if (unit.idleRun === limits.idle) {
    unit.idling = true;
    events.push('IDLE_START');
  } else if (unit.idleRun > limits.idle) {
    counters.idleThresholdTime += 1;
  }
}

/** The counters of a second that moved; the rpm the unit compares is the one the second began with. */
function drivingCounters(
  unit: UnitState,
  counters: Counters,
  { a, mode, pedal, startRpm, speed, fuel }: DrivingSecond,
  limits: ThresholdSettings,
): void {
  counters.drivingTime += 1;
  counters.totalFuelUsed += fuel;
  if (a > limits.acceleration) counters.accelerationTime += 1;
  if (a < -limits.deceleration) counters.decelerationTime += 1;
  if (mode === 'coast') counters.coastTime += 1;
  if (mode === 'engine-brake') counters.engineBrakeTime += 1;
  if (mode === 'retarder') counters.retarderTime += 1;
  if (mode === 'brake' && !unit.serviceBrake) counters.brakeUsages += 1;
  if (pedal > limits.pedal) counters.harshAccelerationThresholdTime += 1;
  if (mode === 'accelerate' && pedal > 80 && startRpm < 1500) counters.torqueThresholdTime += 1;
  if (speed > limits.speedTime) counters.speedThresholdTime += 1;
  if (startRpm > limits.rpmTime) counters.rpmThresholdTime += 1;
}

/** Settings a unit got during a trip (a CONFIGURATION command), from the moment it applied them. */
export interface SettingsChange {
  /** ms */
  at: number;
  thresholds: ThresholdSettings;
  periodical: PeriodicalSettings;
}

/**
 * The unit's settings through a trip: those it started with, then each change
 * from the second after its moment. Everything reported up to a change is what
 * the trip without it reports (nothing random depends on a setting before it
 * applies), so a trip driven again with a change that came on the way repeats
 * what was already sent.
 */
export class UnitSettings {
  private next = 0;

  constructor(
    public thresholds: ThresholdSettings,
    public periodical: PeriodicalSettings,
    private readonly changes: readonly SettingsChange[] = [],
  ) {}

  /** Takes up the changes made by `t` (ms). */
  update(t: number): void {
    while (this.next < this.changes.length && this.changes[this.next]!.at <= t) {
      ({ thresholds: this.thresholds, periodical: this.periodical } = this.changes[this.next]!);
      this.next++;
    }
  }
}
