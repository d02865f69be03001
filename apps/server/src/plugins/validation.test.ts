import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { validatorCompiler } from './validation.js';

const params = Type.Object({ id: Type.Integer({ minimum: 1 }) });
const query = Type.Object({
  ratio: Type.Optional(Type.Number()),
  name: Type.Optional(Type.String()),
});
const body = Type.Object({ name: Type.String() }, { additionalProperties: false });
const validate = (schema: object, httpPart: string, value: unknown) =>
  (
    validatorCompiler({ schema, httpPart, url: '/', method: 'GET' } as never) as (v: unknown) => {
      value?: unknown;
      error?: unknown;
    }
  )(value);

describe('validatorCompiler', () => {
  it.each([
    [params, 'params', { id: '42' }, { id: 42 }],
    [query, 'querystring', { ratio: '1.5' }, { ratio: 1.5 }],
    [query, 'querystring', { name: '12' }, { name: '12' }],
  ])('converts %# text to the schema type', (schema, part, value, expected) => {
    expect(validate(schema, part, value)).toEqual({ value: expected });
  });

  it.each([
    [params, 'params', { id: '1.5' }],
    [params, 'params', { id: 'abc' }],
    [params, 'params', { id: '0' }],
    [params, 'params', { id: '1e3' }],
    [query, 'querystring', { ratio: 'lots' }],
    [body, 'body', { name: 42 }],
    [body, 'body', { name: 'x', extra: true }],
  ])('refuses %# a value that does not fit', (schema, part, value) => {
    expect(validate(schema, part, value).error).toBeDefined();
  });
});
