import type { FastifySchemaCompiler } from 'fastify';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { Value } from 'typebox/value';
import { findNulOutsideOpen, nulIssue } from '../lib/text.js';

// Registers the date-time format the server can use (see there).
import '../lib/formats.js';

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

/**
 * TypeBox checks every request part; bodies are taken exactly as sent (no coercion, unknown
 * fields refused). No part may hold a NUL character: PostgreSQL cannot store it, so every
 * route refuses it here, before any lookup (parts a schema leaves open are checked where
 * they are read, as the device batches' items are).
 */
export const validatorCompiler: FastifySchemaCompiler<TSchema> = ({ schema, httpPart }) => {
  const check = Compile(schema);
  return (value: unknown) => {
    const nul = findNulOutsideOpen(schema, value);
    if (nul !== undefined) return { error: [nulIssue(nul)] as never };
    // Convert works in place on objects: keep the original text to compare against.
    const converted = httpPart === 'body' ? value : Value.Convert(schema, structuredClone(value));
    const lossy = httpPart === 'body' ? [] : lossyConversions(schema, value, converted);
    if (!lossy.length && check.Check(converted)) return { value: converted };
    return { error: (lossy.length ? lossy : [...check.Errors(converted)]) as never };
  };
};
