import { describe, expect, it } from 'vitest';
import { CAMERA_LIST, cameraLook, camerasOfMask } from './cameras.js';

describe('cameras', () => {
  it('are the five of spec §3, each with a look of its own', () => {
    expect(CAMERA_LIST.map((c) => [c.bit, c.name])).toEqual([
      [1, 'Front'],
      [2, 'Rear'],
      [4, 'Left'],
      [8, 'Right'],
      [16, 'Driver'],
    ]);
    expect(new Set(CAMERA_LIST.map((c) => c.source)).size).toBe(5);
    expect(new Set(CAMERA_LIST.map((c) => c.band)).size).toBe(5);
    expect(cameraLook(8).name).toBe('Right');
  });

  it.each([
    [1, [1]],
    [3, [1, 2]],
    [17, [1, 16]],
    [20, [4, 16]],
    [31, [1, 2, 4, 8, 16]],
  ])('mask %i is cameras %j', (mask, cameras) => {
    expect(camerasOfMask(mask)).toEqual(cameras);
  });

  it.each([0, 32, -1, 1.5, NaN])('mask %d is refused', (mask) => {
    expect(() => camerasOfMask(mask)).toThrow(RangeError);
  });
});
