import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceWithCredential, EventRecord, RawData } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { multipart, testJpeg } from '../../test/media-test-files.js';

/**
 * Issue 19 §1, §2: every entity-data call answers any period up to This year, whole or a page at
 * a time with X-Total-Count, and raw records carry differences that are right on any page.
 */
let t: TestApp;
let assetId: number;
let driverId: number;
let otherAsset: number;
let device: DeviceWithCredential;

const at = (date: string, hhmm: string) => `${date}T${hhmm}:00+01:00`;
const year = { from: '2026-01-01T00:00:01+01:00', until: '2026-12-31T23:59:59+01:00' };

/** Three trips months apart, each start, two event moments and a stop: 12 records. */
const trips = ['2026-02-10', '2026-06-10', '2026-11-05'];
const records = trips.flatMap((date, trip) =>
  [
    ['10:00', 'TRIP_START', 0, []],
    ['10:10', 'EVENTS', 5, ['HARSH_BRAKE', 'OVER_SPEED_START']],
    ['10:20', 'EVENTS', 10, ['HARSH_ACCELERATION']],
    ['10:30', 'TRIP_STOP', 20, []],
  ].map(([hhmm, transferReason, km, events]) => ({
    timestamp: at(date, hhmm as string),
    transferReason,
    location: { latitude: 5200000 + (km as number) * 100, longitude: 480000 },
    odometer: 100_000 * (trip + 1) + (km as number) * 1000,
    ...((events as string[]).length
      ? { events: (events as string[]).map((eventType) => ({ eventType })) }
      : {}),
  })),
);

const get = (url: string, query: Record<string, string>, user = 'integrator') =>
  t.as(user, { method: 'GET', url, query });

beforeAll(async () => {
  t = await createTestApp({ MEDIA_JOB_MINUTES: '0' });
  const demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(demo)).id;
  driverId = (await seed.driver(demo)).id;
  device = await seed.device(demo);
  await seed.deviceLink(assetId, device.id, '2026-01-01T00:00:00Z');
  await seed.driverLink(assetId, driverId, '2026-01-01T00:00:00Z');
  const stored = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records },
  });
  expect(stored.json().stored, stored.body).toBe(records.length);
  const jpeg = await testJpeg();
  for (const date of trips) {
    const body = multipart(
      { timestamp: at(date, '10:10'), camera: 1, transferReason: 'HARSH_BRAKE' },
      { filename: 'x.jpg', contentType: 'image/jpeg', data: jpeg },
    );
    const upload = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/media',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${device.credential}` },
    });
    expect(upload.statusCode, upload.body).toBe(201);
  }
  otherAsset = (await seed.asset(await t.organisationId('Polder Logistics'))).id;
  await t.app.services.engine.drain();
}, 60_000);
afterAll(() => t.close());

