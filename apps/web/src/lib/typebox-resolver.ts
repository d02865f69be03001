import type { FieldError, FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { TObject } from 'typebox';
import { fieldIssues, type Issue } from './schema-check';

export type { Issue };

/** The first issue per top-level field of `values` against an object schema (lib/schema-check). */
export const schemaIssues = (schema: TObject, values: Record<string, unknown>): Issue[] =>
  fieldIssues(schema, values);

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
