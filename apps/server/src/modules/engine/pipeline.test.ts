import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceWithCredential, FleetEntry, Report, Trip } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The whole path of vehicle data: the device API stores records, the engine
 * derives trips and rollups, the reports and the fleet overview read them.
 */
let t: TestApp;
let demo: number;
let polder: number;
let assetId: number;
let driverId: number;
let device: DeviceWithCredential;

// A morning trip on 2026-11-10 (Amsterdam, UTC+1): 08:00–09:00 local, 60 km.
const at = (hhmm: string, day = '2026-11-10') => `${day}T${hhmm}:00+01:00`;
const record = (
  hhmm: string,
  transferReason: string,
  km: number,
  extra: object = {},
  day?: string,
) => ({
  timestamp: at(hhmm, day),
  transferReason,
  location: { latitude: 5200000 + km * 100, longitude: 480000 + km * 100 },
  odometer: 1_000_000 + km * 1000,
  drivingTime: km * 60, // 60 km/h
  engineHours: 1000 + km / 60,
  totalFuelUsed: 5000 + km * 0.3,
  harshBrakeCount: km >= 25 ? 1 : 0, // units send every counter in every record
  ...extra,
});
const trip = [
  record('08:00', 'TRIP_START', 0),
  ...[10, 20, 30, 40, 50].map((km) => record(`08:${km}`, 'PERIODIC', km)),
  record('08:25', 'EVENTS', 25, { events: [{ eventType: 'HARSH_BRAKE' }] }),
  record('09:00', 'TRIP_STOP', 60),
];

