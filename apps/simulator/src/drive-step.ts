import type { Random } from './random.js';
import type { RoadKind, Route } from './route.js';
import {
  leave,
  passTo,
  planRoad,
  roadSpeed,
  slowdownsAhead,
  type RoadAhead,
  type Slowdown,
  type SlowdownNeed,
  type Traffic,
} from './road.js';
import {
  newUnitState,
  type DrivingSecond,
  type Mode,
  type StandingSecond,
  type TruckSecond,
  type UnitState,
} from './unit-thresholds.js';
import type { DriverStyle, Truck } from './vehicle.js';

/**
 * The truck and its driver on a trip, one second at a time: a step function
 * over the TripState. A step reads only its arguments and the Random it is
 * given, changes only the state, and answers what the truck did in that second
 * (a TruckSecond) for the unit to count (unit-thresholds.ts).
 */

const G = 9.81;
const DIESEL_J_PER_LITRE = 35.8e6;
const ENGINE_EFFICIENCY = 0.4;
export const IDLE_LITRES_PER_SECOND = 2.5 / 3600;
export const PTO_LITRES_PER_SECOND = 8 / 3600;
const FRICTION_LITRES_PER_SECOND = 1.2 / 3600;
/** rpm per km/h in each of twelve gears: top gear 85 km/h ≈ 1190 rpm */
const GEAR_RPM_PER_KMH = Array.from({ length: 12 }, (_, g) => 14 * 1.21 ** (11 - g));

/** What does not change during a trip. */
export interface TripSetting {
  road: RoadAhead;
  style: DriverStyle;
  truck: Truck;
  /** kg with the load */
  mass: number;
  /** m/s² the driver brakes with without thinking about it (lower for a calm driver) */
  comfortable: number;
}

/** The driver's intentions under way, and when the next harsh moment comes. */
export interface DriverState {
  cruiseControl: boolean;
  /** declined cruise control on this stretch */
  cruiseDeclined: boolean;
  /** s left lifting off for traffic ahead, or tapping the brake for it */
  liftOff: number;
  tap: number;
  /** km/h the driver's speed wanders by */
  wander: number;
  /** rpm of the next change up */
  shiftRpm: number;
  /** s left waiting at `dwellFor` */
  dwell: number;
  dwellFor: Slowdown | undefined;
  /** m on the route of the next harsh brake, and of the next harsh acceleration (due at a pull-away) */
  nextHarshBrake: number;
  nextHarshAcceleration: number;
  harshAccelerationDue: boolean;
  /** s left of a harsh brake under way, with its m/s² */
  harshBrakeSeconds: number;
  harshBrakeDecel: number;
  /** s left of a harsh acceleration under way */
  harshAccelerationSeconds: number;
  /** m driven on the motorway, that of the next over-speed episode, and the one under way */
  motorwayMetres: number;
  nextOverSpeed: number;
  overSpeedEpisode: number;
  /** m/s */
  overSpeedTarget: number;
}

/** Everything that carries from one second of a trip to the next. */
export interface TripState {
  /** ms */
  t: number;
  /** m along the route */
  s: number;
  /** m/s */
  v: number;
  gear: number;
  rpm: number;
  /** % accelerator pedal */
  pedal: number;
  traffic: Traffic;
  driver: DriverState;
  unit: UnitState;
}

/** Harsh events and over-speed episodes come at random distances. */
const spacing = (random: Random, per100km: number) => random.exponential(per100km / 100_000);

/** The trip at ignition on: the road planned, the truck parked at the start of the route. */
export function startTrip(
  plan: {
    route: Route;
    departure: number;
    style: DriverStyle;
    truck: Truck;
    load: number;
    rushHour: boolean;
  },
  random: Random,
): { trip: TripSetting; state: TripState } {
  const { style } = plan;
  const { road, traffic } = planRoad(plan.route, style, plan.rushHour, random);
  const trip: TripSetting = {
    road,
    style,
    truck: plan.truck,
    mass: plan.truck.emptyMass + plan.load,
    comfortable: (0.55 + 0.5 * style.pedal) * 0.85,
  };
  const driver: DriverState = {
    cruiseControl: false,
    cruiseDeclined: false,
    liftOff: 0,
    tap: 0,
    wander: 0,
    shiftRpm: style.shiftRpm,
    dwell: 0,
    dwellFor: undefined,
    nextHarshBrake: spacing(random, style.harshBrakeRate),
    nextHarshAcceleration: spacing(random, style.harshAccelerationRate),
    harshAccelerationDue: false,
    harshBrakeSeconds: 0,
    harshBrakeDecel: 0,
    harshAccelerationSeconds: 0,
    motorwayMetres: 0,
    nextOverSpeed: spacing(random, style.overSpeedRate),
    overSpeedEpisode: 0,
    overSpeedTarget: 0,
  };
  const state: TripState = {
    t: plan.departure,
    s: 0,
    v: 0,
    gear: 0,
    rpm: 600,
    pedal: 0,
    traffic,
    driver,
    unit: newUnitState(),
  };
  return { trip, state };
}

