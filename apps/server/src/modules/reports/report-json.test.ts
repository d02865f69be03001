import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ReportInterval } from '@fleet/contract';
import { numberJson, reportIntervalJson } from './report-json.js';

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
}

const NUMBERS = [0, 12, 0.1, 3996.259, 87.45, 0.001, 999_999_999_999.999, 3996.2591634103983];
const STRINGS = ['2026-11-05T23:00:00.000Z', 'Truck "A" \\ ✓', 'π\u0001\ud800', ''];

/**
 * A value of `schema` with every property, every branch of a union and two items in every
 * array, so that a field the writer leaves out, or writes otherwise, shows. With `sparse`,
 * every other object leaves its optional properties out.
 */
function sample(schema: Schema, sparse: boolean, counter = { n: 0 }): unknown {
  const n = counter.n++;
  if (schema.anyOf) return sample(schema.anyOf[n % schema.anyOf.length]!, sparse, counter);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {})
          .filter(([key]) => !sparse || n % 2 === 0 || schema.required?.includes(key))
          .map(([key, property]) => [key, sample(property, sparse, counter)]),
      );
    case 'array':
      return [sample(schema.items!, sparse, counter), sample(schema.items!, sparse, counter)];
    case 'string':
      return STRINGS[n % STRINGS.length];
    case 'number':
      return NUMBERS[n % NUMBERS.length];
    case 'integer':
      return (n % 3) - 1 + n * 1000;
    case 'null':
      return null;
    default:
      throw new Error(`no sample for ${JSON.stringify(schema)}`);
  }
}

/** What the route's response schema makes of an interval (fast-json-stringify, in Fastify). */
async function schemaJson(interval: unknown): Promise<string> {
  const app = Fastify();
  app.get('/', { schema: { response: { 200: ReportInterval } } }, async () => interval);
  const response = await app.inject('/');
  await app.close();
  return response.body;
}

describe('reportIntervalJson', () => {
  it.each([
    ['every field', false],
    ['optional fields left out', true],
  ])('writes what the schema would, %s', async (_what, sparse) => {
    const interval = sample(ReportInterval as Schema, sparse) as ReportInterval;
    const text = reportIntervalJson(interval);
    expect(text).toBe(await schemaJson(interval));
    expect(JSON.parse(text)).toBeTruthy();
  });
});

describe('numberJson', () => {
  it.each([
    [0, '0'],
    [-0, '0'],
    [12, '12'],
    [0.1, '0.1'],
    [0.001, '0.001'],
    [0.01, '0.01'],
    [1.05, '1.05'],
    [1.005, '1.005'],
    [-1.5, '-1.5'],
    [-0.25, '-0.25'],
    [3996.259, '3996.259'],
    [999_999_999_999.999, '999999999999.999'],
    [3996.2591634103983, '3996.2591634103983'],
    [1e21, '1e+21'],
    [1e-7, '1e-7'],
    [Infinity, 'null'],
    [NaN, 'null'],
  ])('%d is %s', (value, text) => {
    expect(numberJson(value)).toBe(text);
  });

  it('writes any value to three decimals as String() does', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    for (let i = 0; i < 20_000; i++) {
      const digits = i % 13;
      const value = Math.round(random() * 10 ** digits * 1000) / 1000;
      expect(numberJson(value), String(value)).toBe(String(value));
    }
  });
});