describe('This year: every entity-data call answers it, whole and with its total', () => {
  it.each([
    ['assets/{id}/trips', () => `assets/${assetId}/trips`, 3],
    ['assets/{id}/events', () => `assets/${assetId}/events`, 6],
    ['drivers/{id}/events', () => `drivers/${driverId}/events`, 6],
    ['assets/{id}/media', () => `assets/${assetId}/media`, 3],
    ['drivers/{id}/media', () => `drivers/${driverId}/media`, 3],
    ['assets/{id}/datapoints', () => `assets/${assetId}/datapoints`, 12],
    ['assets/{id}/rawdatas', () => `assets/${assetId}/rawdatas`, 12],
  ])('GET %s', async (_, url, count) => {
    const response = await get(`/api/${url()}`, year);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toHaveLength(count);
    expect(response.headers['x-total-count']).toBe(String(count));
  });

  it('pages events by moment, oldest first: a moment never splits', async () => {
    const page = await get(`/api/assets/${assetId}/events`, { ...year, limit: '2', offset: '2' });
    expect(page.headers['x-total-count']).toBe('6');
    const body = page.json() as EventRecord[];
    expect(body.map((r) => [r.timestamp, r.events.length])).toEqual([
      ['2026-06-10T09:10:00.000Z', 2],
      ['2026-06-10T09:20:00.000Z', 1],
    ]);
  });

  it('pages trips latest first and datapoints oldest first', async () => {
    const tripPage = await get(`/api/assets/${assetId}/trips`, {
      ...year,
      limit: '1',
      offset: '2',
    });
    expect(tripPage.json()[0].startTime).toBe('2026-02-10T09:00:00.000Z');
    const points = await get(`/api/assets/${assetId}/datapoints`, {
      ...year,
      limit: '4',
      offset: '4',
      media: 'true',
    });
    expect(points.headers['x-total-count']).toBe('12');
    const body = points.json() as { timestamp: string; media: unknown[] }[];
    expect(body.map((p) => p.timestamp)).toEqual([
      '2026-06-10T09:00:00.000Z',
      '2026-06-10T09:10:00.000Z',
      '2026-06-10T09:20:00.000Z',
      '2026-06-10T09:30:00.000Z',
    ]);
    expect(body.flatMap((p) => p.media)).toHaveLength(1);
  });

  it('pages media newest first', async () => {
    const page = await get(`/api/assets/${assetId}/media`, { ...year, limit: '1', offset: '1' });
    expect(page.headers['x-total-count']).toBe('3');
    expect(page.json().map((m: { timestamp: string }) => m.timestamp)).toEqual([
      '2026-06-10T09:10:00.000Z',
    ]);
  });

  it('still refuses more than 366 days, in words', async () => {
    const response = await get(`/api/assets/${assetId}/trips`, {
      from: '2025-01-01T00:00:00Z',
      until: '2026-03-01T00:00:00Z',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'ask for at most 366 days at a time',
    });
  });

  it.each([
    ['manager', 'raw data', () => `assets/${assetId}/rawdatas`, 403],
    ['integrator', "another organisation's trips", () => `assets/${otherAsset}/trips`, 404],
    ['integrator', "another organisation's media", () => `assets/${otherAsset}/media`, 404],
  ])('as %s, %s → %i', async (user, _, url, status) => {
    const response = await get(`/api/${url()}`, year, user);
    expect(response.statusCode).toBe(status);
  });
});

describe('raw data: the whole period, and differences right on any page', () => {
  const url = () => `/api/assets/${assetId}/rawdatas`;

  it('answers every record of the period without a page, not the newest 10', async () => {
    const response = await get(url(), year);
    expect(response.json()).toHaveLength(12);
  });

  it('gives the last page the differences the whole period gives it', async () => {
    const whole = (await get(url(), year)).json() as RawData[];
    const last = await get(url(), { ...year, limit: '5', offset: '10' });
    expect(last.headers['x-total-count']).toBe('12');
    const page = last.json() as RawData[];
    expect(page).toHaveLength(2);
    expect(page).toEqual(whole.slice(10));
    // The February EVENTS record at 10:10: 5 km on from its trip start, 5 km on from the record
    // before it (the start), and the first record of the period is that start.
    expect(page[0]!.differences).toEqual({
      previous: { odometer: 5000 },
      tripStart: { odometer: 5000 },
      first: { odometer: 5000 },
    });
    expect(page[1]!.differences).toEqual({
      previous: null,
      tripStart: { odometer: 0 },
      first: { odometer: 0 },
    });
  });

  it('takes the trip start and previous record from outside the page', async () => {
    // Newest first: offset 1 is the November 10:20 EVENTS record; its page holds it alone.
    const [record] = (await get(url(), { ...year, limit: '1', offset: '1' })).json() as RawData[];
    expect(record!.timestamp).toBe('2026-11-05T09:20:00.000Z');
    expect(record!.differences).toEqual({
      previous: { odometer: 5000 },
      tripStart: { odometer: 10_000 },
      first: { odometer: 310_000 - 100_000 },
    });
  });
});
