import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config.js';
import { createDb, watchDatabase, type DatabaseWatch, type Db } from '../../db/database.js';
import { freePort } from '../../lib/free-port.js';
import { issueCredential } from '../devices/index.js';
import { issueApiKey } from '../sync/index.js';

/**
 * Issue 16: the real app on a database that is not there (a loopback port nobody listens
 * on). Every base answers 503 DATABASE_UNAVAILABLE with Retry-After, health with the state;
 * first through the mapping of the connection error (no watch), then at once through the
 * watch's gate.
 */
const quiet = { warn: () => {}, info: () => {} };
let app: FastifyInstance;
let db: Db;

beforeAll(async () => {
  const port = await freePort(); // free: nothing listens there
  db = createDb(`postgres://fleet:x@127.0.0.1:${port}/fleet`, 2, () => {}, { connectMs: 1000 });
  const config = loadConfig({
    DATA_DIR: path.join(os.tmpdir(), `fleet-unavailable-${process.pid}`),
    JWT_SECRET: 'test-secret-unavailable',
    WEB_DIST: path.join(os.tmpdir(), 'no-web-build'),
    JANUS: 'off',
    MONITORING_JOB_SECONDS: '0',
    SYNC_JOB_SECONDS: '0',
    MEDIA_JOB_MINUTES: '0',
  });
  app = await buildApp({ config, db });
});
afterAll(async () => {
  await app.close();
  await db.destroy();
});

const calls = [
  {
    method: 'POST',
    url: '/api/login',
    payload: { organisation: 'o', username: 'u', password: 'a-long-enough-password' },
  },
  { method: 'POST', url: '/api/refresh', payload: { refreshToken: 'x'.repeat(40) } },
  {
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${issueCredential(1).credential}` },
    payload: { records: [{}] },
  },
  {
    method: 'GET',
    url: '/sync-api/export/organisations',
    headers: { 'x-api-key': issueApiKey(1).key },
  },
] as const;

function expectUnavailable(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({
    code: 'DATABASE_UNAVAILABLE',
    message: expect.any(String),
  });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('without the watch: a refused connection is a 503, not a 500', () => {
  it.each(calls)('$method $url', async (call) => {
    expectUnavailable(await app.inject(call));
  });

  it('GET /api/health answers 503 with the database state', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expectUnavailable(response);
    expect(response.json()).toMatchObject({ status: 'unavailable', database: 'unavailable' });
  });
});

describe('with the watch: every base answers 503 at once', () => {
  let watch: DatabaseWatch;
  beforeAll(async () => {
    watch = watchDatabase(db, quiet);
    expect(await watch.check()).toMatchObject({ available: false });
  });
  afterAll(() => watch.stop());

  it.each([
    ...calls,
    { method: 'GET', url: '/api/organisations', headers: { authorization: 'Bearer x' } },
    { method: 'GET', url: '/admin-api/organisations/1/vehicle-data' },
    { method: 'GET', url: '/sync-api/configurations' },
  ] as const)('$method $url', async (call) => {
    const started = Date.now();
    expectUnavailable(await app.inject(call));
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('health says since when', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expectUnavailable(response);
    const body = response.json<{ databaseUnavailableSince: string }>();
    expect(body).toMatchObject({ status: 'unavailable', database: 'unavailable' });
    expect(Date.parse(body.databaseUnavailableSince)).toBeLessThanOrEqual(Date.now());
  });

  it('the API documentation is still served', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
  });
});
