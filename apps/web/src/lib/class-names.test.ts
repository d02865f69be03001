import { describe, expect, it } from 'vitest';
import { fieldClasses } from './class-names';

describe('field classes (spec §5)', () => {
  it.each([
    [false, false, true, 'is-valid'],
    [true, false, true, 'is-invalid'],
    [false, true, true, 'is-valid is-dirty'],
    [true, true, true, 'is-invalid is-dirty'],
    [false, true, false, 'is-dirty'],
    [false, false, false, ''],
  ])('invalid %s, dirty %s, checked %s: "%s"', (invalid, dirty, checked, classes) => {
    expect(fieldClasses(invalid, dirty, checked)).toBe(classes);
  });
});
