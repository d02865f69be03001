import type { Location } from '@fleet/contract';
import type { Random } from './random.js';
import { CAUSEWAYS, DEPOTS, TOWNS, WATERS, type Place } from './towns.js';

/**
 * Plausible routes between places without map data: a road network of links
 * between neighbouring towns that do not cross open water, the shortest path
 * through it, and a polyline along that path with gentle curves.
 */

export interface LatLon {
  latitude: number;
  longitude: number;
}

export type RoadKind = 'urban' | 'rural' | 'motorway';

/** A stretch of road of one kind, [from, to) metres along the route. */
export interface Zone {
  from: number;
  to: number;
  kind: RoadKind;
}

/** Where traffic makes a vehicle slow down or stop. */
export interface RoadFeature {
  at: number;
  kind: 'traffic-light' | 'junction' | 'roundabout';
}

export interface Route {
  from: string;
  to: string;
  points: LatLon[];
  /** metres from the start to each point */
  cumulative: number[];
  length: number;
  zones: Zone[];
  features: RoadFeature[];
}

const EARTH_RADIUS = 6_371_000;
const rad = (degrees: number) => (degrees * Math.PI) / 180;
const deg = (radians: number) => (radians * 180) / Math.PI;

/** Great-circle distance in metres. */
export function distance(a: LatLon, b: LatLon): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Initial compass bearing from a to b, degrees 0–359. */
export function bearing(a: LatLon, b: LatLon): number {
  const y = Math.sin(rad(b.longitude - a.longitude)) * Math.cos(rad(b.latitude));
  const x =
    Math.cos(rad(a.latitude)) * Math.sin(rad(b.latitude)) -
    Math.sin(rad(a.latitude)) *
      Math.cos(rad(b.latitude)) *
      Math.cos(rad(b.longitude - a.longitude));
  return (Math.round(deg(Math.atan2(y, x))) + 360) % 360;
}

/** The point a fraction f of the way from a to b along the great circle. */
export function intermediate(a: LatLon, b: LatLon, f: number): LatLon {
  const delta = distance(a, b) / EARTH_RADIUS;
  if (delta < 1e-9) return { ...a };
  const sa = Math.sin((1 - f) * delta) / Math.sin(delta);
  const sb = Math.sin(f * delta) / Math.sin(delta);
  const [lat1, lon1, lat2, lon2] = [
    rad(a.latitude),
    rad(a.longitude),
    rad(b.latitude),
    rad(b.longitude),
  ];
  const x = sa * Math.cos(lat1) * Math.cos(lon1) + sb * Math.cos(lat2) * Math.cos(lon2);
  const y = sa * Math.cos(lat1) * Math.sin(lon1) + sb * Math.cos(lat2) * Math.sin(lon2);
  const z = sa * Math.sin(lat1) + sb * Math.sin(lat2);
  return { latitude: deg(Math.atan2(z, Math.hypot(x, y))), longitude: deg(Math.atan2(y, x)) };
}

/** p moved `metres` to the right of the direction a→b (negative: to the left). */
function offset(p: LatLon, a: LatLon, b: LatLon, metres: number): LatLon {
  const side = rad(bearing(a, b) + 90);
  const d = metres / EARTH_RADIUS;
  return {
    latitude: p.latitude + deg(d * Math.cos(side)),
    longitude: p.longitude + deg((d * Math.sin(side)) / Math.cos(rad(p.latitude))),
  };
}

/** The protocol's integer degrees × 100000. */
export function toLocation(p: LatLon): Location {
  return {
    latitude: Math.round(p.latitude * 100_000),
    longitude: Math.round(p.longitude * 100_000),
  };
}

// ── The road network ────────────────────────────────────────────────────────

