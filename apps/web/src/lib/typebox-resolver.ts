import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { TObject } from 'typebox';
import { Value } from 'typebox/value';

/** One problem with one field, in terms a translated message can be built from. */
export type Issue = {
  field: string;
  rule: 'required' | 'minLength' | 'maxLength' | 'invalid';
  limit?: number;
};

function toIssues(error: ReturnType<typeof Value.Errors>[number]): Issue[] {
  if (error.keyword === 'required')
    return error.params.requiredProperties.map((field) => ({ field, rule: 'required' }));
  const field = error.instancePath.split('/')[1];
  if (!field) return [];
  if (error.keyword === 'minLength')
    // An empty string against minLength 1 is what a user calls "required".
    return [
      error.params.limit <= 1
        ? { field, rule: 'required' }
        : { field, rule: 'minLength', limit: error.params.limit },
    ];
  if (error.keyword === 'maxLength')
    return [{ field, rule: 'maxLength', limit: error.params.limit }];
  return [{ field, rule: 'invalid' }];
}

/**
 * The first issue per top-level field of `values` against an object schema. Only the schema's
 * own properties are checked, so form-only fields (such as "remember me") pass through.
 */
export function schemaIssues(schema: TObject, values: Record<string, unknown>): Issue[] {
  const checked = Object.fromEntries(
    Object.keys(schema.properties)
      .filter((key) => values[key] !== undefined)
      .map((key) => [key, values[key]]),
  );
  const first = new Map<string, Issue>();
  for (const issue of Value.Errors(schema, checked).flatMap(toIssues))
    if (!first.has(issue.field)) first.set(issue.field, issue);
  return [...first.values()];
}

/** A react-hook-form resolver for a TypeBox 1.x object schema; `message` localises each issue. */
export function typeboxResolver<T extends FieldValues>(
  schema: TObject,
  message: (issue: Issue) => string,
): Resolver<T> {
  return (values) => {
    const issues = schemaIssues(schema, values);
    if (issues.length === 0) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of issues) errors[issue.field] = { type: issue.rule, message: message(issue) };
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
