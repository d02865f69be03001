import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_CONTENT_TYPE } from '@fleet/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed, fleetSnapshot } from './fleet-seed.js';
import { createTestApp, type TestApp } from './test-app.js';

let t: TestApp;
let demo: number;
let seed: ReturnType<typeof fleetSeed>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  seed = fleetSeed(t);
});
afterAll(() => t.close());

const INT4_MAX = 2_147_483_647;
const NUL = 'bad\u0000name';

const expectError = (response: { statusCode: number; json(): unknown }, status: number) => {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
};

describe('a NUL character in a text field is a 400, and nothing is written', () => {
  it.each([
    ['POST', 'assets', { name: NUL }],
    ['POST', 'assets', { name: 'Truck', licencePlate: NUL }],
    ['POST', 'drivers', { firstName: 'Sam', lastName: NUL }],
    ['POST', 'drivers', { firstName: 'Sam', lastName: 'Smit', phone: NUL }],
    ['POST', 'devices', { name: 'Camera', identifier: NUL }],
    ['POST', 'groups', { name: NUL }],
    ['POST', 'configurationgroups', { name: NUL }],
  ])('%s organisations/{id}/%s %j', async (method, resource, payload) => {
    const before = await fleetSnapshot(t);
    const response = await t.as('oem', {
      method: method as 'POST',
      url: `/api/organisations/${demo}/${resource}`,
      payload,
    });
    expectError(response, 400);
    expect(response.json().message).toMatch(/NUL/);
    expect(await fleetSnapshot(t)).toEqual(before);
  });

  it.each([
    ['assets', { name: NUL }],
    ['drivers', { phone: NUL }],
    ['devices', { identifier: NUL }],
    ['groups', { name: NUL }],
    ['configurationgroups', { name: NUL }],
  ])('PUT %s/{id} %j', async (resource, payload) => {
    const record = await (
      {
        assets: () => seed.asset(demo),
        drivers: () => seed.driver(demo),
        devices: () => seed.device(demo),
        groups: () => seed.group(demo),
        configurationgroups: () => seed.configurationGroup(demo),
      } as Record<string, () => Promise<{ id: number }>>
    )[resource]!();
    const before = await fleetSnapshot(t);
    const response = await t.as('oem', {
      method: 'PUT',
      url: `/api/${resource}/${record.id}`,
      payload,
    });
    expectError(response, 400);
    expect(await fleetSnapshot(t)).toEqual(before);
  });

  it('POST organisations/{id} with a NUL in the name', async () => {
    const response = await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${demo}`,
      payload: { name: NUL },
    });
    expectError(response, 400);
  });

  it.each([
    { organisation: 'Demo Transport', username: 'manager', password: 'x\u0000y' },
    { organisation: 'Demo\u0000', username: 'manager', password: 'whatever' },
    { organisation: 'Demo Transport', username: 'man\u0000ager', password: 'whatever' },
  ])('POST login %j is refused before any lookup', async (payload) => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload });
    expectError(response, 400);
  });

  it('a NUL in a query value is a 400', async () => {
    const asset = await seed.asset(demo);
    const response = await t.as('oem', {
      method: 'GET',
      url: `/api/assets/${asset.id}/devicelinks?from=2026-01-01T00:00:00Z%00`,
    });
    expectError(response, 400);
  });
});

describe('ids outside 1…2,147,483,647 are a 400 wherever they reach SQL', () => {
  it.each([INT4_MAX + 1, 0, -1, 1e20, 1.5])('path id %s', async (id) => {
    for (const url of [`/api/assets/${id}`, `/api/organisations/${id}/groups`]) {
      const response = await t.as('oem', { method: 'GET', url });
      expectError(response, 400);
    }
  });

  it.each([
    ['ids', INT4_MAX + 1],
    ['groups', INT4_MAX + 1],
    ['ids', 0],
    ['groups', -5],
  ])('reports body %s: [%s]', async (field, id) => {
    for (const kind of ['assets', 'drivers']) {
      const response = await t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${demo}/reports/${kind}`,
        payload: {
          from: '2026-11-01T00:00:00Z',
          until: '2026-11-02T00:00:00Z',
          [field]: [id],
        },
      });
      expectError(response, 400);
    }
  });
});

