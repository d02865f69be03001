import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceWithCredential, FleetEntry } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** The answers' shapes against spec §3, and the long periods of §6, with records sent by a device. */
let t: TestApp;
let demo: number;
let assetId: number;
let parkedId: number;
let driverId: number;

const at = (date: string, hhmm: string) => `${date}T${hhmm}:00+01:00`;
const record = (
  timestamp: string,
  transferReason: string,
  km: number,
  events: string[] = [],
  latitude = 5200000,
) => ({
  timestamp,
  transferReason,
  location: { latitude: latitude + km * 100, longitude: 480000 },
  odometer: 500_000 + km * 1000,
  drivingTime: km * 60,
  ...(events.length ? { events: events.map((eventType) => ({ eventType })) } : {}),
});
const day = '2026-11-05';
const records = [
  // March: one harsh brake far away, for the year's heatmap
  record(at('2026-03-10', '10:00'), 'TRIP_START', 0, [], 5300000),
  record(at('2026-03-10', '10:10'), 'EVENTS', 5, ['HARSH_BRAKE'], 5300000),
  record(at('2026-03-10', '10:20'), 'TRIP_STOP', 10, [], 5300000),
  // 5 November: two events at one moment, then one
  record(at(day, '10:00'), 'TRIP_START', 10),
  record(at(day, '10:15'), 'EVENTS', 25, ['OVER_SPEED_START', 'HARSH_BRAKE']),
  record(at(day, '10:20'), 'EVENTS', 30, ['HARSH_ACCELERATION']),
  record(at(day, '10:40'), 'TRIP_STOP', 50),
];

const send = async (device: DeviceWithCredential, batch: object[]) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records: batch },
  });
  expect(response.json().stored, response.body).toBe(batch.length);
};

const get = (url: string, query: Record<string, string>, user = 'integrator') =>
  t.as(user, { method: 'GET', url, query });

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(demo)).id;
  driverId = (await seed.driver(demo)).id;
  const device = await seed.device(demo);
  await seed.deviceLink(assetId, device.id, '2026-01-01T00:00:00Z');
  await seed.driverLink(assetId, driverId, '2026-01-01T00:00:00Z');
  await send(device, records);
  // a truck whose last trip went nowhere
  parkedId = (await seed.asset(demo)).id;
  const parkedDevice = await seed.device(demo);
  await seed.deviceLink(parkedId, parkedDevice.id, '2026-01-01T00:00:00Z');
  await send(parkedDevice, [
    record(at(day, '11:00'), 'TRIP_START', 0),
    record(at(day, '11:30'), 'TRIP_STOP', 0),
  ]);
  await t.app.services.engine.drain();
});
afterAll(() => t.close());

const nov5 = { from: at(day, '00:00'), until: at(day, '23:59') };
const year = { from: '2026-01-01T00:00:01+01:00', until: '2026-12-31T23:59:59+01:00' };

describe('event records (spec §3): one per moment, its events together', () => {
  const expected = [
    {
      timestamp: '2026-11-05T09:15:00.000Z',
      location: { latitude: 5202500, longitude: 480000 },
      events: [{ eventType: 'HARSH_BRAKE' }, { eventType: 'OVER_SPEED_START' }],
    },
    {
      timestamp: '2026-11-05T09:20:00.000Z',
      location: { latitude: 5203000, longitude: 480000 },
      events: [{ eventType: 'HARSH_ACCELERATION' }],
    },
  ];

  it.each([
    ['assets', () => assetId],
    ['drivers', () => driverId],
  ])('GET %s/{id}/events', async (kind, id) => {
    const response = await get(`/api/${kind}/${id()}/events`, nov5);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject(expected);
    for (const r of body) expect(r).not.toHaveProperty('eventType');
  });

  it('the fleet entry carries its latest trip’s events as datapoints, grouped the same way', async () => {
    const response = await get(`/api/organisations/${demo}/assets/fleet`, { datapoints: 'true' });
    const entry = (response.json() as FleetEntry[]).find((e) => e.assetId === assetId)!;
    expect(entry.datapoints).toMatchObject(expected);
    expect(entry.datapoints![0]!.identifier).toMatch(/^SN/);
    const without = await get(`/api/organisations/${demo}/assets/fleet`, {});
    expect((without.json() as FleetEntry[]).find((e) => e.assetId === assetId)).not.toHaveProperty(
      'datapoints',
    );
  });
});

