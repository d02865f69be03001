import type { AddressInfo } from 'node:net';
import type { InjectOptions } from 'fastify';
import { sql } from 'kysely';
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { afterAll, beforeAll, expect, it } from 'vitest';
import '../lib/formats.js';
import { findNul } from '../lib/text.js';
import { dribble, requestHead } from './dribble.js';
import { fleetSeed } from './fleet-seed.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Every route of every base in the OpenAPI document the app serves (so a route added later
 * is covered without anyone remembering) gets hostile input: ids out of range, wrong types,
 * missing and unknown fields, 1 MB strings, NUL and odd unicode, reversed and 50-year
 * periods, malformed JSON, wrong content types; signed in as the OEM user and once without
 * a token. Each answer must be below 500, each 4xx `{code, message}`, and no table may change.
 *
 * A write route only gets the real ids of its records with input its schema refuses; any
 * other input goes to an id that does not exist, so even an accepted value cannot write.
 */

/** Tables a refused request may still write: failed sign-ins are counted, addresses cached. */
const AUDIT_TABLES = ['login_failures', 'geocode_cache'];
const ABSENT_ID = '2147483647';

type Schema = {
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minItems?: number;
  minLength?: number;
  minimum?: number;
  maximum?: number;
  additionalProperties?: boolean;
};
type Parameter = { in: 'path' | 'query'; name: string; schema: Schema; required?: boolean };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
};

let t: TestApp;
let token: string;
let deviceToken: string;
const realIds: Record<string, number> = {};

beforeAll(async () => {
  // A short body deadline for the slow bodies (app.inject's bodies are not timed).
  t = await createTestApp({ BODY_TIMEOUT: '1', BODY_MIN_RATE: '1000' });
  const demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  const asset = await seed.asset(demo);
  const driver = await seed.driver(demo);
  const device = await seed.device(demo);
  deviceToken = device.credential;
  const group = await seed.group(demo);
  const configurationGroup = await seed.configurationGroup(demo);
  const deviceLink = await seed.deviceLink(asset.id, device.id, '2026-11-01T00:00:00Z');
  const driverLink = await seed.driverLink(asset.id, driver.id, '2026-11-01T00:00:00Z');
  await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: {
      records: [
        { timestamp: '2026-11-10T08:00:00Z', transferReason: 'TRIP_START', odometer: 1000 },
        { timestamp: '2026-11-10T09:00:00Z', transferReason: 'TRIP_STOP', odometer: 61000 },
      ],
    },
  });
  await t.app.services.engine.drain();
  const user = await t.db
    .selectFrom('users')
    .select('id')
    .where('username', '=', 'manager')
    .executeTakeFirstOrThrow();
  Object.assign(realIds, {
    organisations: demo,
    assets: asset.id,
    drivers: driver.id,
    devices: device.id,
    groups: group.id,
    configurationgroups: configurationGroup.id,
    devicelinks: deviceLink.id,
    driverlinks: driverLink.id,
    users: user.id,
    assetId: asset.id,
    driverId: driver.id,
    deviceId: device.id,
  });
  // Issue 21 §1: a zone, so PUT and DELETE zones/{id} get a real one with refused input.
  const zone = await t.as('oem', {
    method: 'POST',
    url: `/api/organisations/${demo}/zones`,
    payload: {
      name: 'Fuzz yard',
      shape: { type: 'circle', center: [4.8, 52.1], radius: 200 },
      speedLimit: 30,
      groupId: null,
      colour: '#3366cc',
    },
  });
  realIds.zones = zone.json<{ id: number }>().id;
  token = (await t.login('oem')).accessToken;
}, 120_000);
afterAll(() => t.close());

