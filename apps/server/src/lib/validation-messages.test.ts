import { describe, expect, it } from 'vitest';
import { describeValidation, describeValidationErrors } from './validation-messages.js';

type Issue = Parameters<typeof describeValidation>[0];
const issue = (keyword: string, instancePath: string, params: object, message?: string) =>
  ({ keyword, instancePath, schemaPath: '', params, message }) as Issue;

describe('describeValidation', () => {
  it.each([
    [issue('required', '', { missingProperty: 'password' }), 'body', 'password is required'],
    [issue('required', '/filter', { missingProperty: 'from' }), 'body', 'filter.from is required'],
    [
      issue('minLength', '/password', { limit: 6 }),
      'body',
      'password must have at least 6 characters',
    ],
    [issue('minLength', '/name', { limit: 1 }), 'body', 'name must not be empty'],
    [issue('maxLength', '/name', { limit: 200 }), 'body', 'name must have at most 200 characters'],
    [
      issue('additionalProperties', '', { additionalProperty: 'x' }),
      'body',
      "body has unknown field 'x'",
    ],
    [issue('required', '', { requiredProperties: ['a', 'b'] }), 'body', 'a, b are required'],
    [
      issue('additionalProperties', '', { additionalProperties: ['x', 'y'] }),
      'body',
      "body has unknown fields 'x', 'y'",
    ],
    [issue('type', '/id', { type: 'integer' }, 'must be integer'), 'params', 'id must be integer'],
    [issue('type', '', { type: 'object' }, 'must be object'), 'body', 'body must be object'],
  ])('%# says %s', (given, context, expected) => {
    expect(describeValidation(given, context)).toBe(expected);
  });
});

it('drops the schema-is-false echo of an unknown field and repeats nothing', () => {
  const issues = [
    issue('boolean', '/x', {}, 'schema is false'),
    issue('additionalProperties', '', { additionalProperties: ['x'] }),
    issue('additionalProperties', '', { additionalProperties: ['x'] }),
  ];
  expect(describeValidationErrors(issues, 'body')).toBe("body has unknown field 'x'");
});
