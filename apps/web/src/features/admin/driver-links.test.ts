import type { DriverLink } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { laneSegments, linkDuration } from './driver-links';

const window = { from: '2026-11-23T00:00:00Z', until: '2026-11-24T00:00:00Z' };
const link = (id: number, from: string, until: string | null): DriverLink => ({
  id,
  assetId: 1,
  driverId: 10 + id,
  from,
  until,
});

describe('laneSegments', () => {
  it.each([
    [
      'a link inside the day',
      [link(1, '2026-11-23T06:00:00Z', '2026-11-23T12:00:00Z')],
      [[25, 25, false]],
    ],
    [
      'one from before the day, clipped',
      [link(1, '2026-11-20T00:00:00Z', '2026-11-23T06:00:00Z')],
      [[0, 25, false]],
    ],
    ['one still open, to the end', [link(1, '2026-11-23T18:00:00Z', null)], [[75, 25, true]]],
    [
      'one wholly before the day, left out',
      [link(1, '2026-11-20T00:00:00Z', '2026-11-21T00:00:00Z')],
      [],
    ],
    [
      'one ending as the day begins, left out',
      [link(1, '2026-11-22T00:00:00Z', '2026-11-23T00:00:00Z')],
      [],
    ],
    [
      'oldest first',
      [
        link(2, '2026-11-23T12:00:00Z', null),
        link(1, '2026-11-23T00:00:00Z', '2026-11-23T08:00:00Z'),
      ],
      [
        [0, 33.33, false],
        [50, 50, true],
      ],
    ],
  ])('%s', (_, links, expected) => {
    expect(laneSegments(links, window).map((s) => [s.left, s.width, s.open])).toEqual(expected);
  });

  it('has no lane for an empty or reversed period', () => {
    const links = [link(1, '2026-11-23T06:00:00Z', null)];
    expect(laneSegments(links, { from: window.until, until: window.from })).toEqual([]);
    expect(laneSegments(links, { from: window.from, until: window.from })).toEqual([]);
  });
});

describe('linkDuration', () => {
  it.each([
    [link(1, '2026-11-23T06:00:00Z', '2026-11-23T07:30:00Z'), { hours: 1, minutes: 30 }],
    [link(1, '2026-11-22T00:00:00Z', null), { hours: 24, minutes: 0 }],
    [link(1, '2026-11-23T23:59:00Z', '2026-11-25T00:00:00Z'), { hours: 0, minutes: 1 }],
  ])('%j lasts %j within the day', (l, expected) => {
    expect(linkDuration(l, window)).toEqual(expected);
  });
});
