import {
  RAW_RECORD_METRICS,
  type DatapointInput,
  type DeviceEvent,
  type EventType,
  type RawRecordInput,
  type RawRecordMetric,
  type RawRecordMetrics,
} from '@fleet/contract';
import { positionAt, toLocation, type RoadKind, type Route } from './route.js';
import type { Random } from './random.js';
import { DEFAULT_SETTINGS, type PeriodicalSettings, type ThresholdSettings } from './settings.js';

/**
 * The truck model: drives one trip second by second and reports what an FMS
 * unit would: cumulative counters that only move forward, events, raw records
 * and GPS datapoints. Pure: everything random comes from the Random passed in.
 *
 * The unit's thresholds and periodic frequencies are the plan's (a live leg
 * drives by the unit's settings), else the defaults of the configuration group
 * settings (apps/server/src/modules/configurations/definitions.ts) with a
 * PERIODIC record every minute.
 */
export const THRESHOLDS: ThresholdSettings = DEFAULT_SETTINGS.thresholds;

export const PERIODIC_SECONDS = 60;
export const DATAPOINT_SECONDS = 15;

export type Counters = Record<RawRecordMetric, number>;

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

/** Each counter as the unit reports it: whole metres and seconds, 0.001 h, 0.01 l; rounded down so it never goes back. */
export function reportedMetrics(counters: Counters): RawRecordMetrics {
  const metrics: RawRecordMetrics = {};
  for (const key of RAW_RECORD_METRICS) {
    const value = counters[key];
    metrics[key] =
      key === 'engineHours'
        ? Math.floor(value * 1000) / 1000
        : key === 'totalFuelUsed' || key === 'fuelUsedIdle' || key === 'fuelUsedPTO'
          ? Math.floor(value * 100) / 100
          : Math.floor(value);
  }
  return metrics;
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

/** Settings a unit got during a trip (a CONFIGURATION command), from the moment it applied them. */
export interface SettingsChange {
  /** ms */
  at: number;
  thresholds: ThresholdSettings;
  periodical: PeriodicalSettings;
}

export interface TripOutput {
  records: RawRecordInput[];
  datapoints: DatapointInput[];
  /** ms of TRIP_STOP (ignition off) */
  arrival: number;
  /** metres driven */
  distance: number;
}

const G = 9.81;
const DIESEL_J_PER_LITRE = 35.8e6;
const ENGINE_EFFICIENCY = 0.4;
const IDLE_LITRES_PER_SECOND = 2.5 / 3600;
const PTO_LITRES_PER_SECOND = 8 / 3600;
const FRICTION_LITRES_PER_SECOND = 1.2 / 3600;
/** rpm per km/h in each of twelve gears: top gear 85 km/h ≈ 1190 rpm */
const GEAR_RPM_PER_KMH = Array.from({ length: 12 }, (_, g) => 14 * 1.21 ** (11 - g));

interface FeaturePlan {
  at: number;
  /** m/s at the feature; 0 to stop there */
  speed: number;
  /** s stopped */
  dwell: number;
  /** lifts off early for this one */
  coast: boolean;
}

type Mode = 'accelerate' | 'hold' | 'coast' | 'engine-brake' | 'retarder' | 'brake';

/**
 * Drives one trip: TRIP_START, idling, the route, idling (and the power
 * take-off), TRIP_STOP. `counters` moves forward in place.
 */
export function driveTrip(counters: Counters, plan: TripPlan, random: Random): TripOutput {
  const { route, style, truck } = plan;
  let limits = plan.thresholds ?? THRESHOLDS;
  let periodical = plan.periodical ?? { moving: PERIODIC_SECONDS, notMoving: PERIODIC_SECONDS };
  // A change touches only the seconds after it: everything reported up to `at` is what the trip
  // without it reports (nothing random depends on a setting before it applies), so a trip
  // driven again with a change that came on the way repeats what was already sent.
  const changes = plan.changes ?? [];
  let nextChange = 0;
  const applyChanges = () => {
    while (nextChange < changes.length && changes[nextChange]!.at <= t) {
      ({ thresholds: limits, periodical } = changes[nextChange]!);
      nextChange++;
    }
  };
  let lastPeriodic = plan.departure;
  const records: RawRecordInput[] = [];
  const datapoints: DatapointInput[] = [];
  const mass = truck.emptyMass + plan.load;
  const start = plan.departure;
  let t = start;
  let s = 0;
  /** m/s */
  let v = 0;
  let gear = 0;
  let rpm = 600;
  let pedal = 0;
  let events: EventType[] = [];

  // Unit state: what the thresholds count and raise events on.
  let idleRun = 0;
  let idleEvent = false;
  let overSpeed = false;
  let overRpm = false;
  let serviceBrake = false;
  let steadyFor = 0;
  let steadyAt = 0;

  const kmh = () => v * 3.6;
  const location = () => toLocation(positionAt(route, s));

  let lastEvents: RawRecordInput | undefined;
  const record = (transferReason: RawRecordInput['transferReason'], list?: EventType[]) => {
    // One EVENTS record a second: the server knows a record by its timestamp and reason.
    if (transferReason === 'EVENTS' && lastEvents?.timestamp === new Date(t).toISOString()) {
      lastEvents.events!.push(...list!.map((eventType): DeviceEvent => ({ eventType })));
      return;
    }
    const item: RawRecordInput = {
      timestamp: new Date(t).toISOString(),
      transferReason,
      location: location(),
      speed: Math.round(kmh()),
      ...(list?.length ? { events: list.map((eventType): DeviceEvent => ({ eventType })) } : {}),
      ...reportedMetrics(counters),
    };
    records.push(item);
    if (transferReason === 'EVENTS') lastEvents = item;
  };
  const datapoint = () => {
    const p = positionAt(route, s);
    datapoints.push({
      timestamp: new Date(t).toISOString(),
      location: toLocation(p),
      speed: Math.round(kmh()),
      heading: p.heading,
    });
  };

  /** After each second: events, then the periodic record and the datapoint that fall due. */
  const report = () => {
    if (events.length) record('EVENTS', events);
    events = [];
    const elapsed = (t - start) / 1000;
    if (t - lastPeriodic >= 1000 * (v > 0 ? periodical.moving : periodical.notMoving)) {
      record('PERIODIC');
      lastPeriodic = t;
    }
    if (elapsed % DATAPOINT_SECONDS === 0) datapoint();
    applyChanges();
  };

  const endIdle = () => {
    if (idleEvent) events.push('IDLE_STOP');
    idleEvent = false;
    idleRun = 0;
  };

  /** One second idling: the idle counters, and IDLE_START once past the threshold. */
  const idleSecond = () => {
    counters.idleTime += 1;
    counters.fuelUsedIdle += IDLE_LITRES_PER_SECOND;
    counters.totalFuelUsed += IDLE_LITRES_PER_SECOND;
    idleRun += 1;
    if (idleRun === limits.idle) {
      idleEvent = true;
      events.push('IDLE_START');
    } else if (idleRun > limits.idle) {
      counters.idleThresholdTime += 1;
    }
  };

  /** One second stationary with the engine running. */
  const standStill = (pto: boolean) => {
    counters.engineHours += 1 / 3600;
    if (pto) {
      endIdle();
      counters.ptoTime += 1;
      counters.fuelUsedPTO += PTO_LITRES_PER_SECOND;
      counters.totalFuelUsed += PTO_LITRES_PER_SECOND;
      rpm = 1000;
    } else {
      idleSecond();
      rpm = 600;
    }
    if (overRpm) events.push('OVER_RPM_STOP');
    overRpm = false;
    t += 1000;
    report();
  };

  applyChanges();
  record('TRIP_START');
  datapoint();
  for (let i = 0; i < plan.startIdle; i++) standStill(false);

  // ── The road ahead ───────────────────────────────────────────────────────
  const zoneSpeed = route.zones.map((zone) => targetSpeed(zone.kind, style, random) / 3.6);
  // The first few hundred metres from a depot or yard are slow.
  const yard = Math.min(400, route.length / 4);
  let zoneIndex = 0;
  const features = route.features;
  let featureIndex = 0;
  const planFeature = (i: number): FeaturePlan | undefined => {
    const feature = features[i];
    if (!feature) return undefined;
    const through = zoneSpeed[zoneIndexAt(route, feature.at)]!;
    const coast = random.chance(style.anticipation);
    switch (feature.kind) {
      case 'traffic-light':
        return random.chance(0.45)
          ? { at: feature.at, speed: 0, dwell: random.int(8, 55), coast }
          : { at: feature.at, speed: through, dwell: 0, coast };
      case 'junction':
        if (random.chance(0.15))
          return { at: feature.at, speed: 0, dwell: random.int(2, 8), coast };
        return random.chance(0.35)
          ? { at: feature.at, speed: random.uniform(16, 25) / 3.6, dwell: 0, coast }
          : { at: feature.at, speed: through, dwell: 0, coast };
      case 'roundabout':
        return random.chance(0.12)
          ? { at: feature.at, speed: 0, dwell: random.int(2, 6), coast }
          : { at: feature.at, speed: random.uniform(22, 30) / 3.6, dwell: 0, coast };
    }
  };
  let feature = planFeature(0);
  const endPlan: FeaturePlan = {
    at: route.length,
    speed: 0,
    dwell: 0,
    coast: random.chance(style.anticipation),
  };

  // Congestion somewhere on the motorway, more likely in the rush hour.
  const motorway = route.zones.find((z) => z.kind === 'motorway');
  let jam: { from: number; to: number } | undefined;
  if (motorway && random.chance(plan.rushHour ? 0.5 : 0.15)) {
    const length = Math.min(motorway.to - motorway.from - 1_000, random.uniform(1_500, 6_000));
    if (length > 500) {
      const from = random.uniform(motorway.from + 500, motorway.to - length);
      jam = { from, to: from + length };
    }
  }
  const jamEntry: FeaturePlan | undefined = jam && {
    at: jam.from,
    speed: 35 / 3.6,
    dwell: 0,
    coast: true,
  };
  // Entering a slower road, and the yard at the end.
  const zoneEntries: FeaturePlan[] = route.zones.map((zone, i) => ({
    at: zone.from,
    speed: zoneSpeed[i]!,
    dwell: 0,
    coast: endPlan.coast,
  }));
  const yardEntry: FeaturePlan = {
    at: route.length - yard,
    speed: 25 / 3.6,
    dwell: 0,
    coast: endPlan.coast,
  };
  /** m/s² the driver brakes with without thinking about it (lower for a calm driver) */
  const comfortable = (0.55 + 0.5 * style.pedal) * 0.85;
  let jamSpeed = 20 / 3.6;
  let jamChange = 0;
  let queueStop: FeaturePlan | undefined;

  // Harsh events and over-speed episodes come at random distances.
  const spacing = (per100km: number) => random.exponential(per100km / 100_000);
  let nextHarshBrake = spacing(style.harshBrakeRate);
  let nextHarshAcceleration = spacing(style.harshAccelerationRate);
  let harshAccelerationDue = false;
  let motorwayMetres = 0;
  let nextOverSpeed = spacing(style.overSpeedRate);
  let overSpeedEpisode = 0;
  let overSpeedTarget = 0;
  let harshBrakeSeconds = 0;
  let harshBrakeDecel = 0;
  let harshAccelerationSeconds = 0;
  let harshAccelerationStart = false;

  let cruiseControl = false;
  let cruiseDeclined = false;
  let liftOff = 0;
  let tap = 0;
  let wander = 0;
  let shiftRpm = style.shiftRpm;
  let dwell = 0;
  let dwellFor: FeaturePlan | undefined;

  while (s < route.length - 0.5 || v > 0) {
    while (zoneIndex < route.zones.length - 1 && s >= route.zones[zoneIndex]!.to) {
      zoneIndex++;
      cruiseDeclined = false;
    }
    const kind: RoadKind = route.zones[zoneIndex]!.kind;
    while (feature && s >= feature.at && dwellFor !== feature)
      feature = planFeature(++featureIndex);

    // Waiting at a red light, a give-way line or in a queue.
    if (dwell > 0) {
      dwell--;
      if (dwell === 0 && dwellFor) {
        if (dwellFor === feature) feature = planFeature(++featureIndex);
        if (dwellFor === queueStop) queueStop = undefined;
        dwellFor = undefined;
      }
      gear = 0;
      standStill(false);
      continue;
    }

    // What the driver wants to do at this speed on this road.
    let target = zoneSpeed[zoneIndex]!;
    if (s < yard || route.length - s < yard) target = Math.min(target, 25 / 3.6);
    const inJam = jam !== undefined && s >= jam.from && s < jam.to;
    if (inJam && t >= jamChange) {
      jamChange = t + random.int(15, 45) * 1000;
      if (random.chance(0.25) && !queueStop && v > 1) {
        queueStop = {
          at: s + Math.max(8, (v * v) / 1.6),
          speed: 0,
          dwell: random.int(5, 25),
          coast: false,
        };
      }
      jamSpeed = random.uniform(8, 40) / 3.6;
    }
    if (inJam) target = Math.min(target, jamSpeed);
    if (kind === 'motorway' && !inJam) {
      if (overSpeedEpisode > 0) {
        overSpeedEpisode--;
        target = overSpeedTarget;
      } else if (motorwayMetres >= nextOverSpeed) {
        nextOverSpeed = motorwayMetres + spacing(style.overSpeedRate);
        overSpeedEpisode = random.int(25, 120);
        overSpeedTarget = random.uniform(92, 96) / 3.6;
        cruiseControl = false;
      }
    } else {
      overSpeedEpisode = 0;
    }
    wander = 0.96 * wander + random.normal(0, 0.5);
    if (!cruiseControl) target += wander / 3.6;

    // Slowdowns ahead: the next feature, the next slower road, a queue, the destination.
    let brakeNeed = 0;
    let coastNeed = false;
    let stopAt: FeaturePlan | undefined;
    const consider = (c: FeaturePlan) => {
      const d = c.at - s;
      if (d < 0 || v <= c.speed) return;
      const need = (v * v - c.speed * c.speed) / (2 * Math.max(d, 1));
      if (need >= comfortable || (c.speed === 0 && d < 25)) {
        if (need > brakeNeed) {
          brakeNeed = need;
          stopAt = c.speed === 0 ? c : stopAt;
        }
      } else if (c.coast && need >= 0.22) {
        coastNeed = true;
      }
    };
    consider(endPlan);
    if (feature && feature.speed < target) consider(feature);
    if (queueStop) consider(queueStop);
    if (jamEntry && s < jamEntry.at) consider(jamEntry);
    const nextZone = zoneEntries[zoneIndex + 1];
    if (nextZone && nextZone.speed < target) consider(nextZone);
    if (yardEntry.at > s) consider(yardEntry);

    // Harsh moments: a car cutting in, a heavy foot at the lights.
    const odometerBefore = s;
    let a: number;
    let mode: Mode;
    if (harshBrakeSeconds === 0 && s >= nextHarshBrake && v > 30 / 3.6) {
      nextHarshBrake = s + spacing(style.harshBrakeRate);
      harshBrakeSeconds = random.int(2, 3);
      harshBrakeDecel = random.uniform(3.6, 4.6);
      // Harsh to the unit when it loses more speed in a second than its threshold.
      if (harshBrakeDecel * 3.6 >= limits.harshBrake) {
        events.push('HARSH_BRAKE');
        counters.harshBrakeCount += 1;
      }
      cruiseControl = false;
    }
    if (s >= nextHarshAcceleration) {
      nextHarshAcceleration = s + spacing(style.harshAccelerationRate);
      harshAccelerationDue = true;
    }

    // Lifting off for traffic ahead (anticipation), or tapping the brake for it (none).
    if (
      liftOff === 0 &&
      tap === 0 &&
      kind !== 'urban' &&
      v > 45 / 3.6 &&
      !inJam &&
      harshBrakeSeconds === 0
    ) {
      if (random.chance(style.anticipation * 0.004)) {
        liftOff = random.int(6, 20);
        cruiseControl = false;
      } else if (random.chance((style.brakeTaps * v) / 1000)) {
        tap = random.int(1, 3);
        cruiseControl = false;
      }
    }

    if (harshBrakeSeconds > 0) {
      harshBrakeSeconds--;
      a = -Math.min(harshBrakeDecel, v);
      mode = 'brake';
    } else if (brakeNeed > 0) {
      a = -Math.min(4, Math.max(brakeNeed, 0.3));
      mode =
        -a <= 0.7 && v > 30 / 3.6 && stopAt === undefined
          ? truck.hasRetarder && kind === 'motorway' && v > 60 / 3.6
            ? 'retarder'
            : 'engine-brake'
          : 'brake';
      // Creeping to a standstill.
      if (stopAt && stopAt.at - s < 3) a = -v;
      cruiseControl = false;
    } else if (tap > 0) {
      tap--;
      a = -random.uniform(0.5, 1.0);
      mode = 'brake';
    } else if (coastNeed || liftOff > 0) {
      if (liftOff > 0) liftOff--;
      a = -0.25 - random.uniform(0, 0.05);
      mode = 'coast';
      cruiseControl = false;
    } else if (v < target - 0.4) {
      const wasSlow = v < 5 / 3.6;
      if (wasSlow)
        shiftRpm = random.chance(style.lateShift) ? random.uniform(2050, 2350) : style.shiftRpm;
      pedal = Math.min(100, 62 + 38 * style.pedal + random.normal(0, 6));
      const available = Math.max(0.12, 1.15 - v / 28) * (32_000 / mass) ** 0.5 * (pedal / 100);
      a = Math.min(available, target - v);
      if (
        harshAccelerationDue &&
        harshAccelerationSeconds === 0 &&
        kmh() < 70 &&
        target - v > 8 / 3.6
      ) {
        harshAccelerationDue = false;
        harshAccelerationSeconds = 2;
        harshAccelerationStart = true;
      }
      if (harshAccelerationSeconds > 0) {
        harshAccelerationSeconds--;
        a = random.uniform(2.3, 2.8);
        pedal = 100;
        // Harsh to the unit when its first second gains more speed than the threshold.
        if (harshAccelerationStart && a * 3.6 >= limits.harshAcceleration) {
          events.push('HARSH_ACCELERATION');
          counters.harshAccelerationCount += 1;
        }
        harshAccelerationStart = false;
      }
      mode = 'accelerate';
      cruiseControl = false;
    } else if (v > target + 1.5 / 3.6) {
      a = -Math.min(0.6, (v - target) * 0.25);
      mode = v > 30 / 3.6 ? 'engine-brake' : 'coast';
      cruiseControl = false;
    } else {
      a = cruiseControl ? target - v : (target - v) * 0.3;
      mode = 'hold';
      pedal = 30 + 20 * style.pedal;
    }
    if (mode !== 'accelerate' && mode !== 'hold') pedal = 0;

    // One second of motion.
    const v0 = v;
    v = Math.max(0, v + a);
    if (v < 0.3 && a < 0) v = 0;
    const ds = (v0 + v) / 2;
    s += ds;
    if (s > route.length) s = route.length;
    const moved = s - odometerBefore;
    counters.odometer += moved;
    if (kind === 'motorway') motorwayMetres += moved;

    // The unit's view of that second.
    counters.engineHours += 1 / 3600;
    const speed = kmh();
    if (moved > 0) {
      counters.drivingTime += 1;
      const mean = (v0 + v) / 2;
      let fuel = 0;
      if (mode === 'accelerate' || mode === 'hold') {
        const power = mass * G * 0.0065 * mean + 0.6 * 6 * mean ** 3 + Math.max(0, mass * a * mean);
        fuel = power / (ENGINE_EFFICIENCY * DIESEL_J_PER_LITRE) + FRICTION_LITRES_PER_SECOND;
      } else if (speed < 10) {
        fuel = IDLE_LITRES_PER_SECOND;
      }
      counters.totalFuelUsed += fuel;
      if (a > limits.acceleration) counters.accelerationTime += 1;
      if (a < -limits.deceleration) counters.decelerationTime += 1;
      if (mode === 'coast') counters.coastTime += 1;
      if (mode === 'engine-brake') counters.engineBrakeTime += 1;
      if (mode === 'retarder') counters.retarderTime += 1;
      if (mode === 'brake' && !serviceBrake) counters.brakeUsages += 1;
      if (pedal > limits.pedal) counters.harshAccelerationThresholdTime += 1;
      if (mode === 'accelerate' && pedal > 80 && rpm < 1500) counters.torqueThresholdTime += 1;
      if (speed > limits.speedTime) counters.speedThresholdTime += 1;
      if (rpm > limits.rpmTime) counters.rpmThresholdTime += 1;
      if (idleRun > 0) endIdle();
    } else {
      // Stationary in traffic with the engine running.
      idleSecond();
    }
    serviceBrake = mode === 'brake';

    // Steady speed: cruise control, or holding it by foot.
    if (Math.abs(speed - steadyAt) < 1 && speed >= limits.cruisable) {
      steadyFor++;
    } else {
      steadyFor = 0;
      steadyAt = speed;
    }
    if (
      mode === 'hold' &&
      !cruiseControl &&
      kind !== 'urban' &&
      speed >= limits.cruisable &&
      !inJam
    ) {
      if (!cruiseDeclined && Math.abs(v - target) < 1) {
        if (random.chance(kind === 'motorway' ? style.cruiseUse : style.cruiseUse * 0.5))
          cruiseControl = true;
        else cruiseDeclined = true;
      }
    } else if (mode !== 'hold' && mode !== 'accelerate') {
      cruiseDeclined = false;
    }
    if (steadyFor >= limits.cruise) counters.cruiseTime += 1;

    // Gears and engine speed.
    if (v === 0) {
      gear = 0;
      rpm = 600;
    } else {
      gear = Math.max(gear, 1);
      const rpmIn = (g: number) => speed * GEAR_RPM_PER_KMH[g - 1]!;
      if (mode === 'accelerate') {
        if (rpmIn(gear) > shiftRpm && gear < 12) gear++;
      } else {
        // In town and on country roads a rough driver holds a lower gear; on the motorway everyone is in top.
        const hold = speed < 70 ? style.holdRpm : 1000;
        while (gear < 12 && rpmIn(gear + 1) >= hold) gear++;
      }
      while (gear > 1 && rpmIn(gear) < 850) gear--;
      rpm = Math.max(600, rpmIn(gear));
    }
    // A late change is a habit of the first gears, not of every gear.
    if (gear > 4) shiftRpm = style.shiftRpm;

    // Threshold crossings raise events.
    if (!overSpeed && speed > limits.overSpeed) {
      overSpeed = true;
      events.push('OVER_SPEED_START');
    } else if (overSpeed && speed <= limits.overSpeed - 2) {
      overSpeed = false;
      events.push('OVER_SPEED_STOP');
    }
    if (!overRpm && rpm > limits.overRpm) {
      overRpm = true;
      events.push('OVER_RPM_START');
    } else if (overRpm && rpm <= limits.overRpm - 50) {
      overRpm = false;
      events.push('OVER_RPM_STOP');
    }

    if (v === 0 && v0 > 0) {
      counters.stops += 1;
      // Stopped where it had to: wait there.
      const at = [feature, queueStop].find((c) => c && c.speed === 0 && Math.abs(c.at - s) < 40);
      if (at && at.dwell > 0) {
        dwell = at.dwell;
        dwellFor = at;
      } else if (route.length - s < 40) {
        counters.odometer += route.length - s;
        s = route.length;
      }
    }
    t += 1000;
    report();
  }

  for (let i = 0; i < plan.endIdle; i++) standStill(false);
  for (let i = 0; i < plan.ptoSeconds; i++) standStill(true);
  endIdle();
  if (events.length) record('EVENTS', events);
  events = [];
  record('TRIP_STOP');
  if (((t - start) / 1000) % DATAPOINT_SECONDS !== 0) datapoint();
  return { records, datapoints, arrival: t, distance: route.length };
}

/** km/h the driver aims for on a road of this kind. */
function targetSpeed(kind: RoadKind, style: DriverStyle, random: Random): number {
  switch (kind) {
    case 'motorway':
      return Math.min(89, style.motorwaySpeed + random.uniform(-2, 2));
    case 'rural':
      return Math.min(
        82,
        (random.chance(0.3) ? 60 : 80) * style.speedDiscipline + random.uniform(-2, 2),
      );
    case 'urban':
      return Math.min(
        52,
        (random.chance(0.3) ? 30 : 50) * style.speedDiscipline + random.uniform(-2, 2),
      );
  }
}

function zoneIndexAt(route: Route, metres: number): number {
  const index = route.zones.findIndex((z) => metres < z.to);
  return index < 0 ? route.zones.length - 1 : index;
}
