import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Format } from 'typebox/format';
import { Value } from 'typebox/value';

// TypeBox's date-time also passes leap seconds and RFC 9557 suffixes ('…Z[Europe/Amsterdam]'),
// which Date cannot read; a time the server cannot use is a 400, not a 500.
Format.Set('date-time', (value) => Format.IsDateTime(value) && !Number.isNaN(Date.parse(value)));

type Issue = {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: object;
  message: string;
};

/**
 * Query and path values arrive as text and are converted; a conversion that
 * loses something ('1.5' read as the integer 1, 'abc' as 0) is an error.
 */
export function lossyConversions(schema: TSchema, original: unknown, converted: unknown): Issue[] {
  const properties = (schema as { properties?: Record<string, { type?: string }> }).properties;
  if (!properties || typeof original !== 'object' || original === null) return [];
  return Object.entries(properties).flatMap(([key, property]) => {
    const before = (original as Record<string, unknown>)[key];
    const after = (converted as Record<string, unknown>)[key];
    if (typeof before !== 'string' || typeof after !== 'number' || String(after) === before.trim())
      return [];
    const type = property.type === 'integer' ? 'integer' : 'number';
    return [
      {
        keyword: 'type',
        instancePath: `/${key}`,
        schemaPath: '#',
        params: { type },
        message: `must be ${type}`,
      },
    ];
  });
}

/** TypeBox checks every request part; bodies are taken exactly as sent (no coercion, unknown fields refused). */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  return (value: unknown) => {
    // Convert works in place on objects: keep the original text to compare against.
    const converted = httpPart === 'body' ? value : Value.Convert(schema, structuredClone(value));
    const lossy = httpPart === 'body' ? [] : lossyConversions(schema, value, converted);
    if (!lossy.length && check.Check(converted)) return { value: converted };
    return { error: (lossy.length ? lossy : [...check.Errors(converted)]) as never };
  };
};