function segmentsCross(p1: LatLon, p2: LatLon, q1: LatLon, q2: LatLon): boolean {
  const cross = (a: LatLon, b: LatLon, c: LatLon) =>
    (b.longitude - a.longitude) * (c.latitude - a.latitude) -
    (b.latitude - a.latitude) * (c.longitude - a.longitude);
  const d1 = cross(q1, q2, p1);
  const d2 = cross(q1, q2, p2);
  const d3 = cross(p1, p2, q1);
  const d4 = cross(p1, p2, q2);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

const ring = (outline: readonly [number, number][]): LatLon[] =>
  outline.map(([latitude, longitude]) => ({ latitude, longitude }));
const WATER_RINGS = WATERS.map(ring);

/** Whether the straight line a→b crosses open water. */
export function crossesWater(a: LatLon, b: LatLon): boolean {
  return WATER_RINGS.some((points) =>
    points.some((p, i) => segmentsCross(a, b, p, points[(i + 1) % points.length]!)),
  );
}

/** Whether a point lies on open water (ray casting). */
export function onWater(p: LatLon): boolean {
  return WATER_RINGS.some((points) => {
    let inside = false;
    for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
      const a = points[i]!;
      const b = points[j]!;
      if (
        a.latitude > p.latitude !== b.latitude > p.latitude &&
        p.longitude <
          ((b.longitude - a.longitude) * (p.latitude - a.latitude)) / (b.latitude - a.latitude) +
            a.longitude
      ) {
        inside = !inside;
      }
    }
    return inside;
  });
}

interface Link {
  to: number;
  length: number;
  /** fixed road points between the ends (a causeway), in the direction of travel */
  via?: LatLon[];
}

export interface RoadNetwork {
  places: Place[];
  links: Link[][];
}

/** Towns link to their nearest dry-land neighbours; depots to the towns around them. */
export function buildNetwork(
  towns: readonly Place[] = TOWNS,
  depots: readonly Place[] = DEPOTS,
): RoadNetwork {
  const places: Place[] = [...towns, ...depots];
  const links: Link[][] = places.map(() => []);
  const add = (a: number, b: number, via?: LatLon[]) => {
    if (a === b || links[a]!.some((l) => l.to === b)) return;
    const path = [places[a]!, ...(via ?? []), places[b]!];
    let length = 0;
    for (let i = 1; i < path.length; i++) length += distance(path[i - 1]!, path[i]!);
    links[a]!.push({ to: b, length, ...(via ? { via } : {}) });
    links[b]!.push({ to: a, length, ...(via ? { via: [...via].reverse() } : {}) });
  };
  const nearest = (i: number, candidates: number[], count: number, maxMetres: number) =>
    candidates
      .filter((j) => j !== i)
      .map((j) => ({ j, d: distance(places[i]!, places[j]!) }))
      .filter(({ j, d }) => d <= maxMetres && !crossesWater(places[i]!, places[j]!))
      .sort((x, y) => x.d - y.d)
      .slice(0, count)
      .map(({ j }) => j);

  const townIndexes = towns.map((_, i) => i);
  for (const i of townIndexes) for (const j of nearest(i, townIndexes, 5, 55_000)) add(i, j);
  for (let d = 0; d < depots.length; d++) {
    const i = towns.length + d;
    for (const j of nearest(i, townIndexes, 3, 40_000)) add(i, j);
  }
  for (const causeway of CAUSEWAYS) {
    const a = places.findIndex((p) => p.name === causeway.from);
    const b = places.findIndex((p) => p.name === causeway.to);
    if (a < 0 || b < 0) throw new Error(`causeway ${causeway.from}–${causeway.to}: unknown town`);
    links[a] = links[a]!.filter((l) => l.to !== b);
    links[b] = links[b]!.filter((l) => l.to !== a);
    add(a, b, ring(causeway.via));
  }
  return { places, links };
}

let defaultNetwork: RoadNetwork | undefined;
export const roadNetwork = () => (defaultNetwork ??= buildNetwork());

export function placeIndex(network: RoadNetwork, name: string): number {
  const index = network.places.findIndex((p) => p.name === name);
  if (index < 0) throw new Error(`unknown place '${name}'`);
  return index;
}

const lengthCache = new WeakMap<RoadNetwork, Map<number, number[]>>();