describe('fleet overview', () => {
  const fleetOf = async (organisation: string, query: Record<string, string>) => {
    const organisationId = await t.organisationId(organisation);
    const response = await get(`/api/organisations/${organisationId}/assets/fleet`, query, 'oem');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as FleetEntry[]).map((e) => e.assetId);
  };

  it('with entities=true holds the assets of the organisations below; without, only its own', async () => {
    expect(await fleetOf('Fleetwise OEM', { entities: 'true' })).toContain(assetId);
    expect(await fleetOf('Northline Reseller', { entities: 'true' })).toContain(assetId);
    expect(await fleetOf('Fleetwise OEM', { entities: 'false' })).not.toContain(assetId);
    expect(await fleetOf('Fleetwise OEM', {})).not.toContain(assetId);
    expect(await fleetOf('Demo Transport', { entities: 'true' })).toContain(assetId);
  });

  it('scores a latest trip with distance, and leaves the score out of one without', async () => {
    const response = await get(`/api/organisations/${demo}/assets/fleet`, {});
    const entries = response.json() as FleetEntry[];
    const driven = entries.find((e) => e.assetId === assetId)!;
    expect(driven.scoreData?.totalScore).toEqual(expect.any(Number));
    const parked = entries.find((e) => e.assetId === parkedId)!;
    expect(parked.tripStartTime).toBe('2026-11-05T10:00:00.000Z');
    expect(parked.drivingStyleData?.drivingDistance).toBe(0);
    expect(parked).not.toHaveProperty('scoreData');
  });
});

describe('raw data (spec §3): metrics are fields; pages through a long period', () => {
  const url = () => `/api/assets/${assetId}/rawdatas`;

  it('answers the metrics as fields of the record', async () => {
    const response = await get(url(), { ...nov5, limit: '10' });
    const [stop] = response.json();
    expect(stop).toMatchObject({
      transferReason: 'TRIP_STOP',
      odometer: 550_000,
      drivingTime: 3000,
    });
    expect(stop).not.toHaveProperty('metrics');
  });

  it('pages newest first, the whole period without a page, and says how many there are', async () => {
    const first = await get(url(), { ...year, limit: '3' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['x-total-count']).toBe('7');
    expect(first.json().map((r: { transferReason: string }) => r.transferReason)).toEqual([
      'TRIP_STOP',
      'EVENTS',
      'EVENTS',
    ]);
    const last = await get(url(), { ...year, limit: '3', offset: '6' });
    expect(last.json().map((r: { timestamp: string }) => r.timestamp)).toEqual([
      '2026-03-10T09:00:00.000Z',
    ]);
    expect((await get(url(), year)).json()).toHaveLength(7);
  });

  it.each([
    [{ ...year, limit: '0' }],
    [{ ...year, limit: '1001' }],
    [{ ...year, offset: '-1' }],
    [{ from: '2025-01-01T00:00:00Z', until: '2026-03-01T00:00:00Z' }],
  ])('refuses %o with 400', async (query) => {
    const response = await get(url(), query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
  });
});

describe('heatmap: a year, counted per grid cell on the server', () => {
  it.each([
    ['assets', () => assetId],
    ['drivers', () => driverId],
  ])('GET %s/{id}/heatmap for this year', async (kind, id) => {
    const response = await get(`/api/${kind}/${id()}/heatmap`, {
      ...year,
      eventType: 'HARSH_BRAKE',
    });
    expect(response.statusCode, response.body).toBe(200);
    const cells = response.json() as { latitude: number; longitude: number; weight: number }[];
    expect(cells.reduce((sum, c) => sum + c.weight, 0)).toBe(2);
    // cells of 0.005° (500 units) for a period longer than a month
    for (const c of cells) expect(c.latitude % 500).toBe(0);
  });
});

describe('datapoints: the window as sent', () => {
  it('does not widen from and until itself (the portal does, spec §7)', async () => {
    const url = `/api/assets/${assetId}/datapoints`;
    const inside = await get(url, { from: at(day, '10:15'), until: at(day, '10:20') });
    expect(inside.json()).toHaveLength(2);
    const between = await get(url, {
      from: `${day}T10:15:01+01:00`,
      until: `${day}T10:19:59+01:00`,
    });
    expect(between.statusCode).toBe(200);
    expect(between.json()).toEqual([]);
  });
});
