import { describe, expect, it } from 'vitest';
import { checkShape, joinParts } from './zones.service.js';
import type { VisitPartRow } from './zones.repository.js';

/** The report's pure parts: a stay over midnight joined, shapes checked. */
const part = (over: Partial<VisitPartRow>): VisitPartRow => ({
  zone_id: 1,
  zone_name: 'Depot',
  asset_id: 7,
  asset_name: 'Truck 7',
  driver_id: null,
  driver_name: null,
  entered_at: new Date('2026-03-02T22:00:00Z'),
  exited_at: null,
  last_seen_at: new Date('2026-03-02T22:30:00Z'),
  continued: false,
  continues: false,
  max_speed: 20,
  speeding_seconds: 0,
  ...over,
});

describe('joinParts', () => {
  const midnight = new Date('2026-03-03T00:00:00Z');
  it('joins a day’s continuing part with the next day’s continued one', () => {
    const first = part({ exited_at: midnight, last_seen_at: midnight, continues: true });
    const second = part({
      entered_at: midnight,
      exited_at: new Date('2026-03-03T01:00:00Z'),
      last_seen_at: new Date('2026-03-03T00:50:00Z'),
      continued: true,
      max_speed: 35,
      speeding_seconds: 40,
    });
    expect(joinParts([first, second])).toEqual([[first, second]]);
  });

  it('joins a part left open (its day processed before the next had data)', () => {
    const open = part({});
    const next = part({ entered_at: midnight, continued: true, exited_at: midnight });
    expect(joinParts([open, next])).toHaveLength(1);
  });

  it('keeps apart: other zones, other assets, parts not continued', () => {
    const a = part({ exited_at: midnight, continues: true });
    expect(
      joinParts([a, part({ entered_at: midnight, continued: true, zone_id: 2 })]),
    ).toHaveLength(2);
    expect(
      joinParts([a, part({ entered_at: midnight, continued: true, asset_id: 8 })]),
    ).toHaveLength(2);
    expect(joinParts([a, part({ entered_at: midnight })])).toHaveLength(2);
  });
});

describe('checkShape', () => {
  it('stores a closed ring open, keeps a circle', () => {
    expect(
      checkShape({
        type: 'polygon',
        coordinates: [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      }),
    ).toEqual({
      type: 'polygon',
      coordinates: [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
    });
    const circle = { type: 'circle' as const, center: [5, 52] as [number, number], radius: 100 };
    expect(checkShape(circle)).toBe(circle);
  });

  it('refuses a ring crossing itself, one on a line, one wider than 180°', () => {
    const ring = (coordinates: [number, number][]) => checkShape({ type: 'polygon', coordinates });
    expect(
      ring([
        [0, 0],
        [1, 1],
        [1, 0],
        [0, 1],
      ]),
    ).toMatch(/cross/);
    expect(
      ring([
        [0, 0],
        [1, 0],
        [2, 0],
      ]),
    ).toMatch(/area/);
    expect(
      ring([
        [-100, 0],
        [100, 0],
        [100, 1],
      ]),
    ).toMatch(/180/);
    // a concave ring is fine
    expect(
      ring([
        [0, 0],
        [3, 0],
        [3, 3],
        [2, 3],
        [2, 1],
        [1, 1],
        [1, 3],
        [0, 3],
      ]),
    ).not.toBeTypeOf('string');
  });
});
