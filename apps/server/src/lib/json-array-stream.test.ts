import { describe, expect, it } from 'vitest';
import { acceptsGzip, mapInTurns } from './json-array-stream.js';

describe('acceptsGzip', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['gzip', true],
    ['gzip, deflate, br, zstd', true],
    ['br;q=1.0, gzip;q=0.8, *;q=0.1', true],
    ['GZIP', true],
    ['*', true],
    ['gzip;q=0', false],
    ['gzip;q=0.0, br', false],
    ['identity', false],
    ['deflate, br', false],
    [['deflate', 'gzip'], true],
  ])('%j → %s', (header, expected) => {
    expect(acceptsGzip(header as string | string[] | undefined)).toBe(expected);
  });
});

describe('mapInTurns', () => {
  it('maps every item in order, letting other work in between slices', async () => {
    const items = Array.from({ length: 1000 }, (_, i) => i);
    // Other work: a callback that runs once in every turn of the event loop.
    let others = 0;
    let other: NodeJS.Immediate;
    const tick = () => {
      others++;
      other = setImmediate(tick);
    };
    tick();
    const seen: number[] = [];
    const mapped = await mapInTurns(items, (i) => {
      seen.push(others);
      return i * 2;
    });
    clearImmediate(other!);
    expect(mapped).toEqual(items.map((i) => i * 2));
    // A slice of 250 runs in one go; other work has its turn between two slices.
    expect(seen[249]).toBe(seen[0]);
    expect(seen[250]).toBeGreaterThan(seen[249]!);
    expect(seen[750]).toBeGreaterThan(seen[500]!);
    expect(seen[999]).toBe(seen[750]);
  });

  it('maps nothing to nothing', async () => {
    expect(await mapInTurns([], () => 1)).toEqual([]);
  });
});
