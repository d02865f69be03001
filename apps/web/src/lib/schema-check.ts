import type { Static, TSchema } from 'typebox';

/**
 * Checks values against the contract's schemas in the browser. The contract's
 * client-side schemas are flat (strings with lengths, integers, enums, simple
 * objects), so this small reading of JSON Schema does what typebox/value
 * would, without its weight on the sign-in page (a budget of 150 kB).
 */
type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  enum?: unknown[];
  anyOf?: Schema[];
};

const length = (text: string) => [...text].length;

function inRange(schema: Schema, value: number): boolean {
  return value >= (schema.minimum ?? -Infinity) && value <= (schema.maximum ?? Infinity);
}

function fits(schema: Schema, value: unknown): boolean {
  if (schema.anyOf) return schema.anyOf.some((s) => fits(s, value));
  if (schema.enum && !schema.enum.includes(value)) return false;
  switch (schema.type) {
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
      const record = value as Record<string, unknown>;
      return (
        (schema.required ?? []).every((key) => record[key] !== undefined) &&
        Object.entries(schema.properties ?? {}).every(
          ([key, property]) => record[key] === undefined || fits(property, record[key]),
        )
      );
    }
    case 'string':
      return (
        typeof value === 'string' &&
        length(value) >= (schema.minLength ?? 0) &&
        length(value) <= (schema.maxLength ?? Infinity) &&
        (!schema.pattern || new RegExp(schema.pattern, 'u').test(value))
      );
    case 'integer':
      return Number.isInteger(value) && inRange(schema, value as number);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) && inRange(schema, value);
    case 'boolean':
      return typeof value === 'boolean';
    case 'null':
      return value === null;
    default:
      return true;
  }
}

/** Whether `value` fits the schema. */
export function matches<T extends TSchema>(schema: T, value: unknown): value is Static<T> {
  return fits(schema as unknown as Schema, value);
}

/** One problem with one field of a form, for a translated message. */
export type Issue = {
  field: string;
  rule: 'required' | 'minLength' | 'maxLength' | 'invalid';
  limit?: number;
};

/**
 * The first problem per top-level field: missing required fields first, then
 * each given field in schema order. Fields the schema does not know (form-only
 * ones such as "remember me") pass through.
 */
export function fieldIssues(schema: TSchema, values: Record<string, unknown>): Issue[] {
  const object = schema as unknown as Schema;
  const issues: Issue[] = (object.required ?? [])
    .filter((field) => values[field] === undefined)
    .map((field) => ({ field, rule: 'required' }));
  for (const [field, property] of Object.entries(object.properties ?? {})) {
    const value = values[field];
    if (value === undefined || fits(property, value)) continue;
    if (typeof value === 'string' && property.type === 'string') {
      const min = property.minLength ?? 0;
      // An empty string is what a user calls "required", whatever the minimum length.
      if (length(value) < min) {
        issues.push(
          length(value) === 0
            ? { field, rule: 'required' }
            : { field, rule: 'minLength', limit: min },
        );
        continue;
      }
      if (length(value) > (property.maxLength ?? Infinity)) {
        issues.push({ field, rule: 'maxLength', limit: property.maxLength });
        continue;
      }
    }
    issues.push({ field, rule: 'invalid' });
  }
  return issues;
}
