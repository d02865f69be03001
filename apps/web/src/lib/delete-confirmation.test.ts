import { describe, expect, it } from 'vitest';
import { deleteConfirmation } from './delete-confirmation';

describe('deleteConfirmation', () => {
  it.each([
    ['Acme', '', false, false],
    ['Acme', 'Ac', false, false],
    ['Acme', 'Acme', true, false],
    ['Acme', '  Acme ', true, false],
    ['Acme', 'Acmf', false, true],
    ['Acme', 'Acme Ltd', false, true],
    ['Acme', 'acme', false, true],
    // No organisation's name known yet: nothing confirms.
    ['', '', false, false],
    ['', 'x', false, true],
  ])('name %j, typed %j: confirmed %s, mismatch %s', (name, typed, confirmed, mismatch) => {
    expect(deleteConfirmation(name, typed)).toEqual({ confirmed, mismatch });
  });
});
