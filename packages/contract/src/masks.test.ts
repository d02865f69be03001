import { describe, expect, it } from 'vitest';
import {
  CAMERA_BITS,
  CAMERAS,
  decodeAlarmMask,
  decodeCameraMask,
  decodeEventMask,
  encodeAlarmMask,
  encodeCameraMask,
  encodeEventMask,
  MASK_BITS,
  MASK_EVENTS,
  hasMaskBit,
  maskBit,
  maskError,
  maskMax,
  parseMask,
  setMaskBit,
  type Camera,
  type EventMaskSelection,
  type MaskKind,
} from './masks.js';

describe('camera mask', () => {
  it.each<[Camera[], number]>([
    [[], 0],
    [['FRONT'], 1],
    [['REAR'], 2],
    [['LEFT'], 4],
    [['RIGHT'], 8],
    [['DRIVER'], 16],
    [['FRONT', 'DRIVER'], 17],
    [['FRONT', 'REAR', 'LEFT', 'RIGHT'], 15],
    [['FRONT', 'REAR', 'LEFT', 'RIGHT', 'DRIVER'], 31],
  ])('%j ⇄ %i', (cameras, mask) => {
    expect(encodeCameraMask(cameras)).toBe(mask);
    expect(decodeCameraMask(mask)).toEqual(cameras);
    expect(decodeCameraMask(String(mask))).toEqual(cameras);
  });

  it('counts a repeated camera once and decodes in camera order', () => {
    expect(encodeCameraMask(['DRIVER', 'FRONT', 'DRIVER'])).toBe(17);
    expect(decodeCameraMask(17)).toEqual(['FRONT', 'DRIVER']);
  });

  it('has the bits of spec §3', () => {
    expect(CAMERA_BITS).toEqual({ FRONT: 1, REAR: 2, LEFT: 4, RIGHT: 8, DRIVER: 16 });
  });

  it.each([32, -1, 1.5, Number.NaN, '32', 'abc', ''])('refuses to decode %j', (mask) => {
    expect(() => decodeCameraMask(mask)).toThrow(RangeError);
  });
});

describe('alarm mask', () => {
  it.each<[{ picture: Camera[]; video: Camera[] }, number]>([
    [{ picture: [], video: [] }, 0],
    [{ picture: ['FRONT'], video: [] }, 1],
    [{ picture: ['DRIVER'], video: [] }, 16],
    [{ picture: [], video: ['FRONT'] }, 32],
    [{ picture: [], video: ['REAR'] }, 64],
    [{ picture: [], video: ['LEFT'] }, 128],
    [{ picture: [], video: ['RIGHT'] }, 256],
    [{ picture: [], video: ['DRIVER'] }, 512],
    [{ picture: ['FRONT'], video: ['FRONT'] }, 33],
    [{ picture: [...CAMERAS], video: ['FRONT', 'DRIVER'] }, 31 + 32 + 512],
    [{ picture: [...CAMERAS], video: [...CAMERAS] }, 1023],
  ])('%j ⇄ %i', (selection, mask) => {
    expect(encodeAlarmMask(selection)).toBe(mask);
    expect(decodeAlarmMask(mask)).toEqual(selection);
  });

  it('takes a missing side as no cameras', () => {
    expect(encodeAlarmMask({ video: ['REAR'] })).toBe(64);
    expect(encodeAlarmMask({})).toBe(0);
  });

  it.each([1024, -1, '1024', '1e3'])('refuses to decode %j', (mask) => {
    expect(() => decodeAlarmMask(mask)).toThrow(RangeError);
  });
});