/** A digest of every table but the audit ones: equal before and after means nothing was written. */
async function tableDigests(): Promise<Record<string, string>> {
  const { rows } = await sql<{ table_name: string }>`
    SELECT table_name FROM information_schema.tables
    WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`.execute(t.db);
  const digests: Record<string, string> = {};
  for (const { table_name: table } of rows) {
    if (AUDIT_TABLES.includes(table) || table.startsWith('kysely_')) continue;
    const { rows: digest } = await sql<{ digest: string | null; n: number }>`
      SELECT md5(string_agg(x::text, ',' ORDER BY x::text)) AS digest, count(*)::integer AS n
      FROM ${sql.table(table)} x`.execute(t.db);
    digests[table] = `${digest[0]?.n}:${digest[0]?.digest}`;
  }
  return digests;
}

/** OpenAPI 3.0's `nullable: true` as JSON Schema, so TypeBox can tell what a schema refuses. */
function jsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(jsonSchema);
  if (typeof schema !== 'object' || schema === null) return schema;
  const { nullable, ...rest } = schema as Record<string, unknown>;
  const converted = Object.fromEntries(
    Object.entries(rest).map(([k, v]) => [k, k === 'enum' || k === 'const' ? v : jsonSchema(v)]),
  );
  return nullable ? { anyOf: [converted, { type: 'null' }] } : converted;
}

const options = (schema: Schema) => [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
const typeOf = (schema: Schema): string | undefined => {
  if (schema.enum || schema.const !== undefined) return 'enum';
  if (Array.isArray(schema.type)) return schema.type.find((x) => x !== 'null');
  return (
    schema.type ??
    options(schema)
      .map(typeOf)
      .find((x) => x && x !== 'null')
  );
};

/** A value the schema accepts (as far as a small generator can tell). */
function sample(schema: Schema): unknown {
  const choice = options(schema).find((o) => o.type !== 'null');
  if (choice) return sample(choice);
  if (schema.enum) return schema.enum[0];
  if (schema.const !== undefined) return schema.const;
  switch (typeOf(schema)) {
    case 'string':
      if (schema.format === 'date-time') return '2026-11-10T00:00:00Z';
      return 'Fuzz'.padEnd(schema.minLength ?? 0, 'z');
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 1, 1), schema.maximum ?? Infinity);
    case 'boolean':
      return true;
    case 'array':
      return schema.minItems ? [sample(schema.items ?? {})] : [];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v)]),
      );
    default:
      return null;
  }
}

const MEGABYTE = 'a'.repeat(1024 * 1024);
const DEEP_ARRAY = '['.repeat(3600) + ']'.repeat(3600);
const DEEP_OBJECT = '{"a":'.repeat(3600) + '1' + '}'.repeat(3600);
const ODD_TEXT = ['\ud800', '\udfff lone', '\u202eRTL text', '🚚💥', 'e\u0301\u200b\ufeff', ' '];
const BAD_TIMES = [
  '2026-11-20T07:31:05+16:00',
  '2026-11-20T07:31:05-23:59',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '2026-02-30T00:00:00Z',
  '2026-11-20T07:31:05Z[Europe/Amsterdam]',
  '2026-11-20',
];

/** Values of the wrong type, out of range or otherwise hostile, for a field of this schema. */
function hostileValues(schema: Schema): unknown[] {
  const type = typeOf(schema);
  const common: unknown[] = [null, {}, [], true, 'x\u0000y'];
  switch (type) {
    case 'string':
      return [
        ...common,
        12345,
        '',
        MEGABYTE,
        'b'.repeat(100_000),
        ...ODD_TEXT,
        ...(schema.format === 'date-time' ? BAD_TIMES : []),
      ];
    case 'integer':
    case 'number':
      return [...common, 'abc', '1', 1.5, 2147483648, -1, 0, 1e308, -1e-9, 1e20];
    case 'boolean':
      return [...common, 'true', 1, 0];
    case 'array':
      return [...common, 'x', [null], ['x\u0000'], [2147483648], [-1], [1.5], Array(6000).fill(1)];
    case 'object':
      return [...common, 'x', 42];
    case 'enum':
      return [...common, 'NOT_ONE', 42, ...ODD_TEXT];
    default:
      return common;
  }
}

/** What every route must refuse whatever its schema says: NUL, numbers beyond PostgreSQL's integer. */
function outOfRange(value: unknown): boolean {
  if (findNul(value) !== undefined) return true;
  if (typeof value === 'number') return Math.abs(value) > 2147483647;
  if (typeof value === 'object' && value !== null) return Object.values(value).some(outOfRange);
  return false;
}

