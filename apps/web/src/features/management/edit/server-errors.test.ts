import { describe, expect, it } from 'vitest';
import { fieldOfError } from './server-errors';

const FIELDS = ['name', 'licencePlate', 'identifier', 'password'];

describe('fieldOfError', () => {
  it.each([
    ['VALIDATION_ERROR', 'name must not be empty', undefined, 'name'],
    ['VALIDATION_ERROR', 'licencePlate must have at most 20 characters', undefined, 'licencePlate'],
    ['VALIDATION_ERROR', 'password must have at least 6 characters', undefined, 'password'],
    // the first named field wins
    ['VALIDATION_ERROR', 'identifier is required; name must not be empty', undefined, 'identifier'],
    // a word that only contains a field's name is not that field
    ['VALIDATION_ERROR', 'request has unknown field surname', undefined, undefined],
    [
      'CONFLICT',
      "The identifier 'X-1' is not available; choose another",
      'identifier',
      'identifier',
    ],
    ['CONFLICT', "A group named 'North' already exists", 'name', 'name'],
    ['CONFLICT', "The identifier 'X-1' is not available", undefined, 'identifier'],
    // a refusal of the whole call stays at the form
    ['FORBIDDEN', 'name: you may not do this', 'name', undefined],
    [undefined, 'name', undefined, undefined],
  ])('%s "%s" (unique %s) → %s', (code, message, unique, field) => {
    expect(fieldOfError(code, message, FIELDS, unique)).toBe(field);
  });
});
