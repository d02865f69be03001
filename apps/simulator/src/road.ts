import type { RoadKind, Route } from './route.js';
import type { Random } from './random.js';
import type { DriverStyle } from './vehicle.js';

/**
 * The road model of a trip: the speed the driver aims for on each road, the
 * traffic lights, junctions and roundabouts that slow the truck or stop it, the
 * slow yards at either end and a jam on the motorway. Planned at departure and
 * met second by second; pure, everything random comes from the Random passed in.
 */

/** A point ahead to pass at a speed, or to stop at (a feature, a slower road, a queue, the end). */
export interface Slowdown {
  /** m along the route */
  at: number;
  /** m/s at that point; 0 to stop there */
  speed: number;
  /** s stopped */
  dwell: number;
  /** the driver lifts off early for this one */
  coast: boolean;
}

/** What is known of the road at departure. */
export interface RoadAhead {
  route: Route;
  /** m/s the driver aims for in each zone of the route */
  zoneSpeed: number[];
  /** m at either end that are driven at yard speed */
  yard: number;
  /** the destination */
  end: Slowdown;
  /** congestion on the motorway, and where it begins */
  jam?: { from: number; to: number; entry: Slowdown };
  /** entering each zone */
  zoneEntries: Slowdown[];
  /** entering the yard at the end */
  yardEntry: Slowdown;
}

/** Where on the road the truck is and the traffic around it: what changes as it drives. */
export interface Traffic {
  zoneIndex: number;
  /** the feature ahead (index in route.features, planned when it comes up) */
  featureIndex: number;
  feature: Slowdown | undefined;
  /** m/s in the jam, until `jamChange` (ms) */
  jamSpeed: number;
  jamChange: number;
  /** a stop in the jam's queue ahead */
  queueStop: Slowdown | undefined;
}

export const YARD_SPEED = 25 / 3.6;

/** The road of a trip as the driver will meet it, and the traffic at departure. */
export function planRoad(
  route: Route,
  style: DriverStyle,
  rushHour: boolean,
  random: Random,
): { road: RoadAhead; traffic: Traffic } {
  const zoneSpeed = route.zones.map((zone) => targetSpeed(zone.kind, style, random) / 3.6);
  const partial = { route, zoneSpeed };
  const feature = planFeature(partial, 0, style, random);
  const coast = random.chance(style.anticipation);
  // Congestion somewhere on the motorway, more likely in the rush hour.
  const motorway = route.zones.find((z) => z.kind === 'motorway');
  let jam: RoadAhead['jam'];
  if (motorway && random.chance(rushHour ? 0.5 : 0.15)) {
    const length = Math.min(motorway.to - motorway.from - 1_000, random.uniform(1_500, 6_000));
    if (length > 500) {
      const from = random.uniform(motorway.from + 500, motorway.to - length);
      jam = {
        from,
        to: from + length,
        entry: { at: from, speed: 35 / 3.6, dwell: 0, coast: true },
      };
    }
  }
  // The first few hundred metres from a depot or yard are slow.
  const yard = Math.min(400, route.length / 4);
  const road: RoadAhead = {
    ...partial,
    yard,
    end: { at: route.length, speed: 0, dwell: 0, coast },
    ...(jam ? { jam } : {}),
    zoneEntries: route.zones.map((zone, i) => ({
      at: zone.from,
      speed: zoneSpeed[i]!,
      dwell: 0,
      coast,
    })),
    yardEntry: { at: route.length - yard, speed: YARD_SPEED, dwell: 0, coast },
  };
  const traffic: Traffic = {
    zoneIndex: 0,
    featureIndex: 0,
    feature,
    jamSpeed: 20 / 3.6,
    jamChange: 0,
    queueStop: undefined,
  };
  return { road, traffic };
}

/** How the driver meets the route's `index`th feature: through it, slowly, or stopping there. */
export function planFeature(
  road: Pick<RoadAhead, 'route' | 'zoneSpeed'>,
  index: number,
  style: DriverStyle,
  random: Random,
): Slowdown | undefined {
  const feature = road.route.features[index];
  if (!feature) return undefined;
  const through = road.zoneSpeed[zoneIndexAt(road.route, feature.at)]!;
  const coast = random.chance(style.anticipation);
  const at = feature.at;
  switch (feature.kind) {
    case 'traffic-light':
      return random.chance(0.45)
        ? { at, speed: 0, dwell: random.int(8, 55), coast }
        : { at, speed: through, dwell: 0, coast };
    case 'junction':
      if (random.chance(0.15)) return { at, speed: 0, dwell: random.int(2, 8), coast };
      return random.chance(0.35)
        ? { at, speed: random.uniform(16, 25) / 3.6, dwell: 0, coast }
        : { at, speed: through, dwell: 0, coast };
    case 'roundabout':
      return random.chance(0.12)
        ? { at, speed: 0, dwell: random.int(2, 6), coast }
        : { at, speed: random.uniform(22, 30) / 3.6, dwell: 0, coast };
  }
}