/** At the destination and standing. */
export const arrived = (state: TripState, trip: TripSetting) =>
  state.s >= trip.road.route.length - 0.5 && state.v <= 0;

/** One second stationary with the engine running: idling, or working the power take-off. */
export function standSecond(state: TripState, pto: boolean): StandingSecond {
  state.rpm = pto ? 1000 : 600;
  state.t += 1000;
  return { standing: true, pto, fuel: pto ? PTO_LITRES_PER_SECOND : IDLE_LITRES_PER_SECOND };
}

/**
 * One second on the road: the driver reads the road and the traffic, chooses
 * pedal or brake, and the truck moves, changes gear and maybe stops where it
 * has to wait. `cruisable`: km/h from which cruise control can be switched on.
 */
export function driveSecond(
  state: TripState,
  trip: TripSetting,
  cruisable: number,
  random: Random,
): TruckSecond {
  const { road, style } = trip;
  const { driver, traffic } = state;
  if (passTo(road, traffic, state.s, driver.dwellFor, style, random)) driver.cruiseDeclined = false;
  // Waiting at a red light, a give-way line or in a queue.
  if (driver.dwell > 0) return waitSecond(state, trip, random);
  const kind = road.route.zones[traffic.zoneIndex]!.kind;
  const { speed, inJam } = roadSpeed(road, traffic, state, random);
  const target = driverTarget(state, trip, kind, inJam, speed, random);
  const need = slowdownsAhead(road, traffic, state.s, state.v, target, trip.comfortable);
  const harshBrake = trafficMoments(state, trip, kind, inJam, random);
  const control = pedalsAndBrakes(state, trip, kind, target, need, random);
  const second = move(state, trip, kind, control, harshBrake);
  cruise(state, trip, kind, second, target, inJam, cruisable, random);
  shiftGears(state, style, second);
  stopWhereDue(state, trip, second);
  state.t += 1000;
  return second;
}

function waitSecond(state: TripState, trip: TripSetting, random: Random): StandingSecond {
  const { driver } = state;
  driver.dwell--;
  if (driver.dwell === 0 && driver.dwellFor) {
    leave(trip.road, state.traffic, driver.dwellFor, trip.style, random);
    driver.dwellFor = undefined;
  }
  state.gear = 0;
  return standSecond(state, false);
}

/** The speed the driver aims for (m/s): the road's, or over it on the motorway now and then, wandering a little. */
function driverTarget(
  state: TripState,
  { style }: TripSetting,
  kind: RoadKind,
  inJam: boolean,
  roadSpeed: number,
  random: Random,
): number {
  const { driver } = state;
  let target = roadSpeed;
  if (kind === 'motorway' && !inJam) {
    if (driver.overSpeedEpisode > 0) {
      driver.overSpeedEpisode--;
      target = driver.overSpeedTarget;
    } else if (driver.motorwayMetres >= driver.nextOverSpeed) {
      driver.nextOverSpeed = driver.motorwayMetres + spacing(random, style.overSpeedRate);
      driver.overSpeedEpisode = random.int(25, 120);
      driver.overSpeedTarget = random.uniform(92, 96) / 3.6;
      driver.cruiseControl = false;
    }
  } else {
    driver.overSpeedEpisode = 0;
  }
  driver.wander = 0.96 * driver.wander + random.normal(0, 0.5);
  if (!driver.cruiseControl) target += driver.wander / 3.6;
  return target;
}

/**
 * Harsh moments (a car cutting in, a heavy foot due at the next pull-away) and
 * lifting off for traffic ahead (anticipation) or tapping the brake for it
 * (none). Answers the deceleration (m/s²) of a harsh brake that begins now.
 */
