import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { MediaRequest, RequestedMedia } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Media requests: who may ask and read, and which requests are refused before anything is stored. */
let t: TestApp;
let ids: {
  demoAsset: number;
  demoDriver: number;
  bareAsset: number;
  idleDriver: number;
  polderAsset: number;
  polderDriver: number;
};

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const linkedFrom = ago(2 * 86_400);

beforeAll(async () => {
  t = await createTestApp();
  const seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  const polder = await t.organisationId('Polder Logistics');
  const fitted = async (organisationId: number) => {
    const asset = await seed.asset(organisationId);
    const device = await seed.device(organisationId);
    await seed.deviceLink(asset.id, device.id, linkedFrom);
    const driver = await seed.driver(organisationId);
    await seed.driverLink(asset.id, driver.id, linkedFrom);
    return { asset: asset.id, driver: driver.id };
  };
  const demoFleet = await fitted(demo);
  const polderFleet = await fitted(polder);
  ids = {
    demoAsset: demoFleet.asset,
    demoDriver: demoFleet.driver,
    bareAsset: (await seed.asset(demo)).id,
    idleDriver: (await seed.driver(demo)).id,
    polderAsset: polderFleet.asset,
    polderDriver: polderFleet.driver,
  };
});
afterAll(() => t.close());

const picture = () => ({ mediaType: 'PICTURE', cameraMask: 3, mediaTimestamp: ago(60) });
const post = (user: string, path: string, payload: object) =>
  t.as(user, { method: 'POST', url: `/api/${path}/mediarequests`, payload });

const counts = async () => {
  const { rows } = await sql<{ requests: number; commands: number; cameras: number }>`
    SELECT (SELECT count(*) FROM media_requests) AS requests,
           (SELECT count(*) FROM device_commands) AS commands,
           (SELECT count(*) FROM media_request_cameras) AS cameras`.execute(t.db);
  return rows[0];
};