interface Case {
  route: string;
  what: string;
  request: InjectOptions;
}

/** The cases of one operation. */
function casesOf(method: string, path: string, operation: Operation): Case[] {
  const route = `${method} ${path}`;
  const write = method !== 'GET';
  const parameters = operation.parameters ?? [];
  const pathParams = parameters.filter((p) => p.in === 'path');
  const queryParams = parameters.filter((p) => p.in === 'query');
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const check = bodySchema ? Compile(jsonSchema(bodySchema) as TSchema) : undefined;

  const realId = (name: string, at: number) => {
    const segment = path.split('/')[at - 1] ?? '';
    return String(realIds[name] ?? realIds[segment] ?? 1);
  };
  const urlOf = (ids: Record<string, string>, query: Record<string, string> = {}) => {
    const parts = path.split('/').map((part, at) => {
      const name = /^\{(\w+)\}$/.exec(part)?.[1];
      return name ? (ids[name] ?? realId(name, at)) : part;
    });
    const search = Object.entries(query)
      .map(([k, v]) => `${k}=${v}`)
      .join('&');
    return parts.join('/') + (search ? `?${search}` : '');
  };
  const absentIds = Object.fromEntries(pathParams.map((p) => [p.name, ABSENT_ID]));
  // A write without a path id gets a period that cannot be used, so nothing it accepts writes.
  const baseQuery: Record<string, string> = {};
  for (const p of queryParams) {
    if (p.schema.format === 'date-time')
      baseQuery[p.name] = p.name === 'from' ? '2026-11-12T00:00:00Z' : '2026-11-10T00:00:00Z';
    else if (p.required) baseQuery[p.name] = String(sample(p.schema));
  }
  if (!write) {
    if (baseQuery.from) baseQuery.from = '2026-11-01T00:00:00Z';
    if (baseQuery.until) baseQuery.until = '2026-11-20T00:00:00Z';
  }
  const baseBody = bodySchema ? sample(bodySchema) : undefined;
  // Signed in, a write's own ids only with input its schema refuses.
  const safeIds = write ? absentIds : {};
  const cases: Case[] = [];
  const add = (what: string, request: InjectOptions) =>
    cases.push({ route, what, request: { method: method as 'GET', ...request } });
  const json = (value: unknown) => ({
    payload: JSON.stringify(value),
    headers: { 'content-type': 'application/json' },
  });
  const withBody = bodySchema ? json(baseBody) : {};

  // Path ids out of range, of the wrong type, too long.
  for (const p of pathParams) {
    for (const bad of [
      '2147483648',
      '99999999999999999999',
      '0',
      '-1',
      '1.5',
      'abc',
      '1e3',
      '%00',
      '%F0%9F%9A%9A',
      '%FF',
      '%ED%A0%80',
      '9'.repeat(150),
    ]) {
      add(`path ${p.name}=${bad.slice(0, 20)}`, {
        url: urlOf({ [p.name]: bad }, baseQuery),
        ...withBody,
      });
    }
  }

  // Query values: unknown ones, wrong types, hostile text, unusable and long periods.
  const queryCase = (what: string, query: Record<string, string>) =>
    add(what, { url: urlOf(safeIds, query), ...withBody });
  queryCase('query unknown field', { ...baseQuery, zzUnknown: '1' });
  for (const p of queryParams) {
    for (const bad of [
      'abc',
      '',
      '%00',
      '1.5',
      '2147483648',
      '-1',
      '%FF',
      '%ED%A0%80',
      encodeURIComponent('🚚\u202e'),
      'q'.repeat(10_000),
      ...BAD_TIMES.map(encodeURIComponent),
    ]) {
      queryCase(`query ${p.name}=${bad.slice(0, 20)}`, { ...baseQuery, [p.name]: bad });
    }
  }
  const names = queryParams.map((p) => p.name);
  if (names.includes('from') && names.includes('until')) {
    queryCase('query reversed period', {
      ...baseQuery,
      from: '2026-11-20T00:00:00Z',
      until: '2026-11-01T00:00:00Z',
    });
    queryCase('query 50-year period', {
      ...baseQuery,
      from: '1990-01-01T00:00:00Z',
      until: '2040-01-01T00:00:00Z',
    });
  }

  // Bodies: a write's real ids only when the schema refuses the body.
  const bodyCase = (what: string, value: unknown, mustRefuse = false) => {
    const refused = !check || !check.Check(value) || mustRefuse || outOfRange(value);
    add(what, { url: urlOf(refused ? {} : absentIds, baseQuery), ...json(value) });
  };
  if (bodySchema) {
    for (const root of ['text', 42, [], null, true, {}])
      bodyCase(`body ${JSON.stringify(root)}`, root);
    if (typeof baseBody === 'object' && baseBody && !Array.isArray(baseBody)) {
      bodyCase('body unknown field', { ...baseBody, zzUnknown: 1 });
      for (const [name, property] of Object.entries(bodySchema.properties ?? {})) {
        const without = { ...(baseBody as Record<string, unknown>) };
        delete without[name];
        bodyCase(`body without ${name}`, without);
        for (const bad of hostileValues(property))
          bodyCase(`body ${name}=${JSON.stringify(bad).slice(0, 30)}`, {
            ...baseBody,
            [name]: bad,
          });
      }
      const from = (bodySchema.properties ?? {}).from;
      if (from && (bodySchema.properties ?? {}).until) {
        bodyCase(
          'body reversed period',
          { ...baseBody, from: '2026-11-20T00:00:00Z', until: '2026-11-01T00:00:00Z' },
          true,
        );
        bodyCase('body 50-year period', {
          ...baseBody,
          from: '1990-01-01T00:00:00Z',
          until: '2040-01-01T00:00:00Z',
        });
      }
    } else if (Array.isArray(baseBody) && bodySchema.items) {
      const item = sample(bodySchema.items);
      bodyCase('body array of hostile items', [null, 'x\u0000', 42, []]);
      for (const [name, property] of Object.entries(bodySchema.items.properties ?? {}))
        for (const bad of hostileValues(property))
          bodyCase(`body [].${name}=${JSON.stringify(bad).slice(0, 30)}`, [
            { ...(item as object), [name]: bad },
          ]);
    }
  }

  // Malformed JSON and the wrong content types (any route: a body it does not expect too).
  const url = urlOf(safeIds, baseQuery);
  for (const raw of [
    '{"a":',
    '{"x":1}}',
    '',
    'nul\u0000l',
    '[1,2',
    '{"__proto__":{"x":1}}',
    // Issue 16: nested thousands deep (7 kB), which once overflowed the checks' recursion.
    DEEP_ARRAY,
    DEEP_OBJECT,
  ])
    add(`malformed JSON ${JSON.stringify(raw).slice(0, 30)}`, {
      url,
      payload: raw,
      headers: { 'content-type': 'application/json' },
    });
  if (method !== 'GET' && method !== 'DELETE') {
    const text = JSON.stringify(baseBody ?? {});
    for (const type of [
      'text/plain',
      'application/xml',
      'multipart/form-data; boundary=x',
      'application/x-www-form-urlencoded',
      'application/octet-stream',
      'application/vnd.fleetwise.v1+json',
      'application/json; charset=latin1',
    ]) {
      add(`content-type ${type}`, { url, payload: text, headers: { 'content-type': type } });
      add(`deep body as ${type}`, { url, payload: DEEP_OBJECT, headers: { 'content-type': type } });
    }
  }
  return cases;
}

