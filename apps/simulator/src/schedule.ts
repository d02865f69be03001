import type { DatapointInput, RawRecordInput } from '@fleet/contract';
import { addDays, localDay, localTime, offsetMinutes, weekday } from './local-time.js';
import { Random, seedOf } from './random.js';
import type { DeviceSettings } from './settings.js';
import { distance, planRoute, roadDistances, roadNetwork, type RoadNetwork } from './route.js';
import type { Counters, SettingsChange } from './unit-thresholds.js';
import {
  driveTrip,
  lifetimeCounters,
  type DriverStyle,
  type TripOutput,
  type Truck,
} from './vehicle.js';

/**
 * Workdays and live driving of one vehicle: which days it works, when it
 * leaves the depot, where it goes and how long it stops. Pure and
 * deterministic: each day (and each live leg) draws from its own seeded
 * stream, so a day comes out the same whatever happened before it.
 */

export interface VehicleProfile {
  seed: number;
  /** index of the home depot in the road network */
  depot: number;
  truck: Truck;
}

/** Where a vehicle is, parked, and what its counters say: all that carries over. */
export interface VehicleSnapshot {
  /** ms of the last ignition off */
  time: number;
  /** index in the road network of the place it is parked */
  place: number;
  counters: Counters;
}

/** From the first ignition on of a day to the last ignition off. */
export interface Shift {
  day: string;
  start: number;
  end: number;
}

export interface Output {
  records: RawRecordInput[];
  datapoints: DatapointInput[];
}

export function newVehicle(
  seed: number,
  depot: number,
  start: number,
): { profile: VehicleProfile; snapshot: VehicleSnapshot } {
  const random = new Random(seedOf(seed, 'truck'));
  const truck: Truck = {
    emptyMass: random.uniform(14_000, 17_000),
    hasPto: random.chance(0.3),
    hasRetarder: random.chance(0.7),
  };
  const counters = lifetimeCounters(
    random.uniform(0.5, 7),
    random.uniform(70_000, 130_000),
    random,
  );
  return { profile: { seed, depot, truck }, snapshot: { time: start, place: depot, counters } };
}

const MIN_LEG = 15_000;

/** A town to drive to next: a reasonable distance by road, within the depot's region. */
function nextTown(
  network: RoadNetwork,
  profile: VehicleProfile,
  from: number,
  random: Random,
  [min, max]: [number, number],
): number {
  const byRoad = roadDistances(network, from);
  const depot = network.places[profile.depot]!;
  const towns = townCount(network);
  const candidates: number[] = [];
  for (let i = 0; i < towns; i++) {
    if (i === from) continue;
    const d = byRoad[i]!;
    if (d >= min && d <= max && distance(depot, network.places[i]!) <= 100_000) candidates.push(i);
  }
  if (candidates.length === 0) {
    // Far from home (should not happen): anything close enough by road.
    for (let i = 0; i < towns; i++)
      if (i !== from && byRoad[i]! >= MIN_LEG && byRoad[i]! < 150_000) candidates.push(i);
  }
  return random.pick(candidates);
}

/** Places that are towns (the depots come after them). */
const townCount = (network: RoadNetwork) => network.places.filter((p) => 'population' in p).length;

const isRushHour = (ms: number) => {
  const hour = ((((ms / 60_000 + offsetMinutes(ms)) / 60) % 24) + 24) % 24;
  return (hour >= 7 && hour < 9) || (hour >= 16 && hour < 18);
};

const minutesSinceMidnight = (day: string, ms: number) => (ms - localTime(day, 0)) / 60_000;

function commit(output: Output, trip: TripOutput) {
  for (const r of trip.records) output.records.push(r);
  for (const d of trip.datapoints) output.datapoints.push(d);
}

/**
 * One local day: maybe a day off (weekends mostly), otherwise depart from
 * the depot between 06:00 and 08:00, two to five trips between towns with
 * stops of 20–90 minutes (unloading, sometimes with the power take-off), and
 * back to the depot. Trips that would end after `until` are not driven.
 */
