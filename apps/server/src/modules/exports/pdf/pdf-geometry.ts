/**
 * The pure arithmetic of the PDFs' charts and map (issue 21 §3): score bands, tick steps, the
 * map's fit to a route and its scale bar. Table-tested in pdf-geometry.test.ts.
 */

/** How many scores fall in each band of ten (0–10, …, 90–100; 100 in the last) and how many have none. */
export function scoreBands(scores: (number | null)[]): { bands: number[]; none: number } {
  const bands = Array.from({ length: 10 }, () => 0);
  let none = 0;
  for (const score of scores) {
    if (score === null || !Number.isFinite(score)) none++;
    else bands[Math.min(9, Math.max(0, Math.floor(score / 10)))]!++;
  }
  return { bands, none };
}

/** A "nice" step (1, 2 or 5 × 10ⁿ) of at least `span / count`. */
export function niceStep(span: number, count: number): number {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  for (const m of [1, 2, 5, 10]) if (m * power >= raw - 1e-12) return m * power;
  return 10 * power;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface MapFit {
  /** page point of a position in degrees */
  point(latitude: number, longitude: number): [number, number];
  /** the degrees shown: south, west, north, east */
  bounds: { south: number; west: number; north: number; east: number };
  /** metres per page point */
  metresPerPoint: number;
}

const METRES_PER_DEGREE = 111_320;

/**
 * Fits positions (degrees) into `box` with a margin, keeping shapes (a degree of longitude is
 * cos(latitude) of a degree of latitude), centred. A single point or a tiny route is shown at
 * least `minimumMetres` wide.
 */
export function fitMap(
  positions: { latitude: number; longitude: number }[],
  box: Box,
  minimumMetres = 500,
  margin = 0.08,
): MapFit {
  const lats = positions.map((p) => p.latitude);
  const lons = positions.map((p) => p.longitude);
  const south = Math.min(...lats);
  const north = Math.max(...lats);
  const west = Math.min(...lons);
  const east = Math.max(...lons);
  const midLat = (south + north) / 2;
  const midLon = (west + east) / 2;
  const cos = Math.max(0.01, Math.cos((midLat * Math.PI) / 180));
  // the route's size in metres on the ground
  const wide = Math.max((east - west) * cos * METRES_PER_DEGREE, minimumMetres);
  const high = Math.max((north - south) * METRES_PER_DEGREE, minimumMetres);
  const usable = { width: box.width * (1 - 2 * margin), height: box.height * (1 - 2 * margin) };
  const metresPerPoint = Math.max(wide / usable.width, high / usable.height);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const point = (latitude: number, longitude: number): [number, number] => [
    cx + ((longitude - midLon) * cos * METRES_PER_DEGREE) / metresPerPoint,
    cy - ((latitude - midLat) * METRES_PER_DEGREE) / metresPerPoint,
  ];
  const halfLon = ((box.width / 2) * metresPerPoint) / (cos * METRES_PER_DEGREE);
  const halfLat = ((box.height / 2) * metresPerPoint) / METRES_PER_DEGREE;
  return {
    point,
    metresPerPoint,
    bounds: {
      south: midLat - halfLat,
      north: midLat + halfLat,
      west: midLon - halfLon,
      east: midLon + halfLon,
    },
  };
}

/** A scale bar of a round length (1, 2 or 5 × 10ⁿ metres) at most `maxPoints` long. */
export function scaleBar(
  metresPerPoint: number,
  maxPoints: number,
): { metres: number; points: number } {
  const most = metresPerPoint * maxPoints;
  const power = 10 ** Math.floor(Math.log10(most));
  const metres = [5, 2, 1].map((m) => m * power).find((m) => m <= most) ?? power;
  return { metres, points: metres / metresPerPoint };
}

/** "500 m", "2 km". */
export const lengthText = (metres: number) =>
  metres >= 1000 ? `${metres / 1000} km` : `${metres} m`;
