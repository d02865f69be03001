import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AlertNotificationList,
  DeviceWithCredential,
  Zone,
  ZoneInput,
  ZoneVisit,
} from '@fleet/contract';
import { seedDemoZones } from '../demo/index.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 21 §1: zones of an organisation (CRUD, validation, who may), and their visits derived
 * by the engine from records sent through the device API, the report, an edit that changes
 * only later data, a deletion that keeps the visits, and a zoneEnter alert fired once.
 */
let t: TestApp;
let demo: number;
let polder: number;
let asset: number;
let driver: number;
let device: DeviceWithCredential;

const LON = 4.8;
const LAT = 52.1;
const M_PER_DEG_LAT = 111_195;
const M_PER_DEG_LON = M_PER_DEG_LAT * Math.cos((LAT * Math.PI) / 180);
/** A record's location `metres` east of the zone's centre (integer degrees × 100000). */
const location = (metres: number) => ({
  latitude: Math.round(LAT * 100_000),
  longitude: Math.round((LON + metres / M_PER_DEG_LON) * 100_000),
});

const ZONE: ZoneInput = {
  name: 'Customer site',
  shape: { type: 'circle', center: [LON, LAT], radius: 500 },
  speedLimit: 30,
  groupId: null,
  colour: '#E67E22',
};

const create = (user: string, organisation: number, body: unknown) =>
  t.as(user, {
    method: 'POST',
    url: `/api/organisations/${organisation}/zones`,
    payload: body as object,
  });

const visits = async (user: string, organisation: number, query = '') => {
  const from = new Date(Date.now() - 2 * 86_400_000).toISOString();
  const until = new Date(Date.now() + 3_600_000).toISOString();
  return t.as(user, {
    method: 'GET',
    url: `/api/organisations/${organisation}/zones/visits?from=${encodeURIComponent(from)}&until=${encodeURIComponent(until)}${query}`,
  });
};

/**
 * Records `secondsAgo` at [lon, lat] (degrees) with a speed: a truck's positions anywhere.
 */
const sendAt = (rows: [secondsAgo: number, lon: number, lat: number, speed: number][]) =>
  t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: {
      records: rows.map(([secondsAgo, lon, lat, speed], i) => ({
        timestamp: new Date(Date.now() - secondsAgo * 1000).toISOString(),
        transferReason: i === 0 ? 'TRIP_START' : 'PERIODIC',
        location: { latitude: Math.round(lat * 100_000), longitude: Math.round(lon * 100_000) },
        speed,
        odometer: 2_000_000 + i * 1000,
      })),
    },
  });

/**
 * Records `secondsAgo` with a position `metres` east of the centre and a speed (within the
 * five minutes before a rule was made, so the rule fires on them).
 */
const send = (rows: [secondsAgo: number, metres: number, speed: number][]) =>
  t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: {
      records: rows.map(([secondsAgo, metres, speed], i) => ({
        timestamp: new Date(Date.now() - secondsAgo * 1000).toISOString(),
        transferReason: i === 0 ? 'TRIP_START' : 'PERIODIC',
        location: location(metres),
        speed,
        odometer: 1_000_000 + i * 1000,
      })),
    },
  });

beforeAll(async () => {
  t = await createTestApp({}, { logger: { level: 'error' } });
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  const seed = fleetSeed(t);
  asset = (await seed.asset(demo)).id;
  device = await seed.device(demo);
  driver = (await seed.driver(demo)).id;
  const since = new Date(Date.now() - 86_400_000).toISOString();
  await seed.deviceLink(asset, device.id, since);
  await seed.driverLink(asset, driver, since);
}, 60_000);

afterAll(() => t?.close());

