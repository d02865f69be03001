import { describe, expect, it } from 'vitest';
import {
  boundingBox,
  emptyZoneFold,
  zoneVisits,
  type VisitPart,
  type ZonePoint,
  type ZoneVersion,
} from '../zones/index.js';
import { zoneFoldFromJson, zoneFoldToJson } from './day-fold-json.js';
import { zoneVersionsKey, zoneVisitsOfDay } from './zone-visits-of-day.js';
import type { EngineRecord } from './process-day.js';
import { seededRandom } from '../../test/seeded-random.js';

/**
 * Issue 18 §1, the incremental day for zone visits: positions folded batch by batch, the fold
 * kept as JSON between batches, each batch's visits written as the engine writes a resumed day
 * (each replaces the row of the same zone and entry), must give the visits of all positions at
 * once: in and out of a circle and a polygon, a zone moved in the middle of the day, jitter on
 * a boundary, a visit under way at midnight, speeding, gaps.
 */

const day = {
  start: new Date('2026-11-20T00:00:00+01:00'),
  end: new Date('2026-11-21T00:00:00+01:00'),
};
const MINUTE = 60_000;

const version = (
  zoneId: number,
  shape: ZoneVersion['shape'],
  validFrom: string,
  validUntil: string | null,
  speedLimit: number | null,
): ZoneVersion => ({
  zoneId,
  shape,
  speedLimit,
  validFrom: new Date(validFrom),
  validUntil: validUntil === null ? null : new Date(validUntil),
  bbox: boundingBox(shape),
});

const versions: ZoneVersion[] = [
  version(
    1,
    { type: 'circle', center: [4.8, 52.0], radius: 600 },
    '2020-01-01T00:00:00Z',
    null,
    50,
  ),
  version(
    2,
    {
      type: 'polygon',
      coordinates: [
        [4.79, 52.02],
        [4.81, 52.02],
        [4.81, 52.03],
        [4.79, 52.03],
      ],
    },
    '2020-01-01T00:00:00Z',
    '2026-11-20T12:00:00+01:00',
    null,
  ),
  // the polygon moved at noon
  version(
    2,
    {
      type: 'polygon',
      coordinates: [
        [4.79, 52.025],
        [4.81, 52.025],
        [4.81, 52.035],
        [4.79, 52.035],
      ],
    },
    '2026-11-20T12:00:00+01:00',
    null,
    70,
  ),
  // far away: its box never meets the positions
  version(
    3,
    { type: 'circle', center: [6.0, 53.0], radius: 300 },
    '2020-01-01T00:00:00Z',
    null,
    null,
  ),
];

/** A truck going up and down a road through both zones, from the evening before to after midnight. */
function records(seed: number): EngineRecord[] {
  const next = seededRandom(seed);
  const out: EngineRecord[] = [];
  let t = day.start.getTime() - 2 * 60 * MINUTE;
  let phase = next() * 10;
  while (t < day.end.getTime() + 60 * MINUTE) {
    phase += 0.05 + next() * 0.1;
    const jitter = (next() - 0.5) * 0.0004;
    out.push({
      timestamp: new Date(t),
      transferReason: 'PERIODIC',
      deviceId: 7,
      latitude: Math.round((52.015 + Math.sin(phase) * 0.025 + jitter) * 100_000),
      longitude: Math.round((4.8 + jitter) * 100_000),
      speed: next() < 0.1 ? null : Math.round(30 + next() * 60),
      events: null,
      metrics: {},
    });
    t += next() < 0.03 ? 20 * MINUTE : MINUTE + Math.round(next() * 60_000);
  }
  return out;
}

const key = (v: VisitPart) => `${v.zoneId}|${v.enteredAt.getTime()}`;

function inBatches(all: EngineRecord[], cuts: number[]) {
  const written = new Map<string, VisitPart>();
  let json: string | undefined;
  const bounds = [0, ...cuts, all.length];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const fold = json ? zoneFoldFromJson(JSON.parse(json)) : emptyZoneFold();
    const visits = zoneVisitsOfDay(fold, {
      records: all.slice(bounds[i], bounds[i + 1]),
      versions,
      links: [],
      ...day,
    });
    for (const { driverId: _driver, ...visit } of visits) written.set(key(visit), visit);
    json = JSON.stringify(zoneFoldToJson(fold, zoneVersionsKey(versions)));
  }
  return [...written.values()].sort(
    (a, b) => a.enteredAt.getTime() - b.enteredAt.getTime() || a.zoneId - b.zoneId,
  );
}

describe('zone visits folded batch by batch', () => {
  it.each([
    ['one position a batch', 1, 1],
    ['a few positions a batch', 2, 6],
    ['uneven batches', 3, 40],
    ['one batch', 4, 0],
  ])('%s equal the visits of all positions at once', (_name, seed, every) => {
    const all = records(seed);
    const points: ZonePoint[] = all.map((r) => ({
      time: r.timestamp,
      lon: r.longitude! / 100_000,
      lat: r.latitude! / 100_000,
      speed: r.speed ?? null,
    }));
    const whole = zoneVisits({ points, versions, ...day });
    const next = seededRandom(seed * 13);
    const cuts: number[] = [];
    if (every > 0)
      for (
        let i = 1 + Math.floor(next() * every);
        i < all.length;
        i += 1 + Math.floor(next() * every)
      )
        cuts.push(i);

    expect(whole.filter((v) => v.zoneId === 1).length).toBeGreaterThan(3);
    expect(whole.filter((v) => v.zoneId === 2).length).toBeGreaterThan(3);
    expect(whole.some((v) => v.speedingSeconds > 0)).toBe(true);
    expect(whole.some((v) => v.continued || v.continues || v.exitedAt === null)).toBe(true);
    expect(inBatches(all, cuts)).toEqual(whole);
  });

  it('tells zone versions apart: a zone moved or drawn makes another key', () => {
    expect(zoneVersionsKey(versions)).toBe(zoneVersionsKey([...versions]));
    expect(zoneVersionsKey(versions.slice(0, 3))).not.toBe(zoneVersionsKey(versions));
    const moved = versions.map((v, i) => (i === 2 ? { ...v, validFrom: new Date(day.end) } : v));
    expect(zoneVersionsKey(moved)).not.toBe(zoneVersionsKey(versions));
    expect(zoneVersionsKey([])).toBe('');
  });
});
