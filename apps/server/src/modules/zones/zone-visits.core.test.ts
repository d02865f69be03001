import { describe, expect, it } from 'vitest';
import type { ZoneShape } from '@fleet/contract';
import {
  boundingBox,
  GAP_SECONDS,
  haversine,
  inPolygon,
  signedDistance,
  zoneVisits,
  type ZonePoint,
  type ZoneVersion,
} from './zone-visits.core.js';

const CENTER: [number, number] = [5, 52];
const M_PER_DEG_LAT = 111_195;
const M_PER_DEG_LON = M_PER_DEG_LAT * Math.cos((52 * Math.PI) / 180);
/** A position `east` metres east of the centre. */
const east = (metres: number): [number, number] => [5 + metres / M_PER_DEG_LON, 52];

const CIRCLE: ZoneShape = { type: 'circle', center: CENTER, radius: 500 };
/** A square of ±1000 m around the centre (an open ring). */
const [W, E] = [east(-1000)[0], east(1000)[0]];
const [S, N] = [52 - 1000 / M_PER_DEG_LAT, 52 + 1000 / M_PER_DEG_LAT];
const SQUARE: ZoneShape = {
  type: 'polygon',
  coordinates: [
    [W, S],
    [E, S],
    [E, N],
    [W, N],
  ],
};

const DAY = { start: new Date('2026-03-02T00:00:00Z'), end: new Date('2026-03-03T00:00:00Z') };
const at = (hhmm: string, day = '2026-03-02') => new Date(`${day}T${hhmm}:00Z`);

const version = (
  shape: ZoneShape,
  over: Partial<Omit<ZoneVersion, 'shape' | 'bbox'>> = {},
): ZoneVersion => ({
  zoneId: 1,
  validFrom: new Date('-001000-01-01T00:00:00Z'),
  validUntil: null,
  speedLimit: null,
  ...over,
  shape,
  bbox: boundingBox(shape),
});

/** Positions as [time, metres east of the centre, speed]. */
const track = (rows: [string, number, number?][], day?: string): ZonePoint[] =>
  rows.map(([time, metres, speed]) => {
    const [lon, lat] = east(metres);
    return { time: at(time, day), lon, lat, speed: speed ?? 50 };
  });

const iso = (d: Date | null) => d && d.toISOString().slice(11, 16);
const brief = (parts: ReturnType<typeof zoneVisits>) =>
  parts.map((p) => ({
    zone: p.zoneId,
    in: iso(p.enteredAt),
    out: iso(p.exitedAt),
    continued: p.continued,
    continues: p.continues,
  }));

describe('geometry', () => {
  it('haversine: a degree of latitude is about 111.2 km', () => {
    expect(haversine([0, 0], [0, 1])).toBeCloseTo(111_195, -1);
    expect(haversine(CENTER, east(500))).toBeCloseTo(500, 0);
  });

  it('point in polygon, closed or not, and the signed distance', () => {
    const ring = SQUARE.type === 'polygon' ? SQUARE.coordinates : [];
    const closed = [...ring, ring[0]!];
    for (const r of [ring, closed]) {
      expect(inPolygon(CENTER, r)).toBe(true);
      expect(inPolygon(east(1100), r)).toBe(false);
    }
    expect(signedDistance(east(900), SQUARE)).toBeCloseTo(-100, 0);
    expect(signedDistance(east(1100), SQUARE)).toBeCloseTo(100, 0);
    expect(signedDistance(east(400), CIRCLE)).toBeCloseTo(-100, 0);
    // a concave ring: the notch is outside
    const u: [number, number][] = [
      [0, 0],
      [3, 0],
      [3, 3],
      [2, 3],
      [2, 1],
      [1, 1],
      [1, 3],
      [0, 3],
    ];
    expect(inPolygon([1.5, 2], u)).toBe(false);
    expect(inPolygon([0.5, 2], u)).toBe(true);
  });
});

type Case = {
  name: string;
  shape?: ZoneShape;
  versions?: ZoneVersion[];
  points: ZonePoint[];
  day?: { start: Date; end: Date };
  visits: ReturnType<typeof brief>;
};