/** Road distance in metres from one place to every other (Infinity when unconnected), cached. */
export function roadDistances(network: RoadNetwork, from: number): number[] {
  let cache = lengthCache.get(network);
  if (!cache) lengthCache.set(network, (cache = new Map()));
  let lengths = cache.get(from);
  if (!lengths) {
    lengths = network.places.map((_, to) => shortestPath(network, from, to)?.length ?? Infinity);
    cache.set(from, lengths);
  }
  return lengths;
}

/** Shortest path (Dijkstra) as place indexes, with the links taken; null when unconnected. */
export function shortestPath(
  network: RoadNetwork,
  from: number,
  to: number,
): { places: number[]; links: Link[]; length: number } | null {
  const n = network.places.length;
  const best = new Array<number>(n).fill(Infinity);
  const previous = new Array<{ place: number; link: Link } | undefined>(n);
  const done = new Array<boolean>(n).fill(false);
  best[from] = 0;
  for (;;) {
    let current = -1;
    for (let i = 0; i < n; i++)
      if (!done[i] && best[i]! < (current < 0 ? Infinity : best[current]!)) current = i;
    if (current < 0) return null;
    if (current === to) break;
    done[current] = true;
    for (const link of network.links[current]!) {
      const length = best[current]! + link.length;
      if (length < best[link.to]!) {
        best[link.to] = length;
        previous[link.to] = { place: current, link };
      }
    }
  }
  const places = [to];
  const links: Link[] = [];
  for (let at = to; at !== from;) {
    const step = previous[at]!;
    links.unshift(step.link);
    places.unshift(step.place);
    at = step.place;
  }
  return { places, links, length: best[to]! };
}

/** Cuts corners twice (Chaikin), keeping both ends: gentle curves instead of kinks. */
function smooth(points: LatLon[], rounds = 2): LatLon[] {
  let result = points;
  for (let r = 0; r < rounds; r++) {
    const next: LatLon[] = [result[0]!];
    for (let i = 0; i < result.length - 1; i++) {
      const a = result[i]!;
      const b = result[i + 1]!;
      const q = {
        latitude: 0.75 * a.latitude + 0.25 * b.latitude,
        longitude: 0.75 * a.longitude + 0.25 * b.longitude,
      };
      const s = {
        latitude: 0.25 * a.latitude + 0.75 * b.latitude,
        longitude: 0.25 * a.longitude + 0.75 * b.longitude,
      };
      if (i > 0) next.push(q);
      if (i < result.length - 2) next.push(s);
    }
    next.push(result[result.length - 1]!);
    result = next;
  }
  return result;
}

/** Adds great-circle points so that no two consecutive points are more than `step` metres apart. */
function densify(points: LatLon[], step: number): LatLon[] {
  const result: LatLon[] = [points[0]!];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const parts = Math.ceil(distance(a, b) / step);
    for (let k = 1; k <= parts; k++) result.push(k === parts ? b : intermediate(a, b, k / parts));
  }
  return result;
}

/** Road kinds along a route: town streets at both ends, country roads, motorway between. */
function zonesFor(length: number, fromUrban: number, toUrban: number, random: Random): Zone[] {
  const urbanStart = Math.min(fromUrban, length * 0.3);
  const urbanEnd = Math.min(toUrban, length * 0.3);
  const middleFrom = urbanStart;
  const middleTo = length - urbanEnd;
  const zones: Zone[] = [{ from: 0, to: urbanStart, kind: 'urban' }];
  const middle = middleTo - middleFrom;
  const ruralIn = random.uniform(2_000, 7_000);
  const ruralOut = random.uniform(2_000, 7_000);
  if (middle > ruralIn + ruralOut + 8_000) {
    zones.push({ from: middleFrom, to: middleFrom + ruralIn, kind: 'rural' });
    zones.push({ from: middleFrom + ruralIn, to: middleTo - ruralOut, kind: 'motorway' });
    zones.push({ from: middleTo - ruralOut, to: middleTo, kind: 'rural' });
  } else {
    zones.push({ from: middleFrom, to: middleTo, kind: 'rural' });
  }
  zones.push({ from: middleTo, to: length, kind: 'urban' });
  return zones.filter((z) => z.to > z.from);
}