it('no route answers 5xx or writes anything on hostile input', async () => {
  const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(docs.statusCode).toBe(200);
  const paths = docs.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
  const cases: Case[] = [];
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const upper = method.toUpperCase();
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(upper)) continue;
      const own = casesOf(upper, path, operation);
      // A stream that stays open (the push channel) never ends an injected request: it is
      // fuzzed here only without a token; its own tests (events.test.ts) cover the rest.
      const stream = JSON.stringify(operation).includes('text/event-stream');
      if (!stream) cases.push(...own);
      // Once without a token: refused before anything is read.
      cases.push({ ...own[0]!, what: 'unauthenticated', request: { ...own[0]!.request } });
    }
  }
  expect(Object.keys(paths).length).toBeGreaterThan(40);

  const before = await tableDigests();
  const statuses = new Map<number, number>();
  const failures: string[] = [];
  const CONCURRENCY = 4;
  let next = 0;
  const lane = async () => {
    while (next < cases.length) {
      const c = cases[next++]!;
      const unauthenticated = c.what === 'unauthenticated';
      const headers = { ...(c.request.headers as Record<string, string>) };
      if (!unauthenticated) headers.authorization = `Bearer ${token}`;
      const response = await t.app.inject({ ...c.request, headers });
      const status = response.statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      const where = `${c.route} [${c.what}] → ${status} ${response.body.slice(0, 160)}`;
      if (status >= 500) failures.push(where);
      else if (status >= 400) {
        let body: unknown;
        try {
          body = response.json();
        } catch {
          body = undefined;
        }
        const shaped =
          typeof body === 'object' &&
          body !== null &&
          typeof (body as { code?: unknown }).code === 'string' &&
          typeof (body as { message?: unknown }).message === 'string';
        if (!shaped) failures.push(`${where} (not {code, message})`);
      }
      if (!c.route.startsWith('GET') && status < 300 && !unauthenticated)
        failures.push(`${where} (accepted)`);
      if (unauthenticated && status < 300 && c.route.includes('{'))
        failures.push(`${where} (open)`);
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const after = await tableDigests();

  const counts = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  const fiveXX = [...statuses].filter(([s]) => s >= 500).reduce((sum, [, n]) => sum + n, 0);
  console.log(
    `fuzz: ${cases.length} requests over ${Object.keys(paths).length} paths; status counts ${counts.join(', ')}; 5xx: ${fiveXX}`,
  );
  expect(failures).toEqual([]);
  const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
  expect(changed).toEqual([]);
}, 180_000);