describe('event mask', () => {
  const none = { picture: [], video: [] };
  const empty = Object.fromEntries(MASK_EVENTS.map((e) => [e, none])) as EventMaskSelection;

  it.each<[Partial<EventMaskSelection>, string]>([
    [{}, '0'],
    // event 0, picture Front: bit 0
    [{ EMERGENCY_BRAKE: { picture: ['FRONT'], video: [] } }, '1'],
    // event 0, video Driver: bit 9
    [{ EMERGENCY_BRAKE: { picture: [], video: ['DRIVER'] } }, '512'],
    // event 1, picture Front: bit 10
    [{ HARSH_BRAKE: { picture: ['FRONT'], video: [] } }, '1024'],
    // event 2, video Front: bit 20 + 5
    [{ HARSH_ACCELERATION: { picture: [], video: ['FRONT'] } }, String(2 ** 25)],
    // event 5, video Driver: bit 59, beyond Number.MAX_SAFE_INTEGER
    [{ IDLE_START: { picture: [], video: ['DRIVER'] } }, '576460752303423488'],
    // event 5, picture Front (bit 50) + event 0 picture Front (bit 0)
    [
      {
        EMERGENCY_BRAKE: { picture: ['FRONT'], video: [] },
        IDLE_START: { picture: ['FRONT'], video: [] },
      },
      '1125899906842625',
    ],
    // every bit: 2^60 − 1
    [
      Object.fromEntries(
        MASK_EVENTS.map((e) => [e, { picture: [...CAMERAS], video: [...CAMERAS] }]),
      ),
      '1152921504606846975',
    ],
  ])('%j ⇄ %s', (selection, mask) => {
    expect(encodeEventMask(selection)).toBe(mask);
    expect(decodeEventMask(mask)).toEqual({ ...empty, ...selection });
  });

  it('keeps all 60 bits exact through a round trip', () => {
    const selection = {
      ...empty,
      EMERGENCY_BRAKE: { picture: ['FRONT', 'DRIVER'], video: ['FRONT'] },
      OVER_SPEED_START: { picture: ['REAR'], video: [] },
      IDLE_START: { picture: ['RIGHT'], video: ['LEFT', 'DRIVER'] },
    } as EventMaskSelection;
    const text = encodeEventMask(selection);
    expect(BigInt(text) > BigInt(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(decodeEventMask(text)).toEqual(selection);
    expect(decodeEventMask(BigInt(text))).toEqual(selection);
  });

  it.each(['1152921504606846976', '-1', '12.5', 'x', ' '])('refuses to decode %j', (mask) => {
    expect(() => decodeEventMask(mask)).toThrow(RangeError);
  });
});

describe('parseMask and maskError', () => {
  it('sizes the masks 5, 10 and 60 bits', () => {
    expect(MASK_BITS).toEqual({ cameraMask: 5, alarmMask: 10, eventMask: 60 });
    expect(maskMax('cameraMask')).toBe(31n);
    expect(maskMax('alarmMask')).toBe(1023n);
    expect(maskMax('eventMask')).toBe(2n ** 60n - 1n);
  });

  it.each<[MaskKind, string, bigint | undefined]>([
    ['cameraMask', '0', 0n],
    ['cameraMask', '31', 31n],
    ['cameraMask', ' 17 ', 17n],
    ['cameraMask', '007', 7n],
    ['cameraMask', '32', undefined],
    ['cameraMask', '-1', undefined],
    ['cameraMask', '+1', undefined],
    ['cameraMask', '1.0', undefined],
    ['cameraMask', '0x1f', undefined],
    ['cameraMask', '', undefined],
    ['alarmMask', '1023', 1023n],
    ['alarmMask', '1024', undefined],
    ['eventMask', '1152921504606846975', 2n ** 60n - 1n],
    ['eventMask', '1152921504606846976', undefined],
    ['eventMask', '9'.repeat(500), undefined],
  ])('%s %j → %s', (kind, text, expected) => {
    expect(parseMask(kind, text)).toBe(expected);
    expect(maskError(kind, text) === undefined).toBe(expected !== undefined);
  });

  it('says what a valid mask is', () => {
    expect(maskError('cameraMask', '99')).toBe(
      'must be a camera mask: a whole number from 0 to 31',
    );
    expect(maskError('eventMask', 'x')).toBe(
      'must be an event mask: a whole number from 0 to 1152921504606846975',
    );
  });
});

describe('mask editor bits', () => {
  it.each<[Camera, 'picture' | 'video', (typeof MASK_EVENTS)[number] | undefined, number]>([
    ['FRONT', 'picture', undefined, 0],
    ['DRIVER', 'picture', undefined, 4],
    ['FRONT', 'video', undefined, 5],
    ['DRIVER', 'video', undefined, 9],
    ['FRONT', 'picture', 'EMERGENCY_BRAKE', 0],
    ['REAR', 'video', 'HARSH_BRAKE', 16],
    ['DRIVER', 'video', 'IDLE_START', 59],
  ])('%s %s of %s is bit %i', (camera, medium, event, bit) => {
    expect(maskBit(camera, medium, event)).toBe(bit);
  });

  it('sets and clears bits above 2^53 exactly', () => {
    const top = maskBit('DRIVER', 'video', 'IDLE_START');
    const set = setMaskBit('eventMask', '0', top, true);
    expect(set).toBe((1n << 59n).toString());
    expect(set).toBe('576460752303423488');
    const both = setMaskBit('eventMask', set, 0, true);
    expect(both).toBe('576460752303423489');
    expect(hasMaskBit('eventMask', both, top)).toBe(true);
    expect(hasMaskBit('eventMask', both, 1)).toBe(false);
    expect(setMaskBit('eventMask', both, top, false)).toBe('1');
    // every bit: the largest mask
    let all = '0';
    for (let bit = 0; bit < 60; bit++) all = setMaskBit('eventMask', all, bit, true);
    expect(all).toBe(maskMax('eventMask').toString());
    // and it agrees with the event encoder
    expect(setMaskBit('eventMask', '0', maskBit('FRONT', 'video', 'OVER_SPEED_START'), true)).toBe(
      encodeEventMask({ OVER_SPEED_START: { video: ['FRONT'] } }),
    );
  });

  it('counts invalid text as 0 and refuses a bit outside the mask', () => {
    expect(setMaskBit('cameraMask', 'abc', 1, true)).toBe('2');
    expect(setMaskBit('cameraMask', '99', 0, true)).toBe('1');
    expect(hasMaskBit('cameraMask', 'abc', 0)).toBe(false);
    expect(setMaskBit('alarmMask', '1023', 9, false)).toBe('511');
    expect(() => setMaskBit('cameraMask', '0', 5, true)).toThrow(RangeError);
    expect(() => setMaskBit('alarmMask', '0', -1, true)).toThrow(RangeError);
    expect(() => setMaskBit('eventMask', '0', 60, true)).toThrow(RangeError);
  });
});