function featuresFor(zones: Zone[], random: Random): RoadFeature[] {
  const features: RoadFeature[] = [];
  for (const zone of zones) {
    if (zone.kind === 'motorway') continue;
    const [min, max] = zone.kind === 'urban' ? [350, 1_100] : [2_000, 6_000];
    for (
      let at = zone.from + random.uniform(min / 2, max);
      at < zone.to - 150;
      at += random.uniform(min, max)
    ) {
      features.push({
        at,
        kind:
          zone.kind === 'rural' ? 'roundabout' : random.chance(0.55) ? 'traffic-light' : 'junction',
      });
    }
  }
  return features;
}

/** The urban stretch at a place: longer in bigger towns, short on an industrial estate. */
const urbanLength = (place: Place) =>
  'population' in place ? 800 + 220 * Math.sqrt(place.population as number) : 900;

/**
 * A route between two places of the network: the shortest path through the
 * towns between them (passed by their ring roads, not their centres), with
 * lateral jitter on long links and corners smoothed.
 */
export function planRoute(network: RoadNetwork, from: number, to: number, random: Random): Route {
  const path = shortestPath(network, from, to);
  if (!path)
    throw new Error(`no road from ${network.places[from]!.name} to ${network.places[to]!.name}`);
  const waypoints: LatLon[] = [network.places[from]!];
  path.links.forEach((link, i) => {
    const a = network.places[path.places[i]!]!;
    const b = network.places[link.to]!;
    if (link.via) {
      waypoints.push(...link.via);
    } else {
      // A gentle bow plus a little noise, a few waypoints per link.
      const bow = random.normal(0, 0.08) * link.length;
      const parts = Math.max(2, Math.round(link.length / 9_000));
      for (let k = 1; k < parts; k++) {
        const f = k / parts;
        const lateral = bow * Math.sin(Math.PI * f) + random.normal(0, 500);
        waypoints.push(offset(intermediate(a, b, f), a, b, lateral));
      }
    }
    if (i < path.links.length - 1) {
      // Through traffic takes the ring road, a kilometre or two beside the centre.
      const next = network.places[path.links[i + 1]!.to]!;
      waypoints.push(offset(b, a, next, random.pick([-1, 1]) * random.uniform(900, 2_000)));
    } else {
      waypoints.push(b);
    }
  });
  const points = densify(smooth(waypoints), 250);
  const cumulative = [0];
  for (let i = 1; i < points.length; i++)
    cumulative.push(cumulative[i - 1]! + distance(points[i - 1]!, points[i]!));
  const length = cumulative[cumulative.length - 1]!;
  const zones = zonesFor(
    length,
    urbanLength(network.places[from]!),
    urbanLength(network.places[to]!),
    random,
  );
  return {
    from: network.places[from]!.name,
    to: network.places[to]!.name,
    points,
    cumulative,
    length,
    zones,
    features: featuresFor(zones, random),
  };
}

/** Where the vehicle is after `metres` along the route, and which way it faces. */
export function positionAt(route: Route, metres: number): LatLon & { heading: number } {
  const { points, cumulative } = route;
  const at = Math.max(0, Math.min(route.length, metres));
  let lo = 0;
  let hi = cumulative.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (cumulative[mid]! <= at) lo = mid;
    else hi = mid;
  }
  const a = points[lo]!;
  const b = points[hi] ?? a;
  const span = cumulative[hi]! - cumulative[lo]!;
  const f = span > 0 ? (at - cumulative[lo]!) / span : 0;
  return {
    latitude: a.latitude + (b.latitude - a.latitude) * f,
    longitude: a.longitude + (b.longitude - a.longitude) * f,
    heading: bearing(a, b),
  };
}