function trafficMoments(
  state: TripState,
  { style }: TripSetting,
  kind: RoadKind,
  inJam: boolean,
  random: Random,
): number | undefined {
  const { driver, s, v } = state;
  let harshBrake: number | undefined;
  if (driver.harshBrakeSeconds === 0 && s >= driver.nextHarshBrake && v > 30 / 3.6) {
    driver.nextHarshBrake = s + spacing(random, style.harshBrakeRate);
    driver.harshBrakeSeconds = random.int(2, 3);
    driver.harshBrakeDecel = random.uniform(3.6, 4.6);
    harshBrake = driver.harshBrakeDecel;
    driver.cruiseControl = false;
  }
  if (s >= driver.nextHarshAcceleration) {
    driver.nextHarshAcceleration = s + spacing(random, style.harshAccelerationRate);
    driver.harshAccelerationDue = true;
  }
  if (
    driver.liftOff === 0 &&
    driver.tap === 0 &&
    kind !== 'urban' &&
    v > 45 / 3.6 &&
    !inJam &&
    driver.harshBrakeSeconds === 0
  ) {
    if (random.chance(style.anticipation * 0.004)) {
      driver.liftOff = random.int(6, 20);
      driver.cruiseControl = false;
    } else if (random.chance((style.brakeTaps * v) / 1000)) {
      driver.tap = random.int(1, 3);
      driver.cruiseControl = false;
    }
  }
  return harshBrake;
}

interface Control {
  /** m/s² */
  a: number;
  mode: Mode;
  /** m/s² of the first second of a harsh acceleration */
  harshAcceleration?: number;
}

/** What the driver does with the pedals this second; sets the accelerator pedal. */
function pedalsAndBrakes(
  state: TripState,
  trip: TripSetting,
  kind: RoadKind,
  target: number,
  need: SlowdownNeed,
  random: Random,
): Control {
  const { driver, v } = state;
  let control: Control;
  if (driver.harshBrakeSeconds > 0) {
    driver.harshBrakeSeconds--;
    control = { a: -Math.min(driver.harshBrakeDecel, v), mode: 'brake' };
  } else if (need.brake > 0) {
    let a = -Math.min(4, Math.max(need.brake, 0.3));
    const mode =
      -a <= 0.7 && v > 30 / 3.6 && need.stopAt === undefined
        ? trip.truck.hasRetarder && kind === 'motorway' && v > 60 / 3.6
          ? 'retarder'
          : 'engine-brake'
        : 'brake';
    // Creeping to a standstill.
    if (need.stopAt && need.stopAt.at - state.s < 3) a = -v;
    driver.cruiseControl = false;
    control = { a, mode };
  } else if (driver.tap > 0) {
    driver.tap--;
    control = { a: -random.uniform(0.5, 1.0), mode: 'brake' };
  } else if (need.coast || driver.liftOff > 0) {
    if (driver.liftOff > 0) driver.liftOff--;
    driver.cruiseControl = false;
    control = { a: -0.25 - random.uniform(0, 0.05), mode: 'coast' };
  } else if (v < target - 0.4) {
    driver.cruiseControl = false;
    control = accelerate(state, trip, target, random);
  } else if (v > target + 1.5 / 3.6) {
    driver.cruiseControl = false;
    control = {
      a: -Math.min(0.6, (v - target) * 0.25),
      mode: v > 30 / 3.6 ? 'engine-brake' : 'coast',
    };
  } else {
    state.pedal = 30 + 20 * trip.style.pedal;
    control = { a: driver.cruiseControl ? target - v : (target - v) * 0.3, mode: 'hold' };
  }
  if (control.mode !== 'accelerate' && control.mode !== 'hold') state.pedal = 0;
  return control;
}

/** Pedal down: as hard as the pedal and the load allow, or a harsh acceleration when one is due. */
function accelerate(
  state: TripState,
  { style, mass }: TripSetting,
  target: number,
  random: Random,
): Control {
  const { driver, v } = state;
  if (v < 5 / 3.6)
    driver.shiftRpm = random.chance(style.lateShift) ? random.uniform(2050, 2350) : style.shiftRpm;
  state.pedal = Math.min(100, 62 + 38 * style.pedal + random.normal(0, 6));
  const available = Math.max(0.12, 1.15 - v / 28) * (32_000 / mass) ** 0.5 * (state.pedal / 100);
  const control: Control = { a: Math.min(available, target - v), mode: 'accelerate' };
  let starting = false;
  if (
    driver.harshAccelerationDue &&
    driver.harshAccelerationSeconds === 0 &&
    v * 3.6 < 70 &&
    target - v > 8 / 3.6
  ) {
    driver.harshAccelerationDue = false;
    driver.harshAccelerationSeconds = 2;
    starting = true;
  }
  if (driver.harshAccelerationSeconds > 0) {
    driver.harshAccelerationSeconds--;
    control.a = random.uniform(2.3, 2.8);
    state.pedal = 100;
    if (starting) control.harshAcceleration = control.a;
  }
  return control;
}