describe('zones: create, read, change, delete', () => {
  it('a manager creates a circle and a polygon, and lists them', async () => {
    const circle = await create('manager', demo, ZONE);
    expect(circle.statusCode, circle.body).toBe(201);
    expect(circle.json<Zone>()).toMatchObject({
      organisationId: demo,
      name: 'Customer site',
      speedLimit: 30,
      colour: '#e67e22',
      shape: ZONE.shape,
    });
    const polygon = await create('manager', demo, {
      ...ZONE,
      name: 'Depot',
      speedLimit: null,
      // closed ring: stored open
      shape: {
        type: 'polygon',
        coordinates: [
          [5, 52],
          [5.01, 52],
          [5.01, 52.01],
          [5, 52],
        ],
      },
    });
    expect(polygon.statusCode, polygon.body).toBe(201);
    expect(polygon.json<Zone>().shape).toEqual({
      type: 'polygon',
      coordinates: [
        [5, 52],
        [5.01, 52],
        [5.01, 52.01],
      ],
    });
    const list = await t.as('integrator', {
      method: 'GET',
      url: `/api/organisations/${demo}/zones`,
    });
    expect(list.statusCode).toBe(200);
    expect(list.json<Zone[]>().map((z) => z.name)).toEqual(
      expect.arrayContaining(['Customer site', 'Depot']),
    );
  });

  it.each([
    [
      'two points',
      {
        type: 'polygon',
        coordinates: [
          [5, 52],
          [5.1, 52],
        ],
      },
    ],
    [
      'a bow tie (crossing itself)',
      {
        type: 'polygon',
        coordinates: [
          [5, 52],
          [5.1, 52.1],
          [5.1, 52],
          [5, 52.1],
        ],
      },
    ],
    [
      'points on one line',
      {
        type: 'polygon',
        coordinates: [
          [5, 52],
          [5.1, 52],
          [5.2, 52],
        ],
      },
    ],
    [
      'a point repeated',
      {
        type: 'polygon',
        coordinates: [
          [5, 52],
          [5, 52],
          [5.1, 52],
          [5.1, 52.1],
        ],
      },
    ],
    [
      '600 points',
      {
        type: 'polygon',
        coordinates: Array.from({ length: 600 }, (_, i) => [
          5 + Math.cos(i / 100),
          52 + Math.sin(i / 100),
        ]),
      },
    ],
    [
      'a latitude of 100',
      {
        type: 'polygon',
        coordinates: [
          [5, 52],
          [5.1, 100],
          [5.2, 52],
        ],
      },
    ],
    ['a radius of 5 m', { type: 'circle', center: [5, 52], radius: 5 }],
    ['a radius of 100 km', { type: 'circle', center: [5, 52], radius: 100_000 }],
    ['no centre', { type: 'circle', radius: 500 }],
    ['a triangle', { type: 'triangle', coordinates: [] }],
    ['a string', 'everywhere'],
  ])('refuses a shape with %s (400)', async (_what, shape) => {
    const answer = await create('manager', demo, { ...ZONE, shape });
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it.each([
    ['a blank name', { name: '   ' }],
    ['a long name', { name: 'x'.repeat(101) }],
    ['a colour by name', { colour: 'red' }],
    ['a speed limit of 0', { speedLimit: 0 }],
    ['a speed limit of 300', { speedLimit: 300 }],
    ['an unknown field', { owner: 'me' }],
    ['a group of another organisation', { groupId: -1 }],
  ])('refuses %s (400)', async (_what, change) => {
    let body: object = { ...ZONE, ...change };
    if ('groupId' in change) {
      const other = await fleetSeed(t).group(polder);
      body = { ...ZONE, groupId: other.id };
    }
    const answer = await create('manager', demo, body);
    expect(answer.statusCode, answer.body).toBe(400);
    expect(answer.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('a driver may not read or write zones (403); another organisation’s are missing (404)', async () => {
    expect(
      (await t.as('driver', { method: 'GET', url: `/api/organisations/${demo}/zones` })).statusCode,
    ).toBe(403);
    expect((await create('driver', demo, ZONE)).statusCode).toBe(403);
    expect((await visits('driver', demo)).statusCode).toBe(403);
    const polders = await create('oem', polder, { ...ZONE, name: 'Polder yard' });
    const id = polders.json<Zone>().id;
    expect(
      (await t.as('manager', { method: 'GET', url: `/api/organisations/${polder}/zones` }))
        .statusCode,
    ).toBe(404);
    const put = await t.as('manager', { method: 'PUT', url: `/api/zones/${id}`, payload: ZONE });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toEqual({ code: 'NOT_FOUND', message: `Zone ${id} does not exist` });
    expect((await t.as('manager', { method: 'DELETE', url: `/api/zones/${id}` })).statusCode).toBe(
      404,
    );
    expect((await visits('manager', polder)).statusCode).toBe(404);
    expect((await visits('manager', demo, `&zoneId=${id}`)).statusCode).toBe(404);
  });

  it('a period the wrong way round or too long is refused (400)', async () => {
    const ask = (from: string, until: string) =>
      t.as('manager', {
        method: 'GET',
        url: `/api/organisations/${demo}/zones/visits?from=${from}&until=${until}`,
      });
    expect((await ask('2026-03-02T00:00:00Z', '2026-03-01T00:00:00Z')).statusCode).toBe(400);
    expect((await ask('2025-01-01T00:00:00Z', '2026-03-01T00:00:00Z')).statusCode).toBe(400);
    expect((await ask('yesterday', '2026-03-01T00:00:00Z')).statusCode).toBe(400);
  });
});

describe('visits from the engine', () => {
  let zone: Zone;

  it('records through the device API make a visit with its speeding, and a zoneEnter alert', async () => {
    zone = (await create('manager', demo, { ...ZONE, name: 'Warehouse' })).json<Zone>();
    const rule = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/alert-rules`,
      payload: { name: 'Arrived at the warehouse', kind: 'zoneEnter', zoneId: zone.id },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    expect(rule.json()).toMatchObject({ kind: 'zoneEnter', zoneId: zone.id });
    // a zone rule needs its zone
    const none = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/alert-rules`,
      payload: { name: 'No zone', kind: 'zoneExit' },
    });
    expect(none.statusCode).toBe(400);

    const sent = await send([
      [270, 3000, 60],
      [240, 0, 50], // in, above 30
      [210, 100, 40],
      [180, 200, 20],
      [150, 3000, 60], // out
    ]);
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await t.app.services.engine.drain();
    const answer = await visits('manager', demo, `&zoneId=${zone.id}`);
    expect(answer.statusCode, answer.body).toBe(200);
    const list = answer.json<ZoneVisit[]>();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      zoneId: zone.id,
      zoneName: 'Warehouse',
      assetId: asset,
      driverId: driver,
      seconds: 90,
      maxSpeed: 50,
      speedingSeconds: 60,
    });
    expect(list[0]!.exitedAt).not.toBeNull();

    await t.app.services.alertWork.firing.drain();
    // re-processing the day writes the visit again: still one notification
    await send([[120, 3000, 0]]);
    await t.app.services.engine.drain();
    await t.app.services.alertWork.firing.drain();
    const mine = (
      await t.as('manager', { method: 'GET', url: '/api/notifications' })
    ).json<AlertNotificationList>();
    const entered = mine.items.filter((n) => n.kind === 'zoneEnter');
    expect(entered).toHaveLength(1);
    expect(entered[0]).toMatchObject({ detail: 'Warehouse', assetId: asset });
  });

  it('an edit afterwards changes only later data; a deletion keeps the visits', async () => {
    // moved 10 km away: the visit of before the edit stays when its day is rebuilt
    const moved = await t.as('manager', {
      method: 'PUT',
      url: `/api/zones/${zone.id}`,
      payload: {
        ...ZONE,
        name: 'Warehouse (moved)',
        shape: { ...ZONE.shape, center: [4.95, LAT] },
      },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<Zone>()).toMatchObject({ name: 'Warehouse (moved)' });
    await send([[60, 3000, 0]]);
    await t.app.services.engine.drain();
    const after = (await visits('manager', demo, `&zoneId=${zone.id}`)).json<ZoneVisit[]>();
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ zoneName: 'Warehouse (moved)', seconds: 90 });

    const gone = await t.as('manager', { method: 'DELETE', url: `/api/zones/${zone.id}` });
    expect(gone.statusCode).toBe(204);
    const list = (
      await t.as('manager', { method: 'GET', url: `/api/organisations/${demo}/zones` })
    ).json<Zone[]>();
    expect(list.map((z) => z.id)).not.toContain(zone.id);
    expect((await visits('manager', demo, `&zoneId=${zone.id}`)).json()).toHaveLength(1);
    expect(
      (await t.as('manager', { method: 'PUT', url: `/api/zones/${zone.id}`, payload: ZONE }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the demo', () => {
  it('has two depots and a customer site with a limit of 30, whose entry a rule notifies', async () => {
    await seedDemoZones(t.db);
    const zones = (
      await t.as('manager', { method: 'GET', url: `/api/organisations/${demo}/zones` })
    ).json<Zone[]>();
    const site = zones.find((z) => z.name === 'Customer site Utrecht')!;
    expect(site).toMatchObject({ speedLimit: 30, shape: { type: 'circle' } });
    expect(zones.filter((z) => z.name.startsWith('Depot '))).toHaveLength(2);
    // a truck drives into Utrecht's centre, as the simulated ones do
    const sent = await sendAt([
      [50, 5.2, 52.09, 70],
      [40, 5.125, 52.091, 45],
      [30, 5.1214, 52.0907, 25],
    ]);
    expect(sent.statusCode, sent.body).toBeLessThan(300);
    await t.app.services.engine.drain();
    await t.app.services.alertWork.firing.drain();
    const mine = (
      await t.as('manager', { method: 'GET', url: '/api/notifications' })
    ).json<AlertNotificationList>();
    expect(mine.items.find((n) => n.ruleName === 'Arrived at the customer site')).toMatchObject({
      kind: 'zoneEnter',
      detail: 'Customer site Utrecht',
      assetId: asset,
    });
    const report = (await visits('manager', demo, `&zoneId=${site.id}`)).json<ZoneVisit[]>();
    expect(report).toMatchObject([{ exitedAt: null, maxSpeed: 45, speedingSeconds: 10 }]);
  });
});