const send = (records: unknown[], credential = device.credential) =>
  t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${credential}` },
    payload: { records },
  });

const report = async (user: string, body: object, organisationId = demo) => {
  const response = await t.as(user, {
    method: 'POST',
    url: `/api/organisations/${organisationId}/reports/assets`,
    payload: body,
  });
  return response;
};
const assetEntry = (r: Report, interval = 0) =>
  r[interval]!.assetPeriodData!.find((a) => a.assetId === assetId)!.assetData[0]!;

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(demo, 'Truck 07')).id;
  driverId = (await seed.driver(demo, 'Visser')).id;
  device = await seed.device(demo, 'FW-100007');
  await seed.deviceLink(assetId, device.id, '2026-11-01T00:00:00Z');
  await seed.driverLink(assetId, driverId, '2026-11-01T00:00:00Z');
});
afterAll(() => t.close());

describe('device API', () => {
  it('refuses a request without a valid device credential', async () => {
    expect((await send(trip, 'dev_1_nope')).statusCode).toBe(401);
    const forged = `dev_${device.id}_${'A'.repeat(43)}`;
    expect((await send(trip, forged)).statusCode).toBe(401);
  });

  it('stores a batch, keeps the good records of a batch with bad ones, and says which were refused', async () => {
    const response = await send([
      ...trip,
      { ...trip[0], transferReason: 'TELEPORT' },
      { timestamp: '2099-01-01T00:00:00Z', transferReason: 'PERIODIC' },
    ]);
    expect(response.statusCode).toBe(200);
    const result = response.json();
    expect(result.stored).toBe(trip.length);
    expect(result.duplicates).toBe(0);
    expect(result.rejected.map((r: { index: number }) => r.index)).toEqual([
      trip.length,
      trip.length + 1,
    ]);
    expect(result.rejected[1].reason).toBe('timestamp is in the future');
  });

  it('stores a record sent twice once', async () => {
    const again = (await send(trip)).json();
    expect(again).toEqual({ stored: 0, duplicates: trip.length, rejected: [] });
    const { n } = await t.db
      .selectFrom('raw_records')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(trip.length);
  });

  it('answers a body that is not a batch with 400 and stores nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/records',
      headers: { authorization: `Bearer ${device.credential}` },
      payload: { records: [] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('engine and reports', () => {
  beforeAll(async () => {
    await t.app.services.engine.drain();
  });

  it('reports the trip with its distance, time, harsh brake and scores', async () => {
    const response = await report('manager', {
      from: '2026-11-10T00:00:01+01:00',
      until: '2026-11-10T23:59:59+01:00',
    });
    expect(response.statusCode).toBe(200);
    const entry = assetEntry(response.json());
    expect(entry.drivingStyleData).toMatchObject({
      drivingDistance: 60_000,
      drivingTime: 3600,
      harshBrakes: 1,
      averageSpeedDriving: 60,
    });
    for (const value of Object.values(entry.scoreData!)) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThanOrEqual(100);
    }
  });

  it('reads the hours for a part of a day, and whole days across midnight', async () => {
    const part = assetEntry(
      (await report('manager', { from: at('08:00'), until: at('10:00') })).json(),
    );
    expect(part.drivingStyleData!.drivingDistance).toBe(60_000);
    const before = assetEntry(
      (await report('manager', { from: at('06:00'), until: at('08:00') })).json(),
    );
    expect(before.drivingStyleData!.drivingDistance).toBe(0);
    const span = { from: '2026-11-09T20:00:00+01:00', until: '2026-11-11T10:00:00+01:00' };
    expect(
      assetEntry((await report('manager', span)).json()).drivingStyleData!.drivingDistance,
    ).toBe(60_000);
  });

  it('gives per-day figures that add up to the period', async () => {
    const body = { from: '2026-11-09T00:00:00+01:00', until: '2026-11-12T00:00:00+01:00' };
    const whole = assetEntry((await report('manager', body)).json());
    const days: Report = (await report('manager', { ...body, interval: 'DAY' })).json();
    expect(days.map((d) => d.from)).toEqual([
      '2026-11-08T23:00:00.000Z',
      '2026-11-09T23:00:00.000Z',
      '2026-11-10T23:00:00.000Z',
    ]);
    const sum = days.reduce(
      (s, _, i) => s + assetEntry(days, i).drivingStyleData!.drivingDistance,
      0,
    );
    expect(sum).toBe(whole.drivingStyleData!.drivingDistance);
  });

  it('lists the trip with its driver', async () => {
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${assetId}/trips`,
      query: { from: at('00:00'), until: at('23:59') },
    });
    const trips: Trip[] = response.json();
    expect(trips).toHaveLength(1);
    expect(trips[0]).toMatchObject({
      startTime: '2026-11-10T07:00:00.000Z',
      endTime: '2026-11-10T08:00:00.000Z',
    });
    expect(trips[0]!.drivers.map((d) => [d.name, d.drivingStyleData?.drivingDistance])).toEqual([
      ['Sam Visser', 60_000],
    ]);
  });

  it('updates the day a late record belongs to', async () => {
    // the unit was out of coverage: an afternoon trip of 2026-11-10 arrives now
    const late = [
      record('14:00', 'TRIP_START', 60),
      record('14:30', 'PERIODIC', 90),
      record('15:00', 'TRIP_STOP', 120),
    ];
    expect((await send(late)).json().stored).toBe(3);
    await t.app.services.engine.drain();
    const entry = assetEntry(
      (await report('manager', { from: at('00:00'), until: at('23:59') })).json(),
    );
    expect(entry.drivingStyleData!.drivingDistance).toBe(120_000);
    const trips = await report('manager', { from: at('00:00'), until: at('23:59'), trips: true });
    expect(
      assetEntry(trips.json()) &&
        trips.json()[0].assetPeriodData.find((a: { assetId: number }) => a.assetId === assetId)
          .assetData,
    ).toHaveLength(2);
  });

  it('leaves out trips shorter than minimumDistance', async () => {
    const trips = (
      await report('manager', {
        from: at('00:00'),
        until: at('23:59'),
        trips: true,
        minimumDistance: 60_001,
      })
    ).json();
    expect(
      trips[0].assetPeriodData.find((a: { assetId: number }) => a.assetId === assetId).assetData,
    ).toHaveLength(0);
  });

  it('shows the asset in the fleet overview with its device, driver and last data', async () => {
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/assets/fleet`,
    });
    const entry = (response.json() as FleetEntry[]).find((e) => e.assetId === assetId)!;
    expect(entry).toMatchObject({
      deviceId: device.id,
      driverId,
      driverName: 'Sam Visser',
      time: '2026-11-10T14:00:00.000Z',
      trip: null,
      tripStartTime: '2026-11-10T13:00:00.000Z',
    });
    expect(entry.drivingStyleData?.drivingDistance).toBe(60_000);
  });

  it('gives raw data to integrators, not to managers', async () => {
    const query = { from: at('00:00'), until: at('23:59') };
    expect(
      (await t.as('manager', { method: 'GET', url: `/api/assets/${assetId}/rawdatas`, query }))
        .statusCode,
    ).toBe(403);
    const raw = await t.as('integrator', {
      method: 'GET',
      url: `/api/assets/${assetId}/rawdatas`,
      query: { ...query, limit: '1000' },
    });
    expect(raw.statusCode).toBe(200);
    // newest first; the metrics are fields of the record (spec §3 Raw data record)
    const records = raw.json() as Record<string, unknown>[];
    expect(records.at(-1)).toMatchObject({ transferReason: 'TRIP_START', odometer: 1_000_000 });
    expect(records.at(-1)).not.toHaveProperty('metrics');
  });

  it.each([
    [
      'manager',
      'reports of another organisation',
      404,
      () => report('manager', { from: at('00:00'), until: at('23:59') }, polder),
    ],
    [
      'reseller',
      'reports below it',
      200,
      () => report('reseller', { from: at('00:00'), until: at('23:59') }),
    ],
    [
      'driver',
      'reports of its organisation',
      200,
      () => report('driver', { from: at('00:00'), until: at('23:59') }),
    ],
  ])('%s: %s answer %i', async (_user, _what, status, call) => {
    expect((await call()).statusCode).toBe(status);
  });

  it.each([
    [{ from: at('10:00'), until: at('09:00') }, 'from must be before until'],
    [{ from: 'yesterday', until: at('09:00') }, 'from'],
    [{ from: at('00:00'), until: at('23:59'), interval: 'HOUR' }, 'interval'],
    [{ from: '2020-01-01T00:00:00Z', until: '2026-01-01T00:00:00Z' }, 'at most 400 days'],
  ])('answers a bad report request with 400: %o', async (body, message) => {
    const response = await report('manager', body);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });
});

describe('driverLinkExtendTime in trip reports', () => {
  let asset2: number;
  let driver2: number;
  beforeAll(async () => {
    const seed = fleetSeed(t);
    asset2 = (await seed.asset(demo, 'Truck 08')).id;
    driver2 = (await seed.driver(demo, 'de Boer')).id;
    const device2 = await seed.device(demo, 'FW-100008');
    await seed.deviceLink(asset2, device2.id, '2026-11-01T00:00:00Z');
    await seed.driverLink(asset2, driver2, '2026-11-01T00:00:00Z');
    // the driver logs out at 08:27, three minutes before the 08:30 record
    const end = await t.as('manager', {
      method: 'DELETE',
      url: `/api/assets/${asset2}/drivers/${driver2}`,
      query: { until: at('08:27') },
    });
    expect(end.statusCode).toBe(200);
    const sent = await send(trip, device2.credential);
    expect(sent.json().stored).toBe(trip.length);
    await t.app.services.engine.drain();
  });

  const driverDistance = async (driverLinkExtendTime: number) => {
    const response = await report('manager', {
      from: at('00:00'),
      until: at('23:59'),
      trips: true,
      ids: [asset2],
      driverLinkExtendTime,
    });
    const [entry] = (response.json() as Report)[0]!.assetPeriodData![0]!.assetData;
    return Object.fromEntries(
      entry!.parts!.map((p) => [p.name, p.drivingStyleData!.drivingDistance]),
    );
  };

  it('counts driving up to five minutes after the link ended for the driver by default', async () => {
    // the 08:30 record falls within 08:27 + 5 min: 30 km are the driver's
    expect(await driverDistance(300)).toEqual({ 'Sam de Boer': 30_000, UNKNOWN: 30_000 });
  });

  it('splits the trip again from its records when asked for no extension', async () => {
    // records at 08:10, 08:20 and 08:25 are before 08:27: 25 km are the driver's
    expect(await driverDistance(0)).toEqual({ 'Sam de Boer': 25_000, UNKNOWN: 35_000 });
  });

  it('takes any extension for period figures too: 0 without trips', async () => {
    const period = { from: at('00:00'), until: at('23:59'), driverLinkExtendTime: 0 };
    const drivers = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/reports/drivers`,
      payload: { ...period, ids: [driver2] },
    });
    expect(drivers.statusCode, drivers.body).toBe(200);
    const [driverData] = (drivers.json() as Report)[0]!.driverPeriodData![0]!.driverData;
    expect(driverData!.drivingStyleData!.drivingDistance).toBe(25_000);
    // an asset's sums do not depend on who drove
    const assets = await report('manager', { ...period, ids: [asset2] });
    expect(assets.statusCode, assets.body).toBe(200);
    const [assetData] = (assets.json() as Report)[0]!.assetPeriodData![0]!.assetData;
    expect(assetData!.drivingStyleData!.drivingDistance).toBe(60_000);
  });
});
