import { describe, expect, it } from 'vitest';
import { tripPartHref } from './trip-parts';

describe('tripPartHref', () => {
  it.each([
    ['ASSET', 7, '/entities/DRIVER/7'],
    ['ASSET', 0, null],
    ['ASSET', -1, null],
    ['DRIVER', 3, '/entities/ASSET/3'],
  ] as const)('%s trip, part %i: %s', (type, id, href) => {
    expect(tripPartHref(type, id)).toBe(href);
  });
});
