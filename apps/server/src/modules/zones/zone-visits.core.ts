import type { LonLat, ZoneShape } from '@fleet/contract';

/**
 * Zone visits from an asset's positions (issue 21 §1, docs/zones.md). Pure: the engine hands
 * it an asset-day's positions and the zone versions valid around them.
 *
 * - Inside or outside: a circle by the haversine distance to its centre; a polygon by the
 *   even-odd rule, its edges measured in metres on a local flat projection (exact enough for
 *   zones up to tens of kilometres).
 * - GPS jitter on the boundary (hysteresis): a position changes the state only when it is at
 *   least HYSTERESIS_METRES beyond the boundary (inside to enter, outside to leave); one in the
 *   band around the boundary keeps the state. The first position of all takes its side plainly,
 *   so a trip starting inside is entered at its first position.
 * - Times are the positions' (no interpolation): entered at the first position that counts as
 *   inside, left at the first that counts as outside.
 * - Each position is tested against the zone's version valid at its time, so an edit changes
 *   only later data; a position with no version (before it was drawn, after its deletion) is
 *   outside.
 * - Speeding: the interval from one position inside to the next takes the speed of the first
 *   (at most GAP_SECONDS of it, a gap in the data does not count whole); counted when that
 *   speed is above the limit of the version of that position.
 * - The day: visits overlapping [start, end) are answered, cut to it; `continued` when it began
 *   before the day, `continues` when a position after the day's end is still inside (exitedAt
 *   is then the day's end). A visit inside at the last position known has exitedAt null.
 */
export const HYSTERESIS_METRES = 15;
export const GAP_SECONDS = 300;
const EARTH_RADIUS = 6_371_008.8;

export interface ZonePoint {
  time: Date;
  lon: number;
  lat: number;
  /** km/h */
  speed: number | null;
}

export interface ZoneVersion {
  zoneId: number;
  validFrom: Date;
  /** null: still valid */
  validUntil: Date | null;
  shape: ZoneShape;
  speedLimit: number | null;
  bbox: BBox;
}

export interface BBox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

export interface VisitPart {
  zoneId: number;
  enteredAt: Date;
  exitedAt: Date | null;
  /** the last position inside (or the day's end) */
  lastSeenAt: Date;
  continued: boolean;
  continues: boolean;
  /** km/h, of the positions inside within the day */
  maxSpeed: number;
  speedingSeconds: number;
}

