import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Who may read what an asset or driver did: role × organisation × call, and bad input. */
let t: TestApp;
let ids: {
  demo: number;
  polder: number;
  demoAsset: number;
  polderAsset: number;
  polderDriver: number;
};

const period = { from: '2026-11-10T00:00:00+01:00', until: '2026-11-11T00:00:00+01:00' };

beforeAll(async () => {
  t = await createTestApp();
  const seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  const polder = await t.organisationId('Polder Logistics');
  ids = {
    demo,
    polder,
    demoAsset: (await seed.asset(demo)).id,
    polderAsset: (await seed.asset(polder)).id,
    polderDriver: (await seed.driver(polder)).id,
  };
});
afterAll(() => t.close());

type Call = {
  method: 'GET' | 'POST';
  url: string;
  query?: Record<string, string>;
  payload?: object;
};
const calls: Record<string, () => Call> = {
  'fleet overview': () => ({ method: 'GET', url: `/api/organisations/${ids.polder}/assets/fleet` }),
  'fleet overview page': () => ({
    method: 'GET',
    url: `/api/organisations/${ids.polder}/assets/fleet`,
    query: { limit: '10', offset: '0', entities: 'true' },
  }),
  'fleet card counts': () => ({
    method: 'GET',
    url: `/api/organisations/${ids.polder}/assets/fleet/organisations`,
  }),
  'asset report': () => ({
    method: 'POST',
    url: `/api/organisations/${ids.polder}/reports/assets`,
    payload: period,
  }),
  'driver report': () => ({
    method: 'POST',
    url: `/api/organisations/${ids.polder}/reports/drivers`,
    payload: period,
  }),
  trips: () => ({ method: 'GET', url: `/api/assets/${ids.polderAsset}/trips`, query: period }),
  'asset events': () => ({
    method: 'GET',
    url: `/api/assets/${ids.polderAsset}/events`,
    query: period,
  }),
  'driver events': () => ({
    method: 'GET',
    url: `/api/drivers/${ids.polderDriver}/events`,
    query: period,
  }),
  datapoints: () => ({
    method: 'GET',
    url: `/api/assets/${ids.polderAsset}/datapoints`,
    query: period,
  }),
  'raw data': () => ({
    method: 'GET',
    url: `/api/assets/${ids.polderAsset}/rawdatas`,
    query: period,
  }),
  'query points': () => ({
    method: 'GET',
    url: `/admin-api/assets/${ids.polderAsset}/querypoints`,
    query: period,
  }),
};

/**
 * Polder Logistics is a sibling of Demo Transport, under Northline Reseller:
 * outside the subtree of Demo Transport's users it answers 404, as if it did
 * not exist. The admin base (query points) is the OEM's alone.
 */
const EXPECTED: Record<string, Record<string, number>> = {
  manager: { 'query points': 403 },
  driver: { 'query points': 403 },
  integrator: { 'query points': 403 },
  reseller: { 'raw data': 403, 'query points': 403 },
  oem: {},
};
const outside = ['manager', 'driver', 'integrator'];

describe.each(Object.keys(calls))('%s', (name) => {
  it.each(Object.keys(EXPECTED))('as %s', async (user) => {
    const expected = EXPECTED[user]![name] ?? (outside.includes(user) ? 404 : 200);
    const response = await t.as(user, calls[name]!());
    expect(response.statusCode, response.body).toBe(expected);
    if (expected !== 200)
      expect(response.json()).toMatchObject({ code: expected === 404 ? 'NOT_FOUND' : 'FORBIDDEN' });
  });

  it('needs a token', async () => {
    const response = await t.app.inject(calls[name]!());
    expect(response.statusCode).toBe(401);
  });
});

describe('bad input answers 4xx with {code, message}, never 500', () => {
  it.each([
    ['GET', '/api/assets/abc/trips', period, 400],
    ['GET', '/api/assets/999999/trips', period, 404],
    ['GET', '/api/drivers/999999/events', period, 404],
    ['GET', '/api/organisations/999999/assets/fleet', {}, 404],
    ['GET', '/api/assets/{demo}/trips', {}, 400],
    ['GET', '/api/assets/{demo}/trips', { from: 'noon' }, 400],
    ['GET', '/api/assets/{demo}/trips', { from: period.until, until: period.from }, 400],
    [
      'GET',
      '/api/assets/{demo}/events',
      { from: '2020-01-01T00:00:00Z', until: '2026-01-01T00:00:00Z' },
      400,
    ],
    ['GET', '/api/assets/{demo}/datapoints', { ...period, events: 'maybe' }, 400],
    ['GET', '/api/assets/{demo}/trips', { ...period, extra: '1' }, 400],
    ['GET', '/api/organisations/{org}/assets/fleet', { entities: 'yes please' }, 400],
    ['GET', '/api/organisations/{org}/assets/fleet', { limit: '0' }, 400],
    ['GET', '/api/organisations/{org}/assets/fleet', { limit: '101' }, 400],
    ['GET', '/api/organisations/{org}/assets/fleet', { limit: 'ten' }, 400],
    ['GET', '/api/organisations/{org}/assets/fleet', { limit: '10', offset: '-1' }, 400],
    ['GET', '/api/organisations/{org}/assets/fleet', { limit: '10', offset: '1.5' }, 400],
    ['GET', '/api/organisations/999999/assets/fleet/organisations', {}, 404],
    ['GET', '/api/organisations/abc/assets/fleet/organisations', {}, 400],
  ] as const)('%s %s %o → %i', async (method, path, query, status) => {
    const url = path.replace('{demo}', String(ids.demoAsset)).replace('{org}', String(ids.demo));
    const response = await t.as('oem', { method, url, query: query as Record<string, string> });
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
  });

  it.each([
    [{}],
    [{ from: period.from }],
    [{ ...period, interval: 'FORTNIGHT' }],
    [{ ...period, minimumDistance: -1 }],
    [{ ...period, driverLinkExtendTime: 90_000 }],
    [{ ...period, ids: ['1'] }],
    [{ ...period, colour: 'blue' }],
  ])('a report body %o → 400', async (payload) => {
    const response = await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${ids.demo}/reports/assets`,
      payload,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});
