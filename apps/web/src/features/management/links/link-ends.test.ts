import { describe, expect, it } from 'vitest';
import { linkEnds, otherEnd } from './link-ends';

describe('linkEnds', () => {
  it.each([
    ['assets', 3, 9, { assetId: 3, targetId: 9 }],
    ['devices', 3, 9, { assetId: 9, targetId: 3 }],
    ['drivers', 3, 9, { assetId: 9, targetId: 3 }],
  ] as const)('%s %i with the other side %i: %j', (subject, id, otherId, ends) => {
    expect(linkEnds(subject, id, otherId)).toEqual(ends);
  });
});

describe('otherEnd', () => {
  const link = { assetId: 1, deviceId: 2, driverId: 3 };
  it.each([
    ['assets', 'devices', link, 2],
    ['assets', 'drivers', link, 3],
    ['devices', 'devices', link, 1],
    ['drivers', 'drivers', link, 1],
    ['assets', 'devices', { assetId: 1 }, 0],
  ] as const)('%s, %s links, %j: %i', (subject, kind, row, other) => {
    expect(otherEnd(subject, kind, row)).toBe(other);
  });
});