const rad = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres. */
export function haversine([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** Even-odd point in polygon; the ring may be closed or not. */
export function inPolygon([x, y]: LonLat, ring: LonLat[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Metres from the point to the ring's nearest edge (a local flat projection at the point). */
export function distanceToRing([lon, lat]: LonLat, ring: LonLat[]): number {
  const kx = rad(1) * EARTH_RADIUS * Math.cos(rad(lat));
  const ky = rad(1) * EARTH_RADIUS;
  let best = Infinity;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const ax = (ring[j]![0] - lon) * kx;
    const ay = (ring[j]![1] - lat) * ky;
    const bx = (ring[i]![0] - lon) * kx;
    const by = (ring[i]![1] - lat) * ky;
    const dx = bx - ax;
    const dy = by - ay;
    const length2 = dx * dx + dy * dy;
    const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / length2));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

/** Signed metres from the shape's boundary: negative inside, positive outside. */
export function signedDistance(point: LonLat, shape: ZoneShape): number {
  if (shape.type === 'circle') return haversine(point, shape.center) - shape.radius;
  const d = distanceToRing(point, shape.coordinates);
  return inPolygon(point, shape.coordinates) ? -d : d;
}

/** The shape's bounding box (a circle's by its radius in degrees). */
export function boundingBox(shape: ZoneShape): BBox {
  if (shape.type === 'circle') {
    const [lon, lat] = shape.center;
    const dLat = shape.radius / (rad(1) * EARTH_RADIUS);
    const dLon = dLat / Math.max(0.01, Math.cos(rad(Math.min(89.9, Math.abs(lat) + dLat))));
    return { minLon: lon - dLon, minLat: lat - dLat, maxLon: lon + dLon, maxLat: lat + dLat };
  }
  const lons = shape.coordinates.map((c) => c[0]);
  const lats = shape.coordinates.map((c) => c[1]);
  return {
    minLon: Math.min(...lons),
    minLat: Math.min(...lats),
    maxLon: Math.max(...lons),
    maxLat: Math.max(...lats),
  };
}

/** The positions' box, or undefined without any. */
export function pointsBox(points: readonly ZonePoint[]): BBox | undefined {
  if (!points.length) return undefined;
  const box = { minLon: Infinity, minLat: Infinity, maxLon: -Infinity, maxLat: -Infinity };
  for (const p of points) {
    box.minLon = Math.min(box.minLon, p.lon);
    box.maxLon = Math.max(box.maxLon, p.lon);
    box.minLat = Math.min(box.minLat, p.lat);
    box.maxLat = Math.max(box.maxLat, p.lat);
  }
  return box;
}

/** Whether two boxes meet, one grown by `metres` (the hysteresis band). */
export function boxesMeet(a: BBox, b: BBox, metres = HYSTERESIS_METRES * 2): boolean {
  const dLat = metres / (rad(1) * EARTH_RADIUS);
  const dLon = dLat / Math.max(0.01, Math.cos(rad(Math.min(89.9, Math.abs(a.maxLat)))));
  return (
    a.minLon - dLon <= b.maxLon &&
    b.minLon <= a.maxLon + dLon &&
    a.minLat - dLat <= b.maxLat &&
    b.minLat <= a.maxLat + dLat
  );
}

const validAt = (versions: readonly ZoneVersion[], time: Date) =>
  versions.find(
    (v) =>
      v.validFrom.getTime() <= time.getTime() &&
      (v.validUntil === null || time.getTime() < v.validUntil.getTime()),
  );

/** A visit under way: entered, and not yet clearly left. */
export interface OpenVisit {
  enteredAt: Date;
  lastSeenAt: Date;
  maxSpeed: number;
  speedingSeconds: number;
  /** the last position inside: its time, speed and limit */
  last: { time: Date; speed: number | null; limit: number | null };
}

/**
 * The visits' running state after some of a day's positions (issue 18 §1, the incremental
 * day): whether any position came yet (the first of all takes its side plainly), and the
 * visit under way in each zone that has one. A zone without one needs nothing: its next
 * position is tested as if it had seen all the earlier ones.
 */
export interface ZoneFold {
  started: boolean;
  open: Map<number, OpenVisit>;
}

export const emptyZoneFold = (): ZoneFold => ({ started: false, open: new Map() });

/**
 * The visits of one asset over [start, end) from its positions around the day (oldest
 * first; those before the day give the state at its start) and the zones' versions.
 */
export function zoneVisits(input: {
  points: readonly ZonePoint[];
  versions: readonly ZoneVersion[];
  start: Date;
  end: Date;
}): VisitPart[] {
  const fold = emptyZoneFold();
  const out = foldZoneVisits(fold, input);
  return sortVisits([...out, ...finishZoneVisits(fold, input)]);
}

export const sortVisits = (visits: VisitPart[]) =>
  visits.sort((a, b) => a.enteredAt.getTime() - b.enteredAt.getTime() || a.zoneId - b.zoneId);

/**
 * Folds positions (after the fold's, oldest first) into `fold`, in place; answers the visits
 * they ended that overlap the day. A zone whose box misses every new position is skipped
 * unless a visit is under way in it: none of them can enter it.
 */
export function foldZoneVisits(
  fold: ZoneFold,
  input: { points: readonly ZonePoint[]; versions: readonly ZoneVersion[]; start: Date; end: Date },
): VisitPart[] {
  const points = input.points.filter((p) => Number.isFinite(p.lon) && Number.isFinite(p.lat));
  const box = pointsBox(points);
  if (!box) return [];
  const byZone = new Map<number, ZoneVersion[]>();
  for (const v of input.versions) {
    // The engine's cost per record stays low: a zone whose box misses the positions' is skipped.
    if (!boxesMeet(v.bbox, box) && !fold.open.has(v.zoneId)) continue;
    byZone.set(v.zoneId, [...(byZone.get(v.zoneId) ?? []), v]);
  }
  const out: VisitPart[] = [];
  for (const [zoneId, versions] of byZone)
    foldZone(zoneId, versions, fold, points, input.start, input.end, out);
  fold.started = true;
  return out;
}

/** The visits still under way at the fold's last position, as the day answers them; the fold is left as it is. */
export function finishZoneVisits(fold: ZoneFold, day: { start: Date; end: Date }): VisitPart[] {
  const out: VisitPart[] = [];
  const e = day.end.getTime();
  for (const [zoneId, open] of fold.open) {
    // Still inside at the last position: past the day's end it continues; else it is open.
    closeVisit(zoneId, open, null, open.lastSeenAt.getTime() >= e, day.start, day.end, out);
  }
  return out;
}

/** The part of [from, to) within the day, in seconds. */
const withinDay = (from: number, to: number, s: number, e: number) =>
  Math.max(0, Math.min(to, e) - Math.max(from, s)) / 1000;

/** Ends the visit (at `exit`, or still open) and adds its part of the day to `out`, if it overlaps it. */
function closeVisit(
  zoneId: number,
  o: OpenVisit,
  exit: Date | null,
  after: boolean,
  start: Date,
  end: Date,
  out: VisitPart[],
) {
  const s = start.getTime();
  const e = end.getTime();
  const entered = o.enteredAt.getTime();
  const exited = exit?.getTime() ?? o.lastSeenAt.getTime();
  // only visits overlapping the day
  if (entered >= e || (exit !== null && exited <= s) || (exit === null && exited < s && !after))
    return;
  const continues = exit !== null ? exited > e : after;
  out.push({
    zoneId,
    enteredAt: new Date(Math.max(entered, s)),
    exitedAt: continues ? new Date(e) : exit && new Date(exited),
    lastSeenAt: new Date(Math.min(Math.max(o.lastSeenAt.getTime(), s), e)),
    continued: entered < s,
    continues,
    maxSpeed: Math.round(o.maxSpeed * 10) / 10,
    speedingSeconds: Math.round(o.speedingSeconds),
  });
}

function foldZone(
  zoneId: number,
  versions: readonly ZoneVersion[],
  fold: ZoneFold,
  points: readonly ZonePoint[],
  start: Date,
  end: Date,
  out: VisitPart[],
) {
  const s = start.getTime();
  const e = end.getTime();
  let open = fold.open.get(zoneId);
  let first = !fold.started;

  /** The interval from the last position inside up to `time` (speeding, capped at GAP_SECONDS). */
  const extend = (o: OpenVisit, time: Date) => {
    const from = o.last.time.getTime();
    const to = Math.min(time.getTime(), from + GAP_SECONDS * 1000);
    if (o.last.limit !== null && o.last.speed !== null && o.last.speed > o.last.limit)
      o.speedingSeconds += withinDay(from, to, s, e);
  };

  for (const p of points) {
    const version = validAt(versions, p.time);
    const distance = version ? signedDistance([p.lon, p.lat], version.shape) : Infinity;
    const inside = open
      ? distance < HYSTERESIS_METRES // stays inside unless clearly outside
      : first
        ? distance <= 0
        : distance <= -HYSTERESIS_METRES; // enters only when clearly inside
    first = false;
    const t = p.time.getTime();
    if (open && !inside) {
      extend(open, p.time);
      closeVisit(zoneId, open, p.time, false, start, end, out);
      open = undefined;
    } else if (open && inside) {
      extend(open, p.time);
    } else if (!open && inside) {
      open = {
        enteredAt: p.time,
        lastSeenAt: p.time,
        maxSpeed: 0,
        speedingSeconds: 0,
        last: { time: p.time, speed: p.speed, limit: null },
      };
    }
    if (open && inside) {
      open.lastSeenAt = p.time;
      open.last = { time: p.time, speed: p.speed, limit: version?.speedLimit ?? null };
      if (t >= s && t < e && p.speed !== null) open.maxSpeed = Math.max(open.maxSpeed, p.speed);
    }
  }
  if (open) fold.open.set(zoneId, open);
  else fold.open.delete(zoneId);
}
