import { describe, expect, it } from 'vitest';
import { containsPattern } from './list-page.js';

describe('containsPattern', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    ['Truck', '%truck%'],
    ['  Volvo FH ', '%volvo fh%'],
    ['50%', '%50\\%%'],
    ['a_b', '%a\\_b%'],
    ['back\\slash', '%back\\\\slash%'],
  ])('%j → %j', (text, pattern) => {
    expect(containsPattern(text)).toBe(pattern);
  });
});
