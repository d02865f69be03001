import { Type } from 'typebox';
import { Compile } from 'typebox/compile';
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
    [
      issue('type', '/id', { type: 'integer' }, 'must be integer'),
      'params',
      'id must be an integer',
    ],
    [issue('type', '', { type: 'object' }, 'must be object'), 'body', 'body must be an object'],
    [issue('pattern', '/name', { pattern: '\\S' }), 'body', 'name must have a visible character'],
    [
      issue('pattern', '/code', { pattern: '^[a-z]{3}$' }),
      'body',
      'code is not in the form it must have',
    ],
    [
      issue('format', '/from', { format: 'date-time' }),
      'querystring',
      'from must be a date and time with an offset, such as 2026-11-26T08:00:00+01:00',
    ],
    [issue('enum', '/e', { allowedValues: ['X', 'Y'] }), 'body', "e must be one of 'X', 'Y'"],
    [issue('maximum', '/limit', { limit: 1000 }), 'querystring', 'limit must be at most 1000'],
    [issue('minItems', '/ids', { limit: 1 }), 'body', 'ids must hold at least 1 items'],
    [
      issue('nul', '/name', {}, 'must not contain a NUL character'),
      'body',
      'name must not contain a NUL character',
    ],
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

describe('unions and patterns in words, never a regular expression nor "anyOf" (issue 19 §10)', () => {
  const say = (schema: ReturnType<typeof Type.Object>, value: unknown) =>
    describeValidationErrors([...Compile(schema).Errors(value)] as never, 'body');

  it.each([
    [
      'a constant or a list',
      Type.Object({ groups: Type.Union([Type.Literal('ALL'), Type.Array(Type.Integer())]) }),
      { groups: 'all' },
      "groups must be 'ALL' or a list",
    ],
    [
      'the bad item of the list it is',
      Type.Object({ groups: Type.Union([Type.Literal('ALL'), Type.Array(Type.Integer())]) }),
      { groups: [1, 'a'] },
      'groups.1 must be an integer',
    ],
    [
      'one of some constants',
      Type.Object({ kind: Type.Union([Type.Literal('A'), Type.Literal('B')]) }),
      { kind: 'C' },
      "kind must be 'A' or 'B'",
    ],
    [
      'a nullable text',
      Type.Object({ name: Type.Union([Type.String({ pattern: '\\S' }), Type.Null()]) }),
      { name: 3 },
      'name must be text or null',
    ],
    [
      'a blank name',
      Type.Object({ name: Type.String({ pattern: '\\S' }) }),
      { name: '  ' },
      'name must have a visible character',
    ],
  ])('%s', (_, schema, value, expected) => {
    const message = say(schema, value);
    expect(message).toBe(expected);
    expect(message).not.toMatch(/pattern|anyOf|\\S|must match/);
  });
});