describe('a request', () => {
  it('for an asset: stored with one camera per bit, waiting for the device', async () => {
    const before = await counts();
    const response = await post('manager', `assets/${ids.demoAsset}`, {
      ...picture(),
      assetId: ids.demoAsset,
      timestamp: new Date().toISOString(),
    });
    expect(response.statusCode, response.body).toBe(201);
    const request = response.json<MediaRequest>();
    expect(request).toMatchObject({
      assetId: ids.demoAsset,
      driverId: null,
      mediaType: 'PICTURE',
      duration: null,
      cameraMask: 3,
      settled: false,
      requestedBy: 'Marit de Vries',
    });
    expect(request.syncedWithDevice).toBeUndefined();
    expect(Date.parse(request.expiresAt) - Date.parse(request.timestamp)).toBeCloseTo(
      24 * 3_600_000,
      -4,
    );
    const after = await counts();
    expect(after).toEqual({
      requests: before!.requests + 1,
      commands: before!.commands + 1,
      cameras: before!.cameras + 2,
    });
    const medias = await t.as('manager', {
      method: 'GET',
      url: `/api/mediarequests/${request.id}/medias`,
    });
    expect(medias.json<RequestedMedia[]>()).toEqual([
      { camera: 1, availability: 'WAITING_FOR_DEVICE', reason: null, media: null },
      { camera: 2, availability: 'WAITING_FOR_DEVICE', reason: null, media: null },
    ]);
  });

  it('for a driver: goes to the vehicle the driver drove then', async () => {
    const response = await post('manager', `drivers/${ids.demoDriver}`, {
      mediaType: 'VIDEO',
      duration: 30,
      cameraMask: 16,
      mediaTimestamp: ago(120),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      assetId: ids.demoAsset,
      driverId: ids.demoDriver,
      mediaType: 'VIDEO',
      duration: 30,
    });
    const listed = await t.as('driver', {
      method: 'GET',
      url: `/api/drivers/${ids.demoDriver}/mediarequests`,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json<MediaRequest[]>().map((r) => r.id)).toEqual([response.json().id]);
  });

  it('lists newest first, within from and until', async () => {
    const list = async (query: Record<string, string> = {}) => {
      const response = await t.as('manager', {
        method: 'GET',
        url: `/api/assets/${ids.demoAsset}/mediarequests`,
        query,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<MediaRequest[]>();
    };
    const all = await list();
    expect(all.length).toBeGreaterThanOrEqual(2);
    const times = all.map((r) => r.timestamp);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await list({ from: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect(await list({ until: ago(3600) })).toEqual([]);
  });
});

describe('refused before anything is stored', () => {
  it.each<[string, () => [string, object], number, RegExp]>([
    [
      'a moment in the future',
      () => [`assets/${ids.demoAsset}`, { ...picture(), mediaTimestamp: ago(-60) }],
      400,
      /future/,
    ],
    [
      'a video without a duration',
      () => [`assets/${ids.demoAsset}`, { ...picture(), mediaType: 'VIDEO' }],
      400,
      /duration/,
    ],
    [
      'a video of 61 s',
      () => [`assets/${ids.demoAsset}`, { ...picture(), mediaType: 'VIDEO', duration: 61 }],
      400,
      /duration/,
    ],
    [
      'a picture with a duration',
      () => [`assets/${ids.demoAsset}`, { ...picture(), duration: 5 }],
      400,
      /no duration/,
    ],
    [
      'camera mask 0',
      () => [`assets/${ids.demoAsset}`, { ...picture(), cameraMask: 0 }],
      400,
      /cameraMask/,
    ],
    [
      'camera mask 32',
      () => [`assets/${ids.demoAsset}`, { ...picture(), cameraMask: 32 }],
      400,
      /cameraMask/,
    ],
    [
      'another asset in the body',
      () => [`assets/${ids.demoAsset}`, { ...picture(), assetId: ids.bareAsset }],
      400,
      /assetId/,
    ],
    [
      'a vehicle without a device',
      () => [`assets/${ids.bareAsset}`, picture()],
      400,
      /No device was fitted/,
    ],
    [
      'a moment before the device was fitted',
      () => [`assets/${ids.demoAsset}`, { ...picture(), mediaTimestamp: ago(3 * 86_400) }],
      400,
      /No device was fitted/,
    ],
    [
      'a driver without a vehicle then',
      () => [`drivers/${ids.idleDriver}`, picture()],
      400,
      /not linked to a vehicle/,
    ],
    [
      'a driver request naming another asset',
      () => [`drivers/${ids.demoDriver}`, { ...picture(), assetId: ids.bareAsset }],
      400,
      /assetId/,
    ],
    [
      'no media type',
      () => [`assets/${ids.demoAsset}`, { cameraMask: 1, mediaTimestamp: ago(1) }],
      400,
      /mediaType/,
    ],
    [
      'a moment that is not one',
      () => [`assets/${ids.demoAsset}`, { ...picture(), mediaTimestamp: 'noon' }],
      400,
      /mediaTimestamp/,
    ],
    [
      'an unknown field',
      () => [`assets/${ids.demoAsset}`, { ...picture(), colour: 'red' }],
      400,
      /colour/,
    ],
    ['a missing asset', () => ['assets/999999', picture()], 404, /Asset 999999 does not exist/],
    ['the driver role', () => [`assets/${ids.demoAsset}`, picture()], 403, /Drivers/],
  ])('%s → %i', async (name, call, status, message) => {
    const before = await counts();
    const [path, payload] = call();
    const response = await post(name === 'the driver role' ? 'driver' : 'oem', path, payload);
    expect(response.statusCode, response.body).toBe(status);
    expect(response.json()).toEqual({
      code: expect.any(String),
      message: expect.stringMatching(message),
    });
    expect(await counts()).toEqual(before);
  });
});

describe('access', () => {
  let polderRequest: number;
  let demoRequest: number;
  beforeAll(async () => {
    polderRequest = (await post('oem', `assets/${ids.polderAsset}`, picture())).json().id;
    demoRequest = (await post('oem', `assets/${ids.demoAsset}`, picture())).json().id;
  });

  // Polder Logistics lies outside Demo Transport's subtree: 404 as if it did not exist.
  const EXPECTED: Record<string, Record<string, number>> = {
    oem: {
      'ask polder': 201,
      'ask polder driver': 201,
      'list polder': 200,
      'medias polder': 200,
      'ask demo': 201,
      'medias demo': 200,
    },
    reseller: {
      'ask polder': 201,
      'ask polder driver': 201,
      'list polder': 200,
      'medias polder': 200,
      'ask demo': 201,
      'medias demo': 200,
    },
    manager: {
      'ask polder': 404,
      'ask polder driver': 404,
      'list polder': 404,
      'medias polder': 404,
      'ask demo': 201,
      'medias demo': 200,
    },
    integrator: {
      'ask polder': 404,
      'ask polder driver': 404,
      'list polder': 404,
      'medias polder': 404,
      'ask demo': 201,
      'medias demo': 200,
    },
    driver: {
      'ask polder': 404,
      'ask polder driver': 404,
      'list polder': 404,
      'medias polder': 404,
      'ask demo': 403,
      'medias demo': 200,
    },
  };
  const calls: Record<string, (user: string) => ReturnType<TestApp['as']>> = {
    'ask polder': (user) => post(user, `assets/${ids.polderAsset}`, picture()),
    'ask polder driver': (user) => post(user, `drivers/${ids.polderDriver}`, picture()),
    'list polder': (user) =>
      t.as(user, { method: 'GET', url: `/api/assets/${ids.polderAsset}/mediarequests` }),
    'medias polder': (user) =>
      t.as(user, { method: 'GET', url: `/api/mediarequests/${polderRequest}/medias` }),
    'ask demo': (user) => post(user, `assets/${ids.demoAsset}`, picture()),
    'medias demo': (user) =>
      t.as(user, { method: 'GET', url: `/api/mediarequests/${demoRequest}/medias` }),
  };
  describe.each(Object.keys(EXPECTED))('as %s', (user) => {
    it.each(Object.keys(calls))('%s', async (call) => {
      const response = await calls[call]!(user);
      const expected = EXPECTED[user]![call]!;
      expect(response.statusCode, response.body).toBe(expected);
      if (expected >= 400)
        expect(response.json().code).toBe(expected === 404 ? 'NOT_FOUND' : 'FORBIDDEN');
    });
  });

  it('needs a token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/mediarequests/${demoRequest}/medias`,
    });
    expect(response.statusCode).toBe(401);
  });

  it('a missing request is 404', async () => {
    const response = await t.as('oem', { method: 'GET', url: '/api/mediarequests/999999/medias' });
    expect(response.statusCode).toBe(404);
  });
});