describe('device API: a record the database cannot take is refused alone', () => {
  let credential: string;
  beforeAll(async () => {
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);
    await seed.deviceLink(asset.id, device.id, '2020-01-01T00:00:00Z');
    credential = device.credential;
  });
  const post = (path: 'records' | 'datapoints', items: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: `/device-api/v1/${path}`,
      headers: { authorization: `Bearer ${credential}` },
      payload: { [path]: items },
    });
  const minutesAgo = (m: number, offset = 'Z') => {
    const time = new Date(Date.now() - m * 60_000);
    time.setUTCMilliseconds(0);
    if (offset === 'Z') return time.toISOString();
    // The same moment written with another offset.
    const sign = offset.startsWith('-') ? -1 : 1;
    const [h, mm] = offset.slice(1).split(':').map(Number);
    const local = new Date(time.getTime() + sign * (h! * 60 + mm!) * 60_000);
    return local.toISOString().replace('.000Z', offset);
  };

  it('records: offsets beyond ±15:59 and impossible values', async () => {
    const good = { timestamp: minutesAgo(30), transferReason: 'PERIODIC', speed: 50 };
    const response = await post('records', [
      { timestamp: minutesAgo(20, '+16:00'), transferReason: 'PERIODIC' },
      good,
      { timestamp: minutesAgo(21, '-18:30'), transferReason: 'PERIODIC' },
      { timestamp: minutesAgo(22, '+15:59'), transferReason: 'PERIODIC' },
      { timestamp: '275760-09-13T00:00:00Z', transferReason: 'PERIODIC' },
      { timestamp: minutesAgo(23), transferReason: 'PERIODIC', odometer: -1 },
      { timestamp: minutesAgo(24), transferReason: 'PERIODIC', odometer: 1e300 },
      {
        timestamp: minutesAgo(25),
        transferReason: 'EVENTS',
        events: [{ eventType: 'HARSH_BRAKE', timestamp: minutesAgo(25, '+17:00') }],
      },
      { timestamp: minutesAgo(26), transferReason: 'PERIODIC', location: { latitude: 'x\u0000' } },
    ]);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.rejected.map((r: { index: number }) => r.index)).toEqual([0, 2, 4, 5, 6, 7, 8]);
    for (const r of result.rejected) expect(r.reason).toEqual(expect.any(String));
    expect(result.stored).toBe(2);
  });

  it('records: a number JSON reads as Infinity is refused alone', async () => {
    const good = `{"timestamp":"${minutesAgo(50)}","transferReason":"PERIODIC"}`;
    const huge = `{"timestamp":"${minutesAgo(51)}","transferReason":"PERIODIC","odometer":1e400}`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/records',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
      payload: `{"records":[${huge},${good}]}`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stored: 1, rejected: [{ index: 0 }] });
  });

  it('datapoints: offsets beyond ±15:59', async () => {
    const location = { latitude: 5200000, longitude: 500000 };
    const response = await post('datapoints', [
      { timestamp: minutesAgo(40, '+16:00'), location },
      { timestamp: minutesAgo(41), location },
      { timestamp: minutesAgo(42, '-23:59'), location },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ stored: 1, rejected: [{ index: 0 }, { index: 2 }] });
  });
});

describe('every error has the {code, message} body', () => {
  let origin: string;
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  const raw = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.get(`${origin}${path}`, { headers }, (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on('error', reject);
    });

  it('414 for a path parameter that is too long', async () => {
    const response = await raw(`/api/assets/${'1'.repeat(200)}`);
    expect(response.status).toBe(414);
    expect(JSON.parse(response.body)).toEqual({
      code: expect.any(String),
      message: expect.any(String),
    });
  });

  it('431 for headers that are too large', async () => {
    const response = await raw('/api/health', { 'x-big': 'a'.repeat(20_000) });
    expect(response.status).toBe(431);
    expect(JSON.parse(response.body)).toEqual({
      code: expect.any(String),
      message: expect.any(String),
    });
  });

  it('414 for a URL that is too long for the parser', async () => {
    const response = await raw(`/api/health?x=${'a'.repeat(20_000)}`);
    expect([414, 431]).toContain(response.status);
    expect(JSON.parse(response.body)).toEqual({
      code: expect.any(String),
      message: expect.any(String),
    });
  });
});

describe('content types of spec §7', () => {
  it('accepts the versioned JSON content type on every base', async () => {
    const response = await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${demo}/groups`,
      headers: { 'content-type': API_CONTENT_TYPE, accept: API_CONTENT_TYPE },
      payload: JSON.stringify({ name: 'Versioned group' }),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Versioned group' });
  });

  it('takes a DELETE without a body that carries the versioned type, not a POST', async () => {
    const group = await seed.group(demo);
    const headers = { 'content-type': API_CONTENT_TYPE, accept: 'application/json' };
    const removed = await t.as('oem', {
      method: 'DELETE',
      url: `/api/groups/${group.id}`,
      headers,
    });
    expect(removed.statusCode, removed.body).toBe(204);
    const empty = await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${demo}/groups`,
      headers,
    });
    expectError(empty, 400);
  });

  it('the main base reads application/octet-stream bodies as JSON', async () => {
    const response = await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${demo}/groups`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(JSON.stringify({ name: 'Octet group' })),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ name: 'Octet group' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from(
        '{"organisation":"Demo Transport","username":"manager","password":"wrong-one"}',
      ),
    });
    expectError(login, 401);
  });

  it('an octet-stream body that is not JSON is a 400', async () => {
    const response = await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${demo}/groups`,
      headers: { 'content-type': 'application/octet-stream' },
      payload: Buffer.from([0xff, 0x00, 0x7b]),
    });
    expectError(response, 400);
  });
});
