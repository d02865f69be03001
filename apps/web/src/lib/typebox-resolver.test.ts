import { LoginBody } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { schemaIssues, typeboxResolver, type Issue } from './typebox-resolver';

const valid = { organisation: 'Demo Transport', username: 'manager', password: 'demo-pass' };
const message = (issue: Issue) => `${issue.rule}${issue.limit ?? ''}`;
const resolve = (values: Record<string, unknown>) =>
  typeboxResolver(LoginBody, message)(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  });

describe('schemaIssues with the sign-in schema (spec §5)', () => {
  it('finds nothing wrong with a complete sign-in, ignoring form-only fields', () => {
    expect(schemaIssues(LoginBody, { ...valid, rememberMe: true })).toEqual([]);
  });

  it('calls empty and missing fields required', () => {
    expect(schemaIssues(LoginBody, { organisation: '', username: '' })).toEqual([
      { field: 'password', rule: 'required' },
      { field: 'organisation', rule: 'required' },
      { field: 'username', rule: 'required' },
    ]);
  });

  it('calls an empty password required, not too short (issue 7 §6)', () => {
    expect(schemaIssues(LoginBody, { ...valid, password: '' })).toEqual([
      { field: 'password', rule: 'required' },
    ]);
  });

  it('asks for at least 6 password characters', () => {
    expect(schemaIssues(LoginBody, { ...valid, password: '12345' })).toEqual([
      { field: 'password', rule: 'minLength', limit: 6 },
    ]);
  });
});

describe('typeboxResolver', () => {
  it('passes valid values on unchanged', async () => {
    expect(await resolve({ ...valid, rememberMe: false })).toEqual({
      values: { ...valid, rememberMe: false },
      errors: {},
    });
  });

  it('returns one localised error per field', async () => {
    expect(await resolve({ organisation: '', username: 'x', password: 'abc' })).toEqual({
      values: {},
      errors: {
        organisation: { type: 'required', message: 'required' },
        password: { type: 'minLength', message: 'minLength6' },
      },
    });
  });
});