/**
 * Moves the zone and the feature ahead on to `s` (a feature the truck waits
 * at stays ahead until it goes on). Answers whether it entered another zone.
 */
export function passTo(
  road: RoadAhead,
  traffic: Traffic,
  s: number,
  waitingAt: Slowdown | undefined,
  style: DriverStyle,
  random: Random,
): boolean {
  const { zones } = road.route;
  let entered = false;
  while (traffic.zoneIndex < zones.length - 1 && s >= zones[traffic.zoneIndex]!.to) {
    traffic.zoneIndex++;
    entered = true;
  }
  while (traffic.feature && s >= traffic.feature.at && waitingAt !== traffic.feature)
    traffic.feature = planFeature(road, ++traffic.featureIndex, style, random);
  return entered;
}

/** Going on after waiting at `stop`: the next feature comes up, or the queue moves. */
export function leave(
  road: RoadAhead,
  traffic: Traffic,
  stop: Slowdown,
  style: DriverStyle,
  random: Random,
): void {
  if (stop === traffic.feature)
    traffic.feature = planFeature(road, ++traffic.featureIndex, style, random);
  if (stop === traffic.queueStop) traffic.queueStop = undefined;
}

/**
 * The speed the road allows at `s` (m/s): the zone's, the yard's near either
 * end, the jam's. In the jam the speed changes every 15–45 s, and sometimes the
 * queue ahead stops.
 */
export function roadSpeed(
  road: RoadAhead,
  traffic: Traffic,
  { t, s, v }: { t: number; s: number; v: number },
  random: Random,
): { speed: number; inJam: boolean } {
  let speed = road.zoneSpeed[traffic.zoneIndex]!;
  if (s < road.yard || road.route.length - s < road.yard) speed = Math.min(speed, YARD_SPEED);
  const { jam } = road;
  const inJam = jam !== undefined && s >= jam.from && s < jam.to;
  if (inJam && t >= traffic.jamChange) {
    traffic.jamChange = t + random.int(15, 45) * 1000;
    if (random.chance(0.25) && !traffic.queueStop && v > 1) {
      traffic.queueStop = {
        at: s + Math.max(8, (v * v) / 1.6),
        speed: 0,
        dwell: random.int(5, 25),
        coast: false,
      };
    }
    traffic.jamSpeed = random.uniform(8, 40) / 3.6;
  }
  if (inJam) speed = Math.min(speed, traffic.jamSpeed);
  return { speed, inJam };
}

/** What the slowdowns ahead ask of a truck at `s` going `v` (m/s) that aims for `target`. */
export interface SlowdownNeed {
  /** m/s² of braking needed (0: none) */
  brake: number;
  /** the stop braked for */
  stopAt: Slowdown | undefined;
  /** lifting off now is enough */
  coast: boolean;
}

/**
 * The slowdowns ahead: the next feature, the next slower road, a queue, the
 * yard and the destination. Braking is needed once the deceleration to make one
 * reaches what the driver brakes with without thinking (`comfortable`, m/s²).
 */
export function slowdownsAhead(
  road: RoadAhead,
  traffic: Traffic,
  s: number,
  v: number,
  target: number,
  comfortable: number,
): SlowdownNeed {
  const need: SlowdownNeed = { brake: 0, stopAt: undefined, coast: false };
  const consider = (c: Slowdown) => {
    const d = c.at - s;
    if (d < 0 || v <= c.speed) return;
    const deceleration = (v * v - c.speed * c.speed) / (2 * Math.max(d, 1));
    if (deceleration >= comfortable || (c.speed === 0 && d < 25)) {
      if (deceleration > need.brake) {
        need.brake = deceleration;
        need.stopAt = c.speed === 0 ? c : need.stopAt;
      }
    } else if (c.coast && deceleration >= 0.22) {
      need.coast = true;
    }
  };
  const { feature, queueStop } = traffic;
  consider(road.end);
  if (feature && feature.speed < target) consider(feature);
  if (queueStop) consider(queueStop);
  if (road.jam && s < road.jam.entry.at) consider(road.jam.entry);
  const nextZone = road.zoneEntries[traffic.zoneIndex + 1];
  if (nextZone && nextZone.speed < target) consider(nextZone);
  if (road.yardEntry.at > s) consider(road.yardEntry);
  return need;
}

/** km/h the driver aims for on a road of this kind. */
export function targetSpeed(kind: RoadKind, style: DriverStyle, random: Random): number {
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

export function zoneIndexAt(route: Route, metres: number): number {
  const index = route.zones.findIndex((z) => metres < z.to);
  return index < 0 ? route.zones.length - 1 : index;
}
