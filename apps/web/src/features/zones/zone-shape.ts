import { ZONE_LIMITS, type LonLat, type ZoneShape } from '@fleet/contract';

/**
 * A zone's shape and the GeoJSON the map and the drawing library use. The contract's circle is
 * a centre and a radius in metres; on the map it is a ring of points around the centre.
 */

const EARTH_RADIUS_M = 6_371_008.8;
const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;
/** Six decimals: about 10 cm, and within the drawing library's coordinate precision. */
const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/** Great-circle distance in metres. */
export function haversineMetres([lon1, lat1]: LonLat, [lon2, lat2]: LonLat): number {
  const dLat = rad(lat2 - lat1);
  const dLon = rad(lon2 - lon1);
  const a =
    Math.sin(dLat / 2) ** 2 + Math.cos(rad(lat1)) * Math.cos(rad(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(a)));
}

/** The point `metres` from `from` in direction `bearing` (degrees from north). */
function destination([lon, lat]: LonLat, metres: number, bearing: number): LonLat {
  const d = metres / EARTH_RADIUS_M;
  const b = rad(bearing);
  const lat1 = rad(lat);
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
  const lon2 =
    rad(lon) +
    Math.atan2(
      Math.sin(b) * Math.sin(d) * Math.cos(lat1),
      Math.cos(d) - Math.sin(lat1) * Math.sin(lat2),
    );
  return [round6(deg(lon2)), round6(deg(lat2))];
}

const closed = (ring: LonLat[]): LonLat[] => {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return first && last && (first[0] !== last[0] || first[1] !== last[1]) ? [...ring, first] : ring;
};

/** The shape's outline as a closed GeoJSON ring (a circle as `segments` points). */
export function shapeRing(shape: ZoneShape, segments = 64): LonLat[] {
  if (shape.type === 'polygon') return closed(shape.coordinates);
  const ring = Array.from({ length: segments }, (_, i) =>
    destination(shape.center, shape.radius, (360 * i) / segments),
  );
  return closed(ring);
}

/** Where the zone's name goes: a circle's centre, else the mean of the polygon's corners. */
export function shapeCentre(shape: ZoneShape): LonLat {
  if (shape.type === 'circle') return shape.center;
  const corners = openRing(shape.coordinates);
  const sum = corners.reduce<[number, number]>((s, [lon, lat]) => [s[0] + lon, s[1] + lat], [0, 0]);
  return [sum[0] / corners.length, sum[1] / corners.length];
}

/** [[west, south], [east, north]] of the shapes; null without any. */
export function shapesBounds(shapes: ZoneShape[]): [LonLat, LonLat] | null {
  const points = shapes.flatMap((s) => shapeRing(s, 16));
  if (points.length === 0) return null;
  const lons = points.map((p) => p[0]);
  const lats = points.map((p) => p[1]);
  return [
    [Math.min(...lons), Math.min(...lats)],
    [Math.max(...lons), Math.max(...lats)],
  ];
}

const openRing = (ring: LonLat[]): LonLat[] => {
  const first = ring[0];
  const last = ring[ring.length - 1];
  return ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]
    ? ring.slice(0, -1)
    : ring;
};

/** What the drawing library hands back: a GeoJSON polygon feature and the mode that drew it. */
export type DrawnFeature = {
  geometry: { type: string; coordinates: unknown };
  properties: Record<string, unknown>;
};

const isLonLat = (value: unknown): value is LonLat =>
  Array.isArray(value) &&
  value.length >= 2 &&
  typeof value[0] === 'number' &&
  typeof value[1] === 'number';

/**
 * The zone shape of a drawn feature: a circle (the drawing library's circle mode keeps its
 * radius in kilometres; its centre is the mean of its ring) or a polygon (the ring without its
 * closing point, six decimals). Null for anything else, or a polygon of fewer than 3 corners.
 */
export function drawnShape(feature: DrawnFeature | undefined): ZoneShape | null {
  if (!feature || feature.geometry.type !== 'Polygon') return null;
  const rings = feature.geometry.coordinates;
  if (!Array.isArray(rings) || !Array.isArray(rings[0])) return null;
  const ring = openRing(
    (rings[0] as unknown[])
      .filter(isLonLat)
      .map(([lon, lat]) => [round6(lon), round6(lat)] as LonLat),
  );
  if (ring.length < 3) return null;
  if (feature.properties.mode === 'circle') {
    const center = shapeCentre({ type: 'polygon', coordinates: ring });
    const km = feature.properties.radiusKilometers;
    const metres =
      typeof km === 'number' && km > 0
        ? km * 1000
        : ring.reduce((sum, p) => sum + haversineMetres(center, p), 0) / ring.length;
    return {
      type: 'circle',
      center: [round6(center[0]), round6(center[1])],
      radius: Math.round(metres),
    };
  }
  return { type: 'polygon', coordinates: ring };
}

/** The feature to hand the drawing library for editing a saved zone's shape. */
export function shapeFeature(shape: ZoneShape) {
  const properties: Record<string, string | number> =
    shape.type === 'circle'
      ? { mode: 'circle', radiusKilometers: shape.radius / 1000 }
      : { mode: 'polygon' };
  return {
    type: 'Feature' as const,
    geometry: { type: 'Polygon' as const, coordinates: [shapeRing(shape)] },
    properties,
  };
}

/** Whether a circle's radius (metres) is one the server takes. */
export const radiusInRange = (radius: number) =>
  Number.isFinite(radius) && radius >= ZONE_LIMITS.radius.min && radius <= ZONE_LIMITS.radius.max;
