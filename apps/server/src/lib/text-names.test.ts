import { describe, expect, it } from 'vitest';
import { NAME_TABLE } from '../test/look-alike-names.js';
import { nameKey, normaliseName, visibleName } from './text.js';

describe('normaliseName', () => {
  it.each(NAME_TABLE)('%j → %j', (input, expected) => {
    expect(normaliseName(input)).toBe(expected);
  });

  it('is idempotent', () => {
    for (const [input] of NAME_TABLE)
      expect(normaliseName(normaliseName(input))).toBe(normaliseName(input));
  });

  it('makes look-alikes one key regardless of case', () => {
    const keys = ['Manager', 'manager\u200b', '\uff4danager', '\u2133ANAGER'].map(nameKey);
    expect(new Set(keys)).toEqual(new Set(['manager']));
  });

  it('refuses a name with nothing visible (400)', () => {
    expect(() => visibleName('\u200b\u200d', 'username')).toThrow(
      expect.objectContaining({
        statusCode: 400,
        code: 'VALIDATION_ERROR',
        message: 'username must have a visible character',
      }),
    );
    expect(visibleName(' \uff4danager ', 'username')).toBe('manager');
  });
});