const CASES: Case[] = [
  {
    name: 'enters and leaves a circle',
    points: track([
      ['08:00', 2000],
      ['08:01', 0],
      ['08:02', 100],
      ['08:03', 2000],
    ]),
    visits: [{ zone: 1, in: '08:01', out: '08:03', continued: false, continues: false }],
  },
  {
    name: 'a trip starting inside is entered at its first position',
    points: track([
      ['07:00', 10],
      ['07:05', 300],
      ['07:10', 900],
    ]),
    visits: [{ zone: 1, in: '07:00', out: '07:10', continued: false, continues: false }],
  },
  {
    name: 'GPS jitter on the boundary: within 15 m of it, the state holds',
    points: track([
      ['09:00', 2000],
      ['09:01', 495], // 5 m inside: not entered yet
      ['09:02', 505],
      ['09:03', 480], // 20 m inside: entered
      ['09:04', 510], // 10 m outside: still inside
      ['09:05', 495],
      ['09:06', 512],
      ['09:07', 520], // 20 m outside: left
      ['09:08', 490], // 10 m inside: not entered again
    ]),
    visits: [{ zone: 1, in: '09:03', out: '09:07', continued: false, continues: false }],
  },
  {
    name: 'still inside at the last position: open (exitedAt null)',
    points: track([
      ['10:00', 2000],
      ['10:01', 0],
      ['10:02', 0],
    ]),
    visits: [{ zone: 1, in: '10:01', out: null, continued: false, continues: false }],
  },
  {
    name: 'a polygon, twice in a day',
    shape: SQUARE,
    points: track([
      ['11:00', 3000],
      ['11:05', 0],
      ['11:10', 3000],
      ['12:00', 3000],
      ['12:05', -500],
      ['12:10', -3000],
    ]),
    visits: [
      { zone: 1, in: '11:05', out: '11:10', continued: false, continues: false },
      { zone: 1, in: '12:05', out: '12:10', continued: false, continues: false },
    ],
  },
  {
    name: 'over midnight, the first day: cut at its end, continues',
    points: [
      ...track([
        ['23:30', 2000],
        ['23:40', 0],
        ['23:50', 0],
      ]),
      ...track(
        [
          ['00:10', 0],
          ['00:30', 2000],
        ],
        '2026-03-03',
      ),
    ],
    visits: [{ zone: 1, in: '23:40', out: '00:00', continued: false, continues: true }],
  },
  {
    name: 'over midnight, the next day: continued from its start',
    day: { start: DAY.end, end: new Date('2026-03-04T00:00:00Z') },
    points: [
      ...track([
        ['23:30', 2000],
        ['23:40', 0],
        ['23:50', 0],
      ]),
      ...track(
        [
          ['00:10', 0],
          ['00:30', 2000],
        ],
        '2026-03-03',
      ),
    ],
    visits: [{ zone: 1, in: '00:00', out: '00:30', continued: true, continues: false }],
  },
  {
    name: 'a visit of the day before is not the day’s',
    points: [
      ...track(
        [
          ['23:00', 0],
          ['23:10', 2000],
        ],
        '2026-03-01',
      ),
      ...track([['08:00', 2000]]),
    ],
    visits: [],
  },
  {
    name: 'a zone edited afterwards: positions before the edit keep the old shape',
    versions: [
      version(CIRCLE, { validUntil: at('12:00') }),
      // moved 5 km east at noon
      version({ ...CIRCLE, center: east(5000) }, { validFrom: at('12:00') }),
    ],
    points: track([
      ['11:50', 0],
      ['11:55', 0],
      ['12:05', 0], // the new shape is elsewhere: left
      ['13:00', 5000], // inside the new one
      ['13:10', 9000],
    ]),
    visits: [
      { zone: 1, in: '11:50', out: '12:05', continued: false, continues: false },
      { zone: 1, in: '13:00', out: '13:10', continued: false, continues: false },
    ],
  },
  {
    name: 'before a zone existed (and after its deletion) a position is outside',
    versions: [version(CIRCLE, { validFrom: at('12:00'), validUntil: at('14:00') })],
    points: track([
      ['11:00', 0],
      ['12:30', 0],
      ['15:00', 0],
    ]),
    visits: [{ zone: 1, in: '12:30', out: '15:00', continued: false, continues: false }],
  },
  {
    name: 'a zone far from the day’s positions is skipped (bounding box)',
    versions: [version({ ...CIRCLE, center: [10, 40] })],
    points: track([['08:00', 0]]),
    visits: [],
  },
];

describe('zoneVisits', () => {
  it.each(CASES)('$name', ({ shape, versions, points, day, visits }) => {
    const parts = zoneVisits({
      points,
      versions: versions ?? [version(shape ?? CIRCLE)],
      ...(day ?? DAY),
    });
    expect(brief(parts)).toEqual(visits);
  });

  it('counts the seconds above the zone’s limit, and the top speed', () => {
    const [part] = zoneVisits({
      points: track([
        ['08:00', 2000, 60],
        ['08:01', 0, 20],
        ['08:02', 0, 40],
        ['08:03', 0, 45],
        ['08:04', 0, 20],
        ['08:05', 2000, 80],
      ]),
      versions: [version(CIRCLE, { speedLimit: 30 })],
      ...DAY,
    });
    expect(part).toMatchObject({ speedingSeconds: 120, maxSpeed: 45 });
  });

  it('no limit: no speeding; a gap in the data counts at most GAP_SECONDS', () => {
    const points = track([
      ['08:00', 0, 90],
      ['09:00', 0, 90],
      ['09:01', 2000, 90],
    ]);
    const [none] = zoneVisits({ points, versions: [version(CIRCLE)], ...DAY });
    expect(none!.speedingSeconds).toBe(0);
    const [limited] = zoneVisits({
      points,
      versions: [version(CIRCLE, { speedLimit: 50 })],
      ...DAY,
    });
    expect(limited!.speedingSeconds).toBe(GAP_SECONDS + 60);
  });

  it('two zones, each its own visits, in time order', () => {
    const parts = zoneVisits({
      points: track([
        ['08:00', 0],
        ['08:10', 5000],
        ['08:20', 9000],
      ]),
      versions: [version(CIRCLE), version({ ...CIRCLE, center: east(5000) }, { zoneId: 2 })],
      ...DAY,
    });
    expect(brief(parts)).toEqual([
      { zone: 1, in: '08:00', out: '08:10', continued: false, continues: false },
      { zone: 2, in: '08:10', out: '08:20', continued: false, continues: false },
    ]);
  });
});