export function simulateDay(
  profile: VehicleProfile,
  snapshot: VehicleSnapshot,
  day: string,
  style: DriverStyle,
  until: number,
  output: Output,
  network: RoadNetwork = roadNetwork(),
): { snapshot: VehicleSnapshot; shift?: Shift } {
  const random = new Random(seedOf(profile.seed, 'day', day));
  const dow = weekday(day);
  const off = dow === 0 ? 0.97 : dow === 6 ? 0.8 : 0.07;
  if (random.chance(off)) return { snapshot };

  const firstMinute = dow === 6 ? random.uniform(420, 540) : random.uniform(360, 480);
  let departure = Math.max(
    Math.floor(localTime(day, firstMinute) / 1000) * 1000,
    snapshot.time + 60_000,
  );
  const legs = random.int(3, 5);
  let place = snapshot.place;
  let counters = snapshot.counters;
  let time = snapshot.time;
  let shift: Shift | undefined;
  for (let leg = 0; leg < legs; leg++) {
    const last = leg === legs - 1 || minutesSinceMidnight(day, departure) > 16.5 * 60;
    const to = last ? profile.depot : nextTown(network, profile, place, random, [MIN_LEG, 85_000]);
    if (to === place) break;
    const route = planRoute(network, place, to, random);
    const next = { ...counters };
    const trip = driveTrip(
      next,
      {
        route,
        departure,
        style,
        truck: profile.truck,
        load: last ? random.uniform(0, 4_000) : random.uniform(6_000, 24_000),
        startIdle: Math.round(
          (leg === 0 ? random.uniform(90, 300) : random.uniform(20, 100)) +
            style.idleHabit * 60 * random.uniform(0.2, 1),
        ),
        endIdle: Math.round(random.uniform(15, 80) + style.idleHabit * 60 * random.uniform(0, 0.4)),
        ptoSeconds:
          profile.truck.hasPto && !last && random.chance(0.5) ? random.int(300, 1_200) : 0,
        rushHour: isRushHour(departure),
      },
      random,
    );
    if (trip.arrival > until) break;
    commit(output, trip);
    counters = next;
    place = to;
    time = trip.arrival;
    shift = shift ? { ...shift, end: trip.arrival } : { day, start: departure, end: trip.arrival };
    if (last) break;
    departure = trip.arrival + random.int(20 * 60, 75 * 60) * 1000;
  }
  return { snapshot: { time, place, counters }, ...(shift ? { shift } : {}) };
}

/** Every day from `from` up to `until` (ms), with the driver style of each day. */
export function simulateHistory(
  profile: VehicleProfile,
  snapshot: VehicleSnapshot,
  from: number,
  until: number,
  styleOfDay: (day: string) => DriverStyle,
  network: RoadNetwork = roadNetwork(),
): { snapshot: VehicleSnapshot; output: Output; shifts: Shift[] } {
  const output: Output = { records: [], datapoints: [] };
  const shifts: Shift[] = [];
  const last = localDay(until);
  for (let day = localDay(from); day <= last; day = addDays(day, 1)) {
    const result = simulateDay(profile, snapshot, day, styleOfDay(day), until, output, network);
    snapshot = result.snapshot;
    if (result.shift) shifts.push(result.shift);
  }
  return { snapshot, output, shifts };
}

/**
 * One leg of live driving, for a vehicle that keeps driving whatever the
 * hour so that the fleet overview shows it moving: leave just after
 * `notBefore`, drive 20–70 km to a town of its region.
 */
export function liveLeg(
  profile: VehicleProfile,
  snapshot: VehicleSnapshot,
  notBefore: number,
  style: DriverStyle,
  network: RoadNetwork = roadNetwork(),
  /** the unit's settings: its thresholds and periodic frequencies (default: the trips of the history) */
  settings?: Pick<DeviceSettings, 'thresholds' | 'periodical'>,
  /** settings the unit got on the way: the same leg, by them from their moment on */
  changes: SettingsChange[] = [],
): { snapshot: VehicleSnapshot; output: Output; departure: number } {
  const random = new Random(seedOf(profile.seed, 'live', notBefore));
  const departure = Math.floor((notBefore + random.int(5, 40) * 1000) / 1000) * 1000;
  const to = nextTown(network, profile, snapshot.place, random, [20_000, 70_000]);
  const route = planRoute(network, snapshot.place, to, random);
  const counters = { ...snapshot.counters };
  const trip = driveTrip(
    counters,
    {
      route,
      departure,
      style,
      truck: profile.truck,
      load: random.uniform(2_000, 24_000),
      startIdle: random.int(20, 120),
      endIdle: random.int(15, 60),
      ptoSeconds: profile.truck.hasPto && random.chance(0.3) ? random.int(180, 600) : 0,
      rushHour: isRushHour(departure),
      ...(settings ? { thresholds: settings.thresholds, periodical: settings.periodical } : {}),
      changes,
    },
    random,
  );
  return {
    snapshot: { time: trip.arrival, place: to, counters },
    output: { records: trip.records, datapoints: trip.datapoints },
    departure,
  };
}

/** The stop after a live leg: a delivery of one to eight minutes. */
export const liveStop = (profile: VehicleProfile, arrival: number) =>
  new Random(seedOf(profile.seed, 'stop', arrival)).int(60, 8 * 60) * 1000;