it('no route keeps a connection open for a body dribbled a byte at a time', async () => {
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const port = (t.app.server.address() as AddressInfo).port;
  const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = docs.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
  const routes: { method: string; url: string; type: string }[] = [
    { method: 'POST', url: '/janus', type: 'application/json' },
  ];
  for (const [path, operations] of Object.entries(paths))
    for (const [method, operation] of Object.entries(operations)) {
      if (!['post', 'put', 'patch'].includes(method)) continue;
      const multipart = 'multipart/form-data' in (operation.requestBody?.content ?? {});
      routes.push({
        method: method.toUpperCase(),
        url: path.replace(/\{\w+\}/g, ABSENT_ID),
        type: multipart ? 'multipart/form-data; boundary=x' : 'application/json',
      });
    }
  expect(routes.length).toBeGreaterThan(20);
  // All at once, each a byte every 250 ms of a 1,000-byte body: the 1 s deadline cuts each.
  const failures: string[] = [];
  await Promise.all(
    routes.map(async ({ method, url, type }) => {
      const credential = url.startsWith('/device-api/') ? deviceToken : token;
      const head = requestHead(method, url, type, 1000, { Authorization: `Bearer ${credential}` });
      const answer = await dribble(port, head, Buffer.alloc(1000, 0x20), {
        piece: 1,
        everyMs: 250,
      }).catch((error: Error) => ({ status: undefined, body: error.message, closedAfterMs: NaN }));
      const shaped = /"code":"[A-Z_]+","message":"/.test(answer.body);
      if (!(answer.closedAfterMs < 5000) || answer.status !== 408 || !shaped)
        failures.push(
          `${method} ${url} → ${answer.status} after ${answer.closedAfterMs} ms ${answer.body.slice(0, 120)}`,
        );
    }),
  );
  console.log(`slow bodies: ${routes.length} routes, ${failures.length} not cut off with 408`);
  expect(failures).toEqual([]);
}, 60_000);