/** One second of motion, and the fuel it takes. */
function move(
  state: TripState,
  { road, mass }: TripSetting,
  kind: RoadKind,
  { a, mode, harshAcceleration }: Control,
  harshBrake: number | undefined,
): DrivingSecond {
  const before = state.s;
  const v0 = state.v;
  state.v = Math.max(0, v0 + a);
  if (state.v < 0.3 && a < 0) state.v = 0;
  state.s += (v0 + state.v) / 2;
  if (state.s > road.route.length) state.s = road.route.length;
  const moved = state.s - before;
  if (kind === 'motorway') state.driver.motorwayMetres += moved;
  const speed = state.v * 3.6;
  const mean = (v0 + state.v) / 2;
  let fuel = 0;
  if (moved === 0) {
    fuel = IDLE_LITRES_PER_SECOND;
  } else if (mode === 'accelerate' || mode === 'hold') {
    const power = mass * G * 0.0065 * mean + 0.6 * 6 * mean ** 3 + Math.max(0, mass * a * mean);
    fuel = power / (ENGINE_EFFICIENCY * DIESEL_J_PER_LITRE) + FRICTION_LITRES_PER_SECOND;
  } else if (speed < 10) {
    fuel = IDLE_LITRES_PER_SECOND;
  }
  return {
    standing: false,
    moved,
    rolledOn: 0,
    a,
    mode,
    pedal: state.pedal,
    startRpm: state.rpm,
    rpm: state.rpm,
    speed,
    fuel,
    stopped: state.v === 0 && v0 > 0,
    ...(harshBrake === undefined ? {} : { harshBrake }),
    ...(harshAcceleration === undefined ? {} : { harshAcceleration }),
  };
}

/** Switching cruise control on at a steady speed on the open road, or declining it for this stretch. */
function cruise(
  state: TripState,
  { style }: TripSetting,
  kind: RoadKind,
  { mode, speed }: DrivingSecond,
  target: number,
  inJam: boolean,
  cruisable: number,
  random: Random,
): void {
  const { driver } = state;
  if (
    mode === 'hold' &&
    !driver.cruiseControl &&
    kind !== 'urban' &&
    speed >= cruisable &&
    !inJam
  ) {
    if (!driver.cruiseDeclined && Math.abs(state.v - target) < 1) {
      if (random.chance(kind === 'motorway' ? style.cruiseUse : style.cruiseUse * 0.5))
        driver.cruiseControl = true;
      else driver.cruiseDeclined = true;
    }
  } else if (mode !== 'hold' && mode !== 'accelerate') {
    driver.cruiseDeclined = false;
  }
}

/** Gears and engine speed at the end of the second. */
function shiftGears(state: TripState, style: DriverStyle, second: DrivingSecond): void {
  const { speed, mode } = second;
  if (state.v === 0) {
    state.gear = 0;
    state.rpm = 600;
  } else {
    state.gear = Math.max(state.gear, 1);
    const rpmIn = (g: number) => speed * GEAR_RPM_PER_KMH[g - 1]!;
    if (mode === 'accelerate') {
      if (rpmIn(state.gear) > state.driver.shiftRpm && state.gear < 12) state.gear++;
    } else {
      // In town and on country roads a rough driver holds a lower gear; on the motorway everyone is in top.
      const hold = speed < 70 ? style.holdRpm : 1000;
      while (state.gear < 12 && rpmIn(state.gear + 1) >= hold) state.gear++;
    }
    while (state.gear > 1 && rpmIn(state.gear) < 850) state.gear--;
    state.rpm = Math.max(600, rpmIn(state.gear));
  }
  second.rpm = state.rpm;
  // A late change is a habit of the first gears, not of every gear.
  if (state.gear > 4) state.driver.shiftRpm = style.shiftRpm;
}

/** Stopped where it had to: wait there; stopped just short of the destination: roll on to it. */
function stopWhereDue(state: TripState, { road }: TripSetting, second: DrivingSecond): void {
  if (!second.stopped) return;
  const { feature, queueStop } = state.traffic;
  const at = [feature, queueStop].find((c) => c && c.speed === 0 && Math.abs(c.at - state.s) < 40);
  if (at && at.dwell > 0) {
    state.driver.dwell = at.dwell;
    state.driver.dwellFor = at;
  } else if (road.route.length - state.s < 40) {
    second.rolledOn = road.route.length - state.s;
    state.s = road.route.length;
  }
}
