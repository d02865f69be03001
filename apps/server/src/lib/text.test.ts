import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { isUsableDateTime } from './formats.js';
import { findNul, findNulOutsideOpen } from './text.js';

describe('findNul', () => {
  it.each([
    ['plain', undefined],
    ['a\u0000b', ''],
    [{ name: 'x', plate: 'a\u0000' }, '/plate'],
    [{ list: [1, 'ok', { deep: '\u0000' }] }, '/list/2/deep'],
    [{ 'ke\u0000y': 1 }, '/ke\\0y'],
    [[null, 3, true], undefined],
    ['\ud800 lone surrogate, ‮RTL, 🚚', undefined],
  ])('%j → %s', (value, path) => {
    expect(findNul(value)).toBe(path);
  });

  it('leaves alone what the schema leaves open', () => {
    const schema = Type.Object({ records: Type.Array(Type.Unknown()), name: Type.String() });
    expect(findNulOutsideOpen(schema, { records: [{ a: '\u0000' }], name: 'x' })).toBeUndefined();
    expect(findNulOutsideOpen(schema, { records: [], name: 'x\u0000' })).toBe('/name');
    expect(findNulOutsideOpen(schema, { records: [], extra: '\u0000' })).toBe('/extra');
  });
});

describe('isUsableDateTime', () => {
  it.each([
    ['2026-11-20T07:31:05Z', true],
    ['2026-11-20T07:31:05.123+01:00', true],
    ['2026-11-20T07:31:05+15:59', true],
    ['2026-11-20T07:31:05-15:00', true],
    ['2026-11-20T07:31:05+16:00', false],
    ['2026-11-20T07:31:05-23:59', false],
    ['2026-11-20T07:31:05Z[Europe/Amsterdam]', false],
    ['2026-12-31T23:59:60Z', false],
    ['0000-01-01T00:00:00Z', false],
    ['2026-11-20', false],
    ['2026-11-20T07:31:05', false],
  ])('%s → %s', (value, usable) => {
    expect(isUsableDateTime(value)).toBe(usable);
  });
});
