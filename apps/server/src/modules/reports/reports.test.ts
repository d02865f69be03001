import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceWithCredential, Report, ReportData } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { toThousandths } from './report-entry.js';

/**
 * POST organisations/{id}/reports/assets and …/drivers (spec §7 Reports): body, ids, groups,
 * minimumDistance, driverLinkExtendTime, access, and the sums of periods that start and end
 * within a day, on a real PostgreSQL with the engine's own rollups.
 */
let t: TestApp;
let demo: number;
let polder: number;
let truck: number;
let idle: number;
let driver: number;
let group: number;
let polderGroup: number;

type Point = [time: string, reason: string, km: number];
/** One record per point; the odometer is cumulative metres, the driving time follows it at 60 km/h. */
const records = (points: Point[]) =>
  points.map(([timestamp, transferReason, km]) => ({
    timestamp,
    transferReason,
    location: { latitude: 5200000 + Math.round(km * 100), longitude: 480000 },
    odometer: 1_000_000 + Math.round(km * 1000),
    drivingTime: Math.round(km * 60),
  }));
/** A trip of `km` from `start` (local time with offset) over 30 minutes, the odometer at `at` km before it. */
const tripAt = (day: string, hhmm: string, offset: string, at: number, km: number): Point[] => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  const time = (minutes: number) => {
    const total = h * 60 + m + minutes;
    const hh = String(Math.floor(total / 60)).padStart(2, '0');
    const mm = String(total % 60).padStart(2, '0');
    return `${day}T${hh}:${mm}:00${offset}`;
  };
  return [
    [time(0), 'TRIP_START', at],
    [time(15), 'PERIODIC', at + km / 2],
    [time(30), 'TRIP_STOP', at + km],
  ];
};

const send = async (device: DeviceWithCredential, points: Point[]) => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records: records(points) },
  });
  expect(response.json().stored, response.body).toBe(points.length);
};

const post = (
  kind: 'assets' | 'drivers',
  payload: object,
  user = 'manager',
  organisationId = demo,
) =>
  t.as(user, {
    method: 'POST',
    url: `/api/organisations/${organisationId}/reports/${kind}`,
    payload,
  });

const assetData = (report: Report, assetId: number, interval = 0): ReportData[] =>
  report[interval]!.assetPeriodData!.find((a) => a.assetId === assetId)!.assetData;
const distanceOf = (data: ReportData[]) =>
  data.reduce((sum, d) => sum + (d.drivingStyleData?.drivingDistance ?? 0), 0);

// 2026-11-05 (CET): a 40 km trip at 10:00 and a 50 m one at 12:00; 2026-11-06: nothing.
const day = { from: '2026-11-05T00:00:00+01:00', until: '2026-11-06T00:00:00+01:00' };

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  const seed = fleetSeed(t);
  truck = (await seed.asset(demo, 'Truck A')).id;
  idle = (await seed.asset(demo, 'Truck B')).id;
  driver = (await seed.driver(demo, 'Visser')).id;
  const device = await seed.device(demo);
  await seed.deviceLink(truck, device.id, '2026-10-01T00:00:00Z');
  await seed.driverLink(truck, driver, '2026-10-01T00:00:00Z');
  group = (await seed.group(demo)).id;
  polderGroup = (await seed.group(polder)).id;
  const member = await t.as('oem', { method: 'PUT', url: `/api/groups/${group}/assets/${truck}` });
  expect(member.statusCode).toBe(204);

  await send(device, [
    // around the change to winter time (2026-10-25 03:00 CEST → 02:00 CET)
    ...tripAt('2026-10-24', '19:00', '+02:00', 0, 10),
    ...tripAt('2026-10-24', '21:00', '+02:00', 10, 20),
    ...tripAt('2026-10-25', '12:00', '+01:00', 30, 30),
    ...tripAt('2026-10-26', '09:00', '+01:00', 60, 40),
    ...tripAt('2026-10-26', '11:00', '+01:00', 100, 50),
    // the day of the trips and the short trip
    ...tripAt('2026-11-05', '10:00', '+01:00', 150, 40),
    ...tripAt('2026-11-05', '12:00', '+01:00', 190, 0.05),
  ]);
  await t.app.services.engine.drain();
});
afterAll(() => t.close());

describe('body validation', () => {
  it.each([
    ['no period', {}],
    ['until before from', { from: day.until, until: day.from }],
    ['an unknown field', { ...day, colour: 'blue' }],
    ['an id as text', { ...day, ids: ['1'] }],
    ['an id beyond 32 bits', { ...day, ids: [2_147_483_648] }],
    ['a negative id', { ...day, ids: [-1] }],
    ['a group beyond 32 bits', { ...day, groups: [2_147_483_648] }],
    ['a group named otherwise', { ...day, groups: ['SOME'] }],
    ['a negative minimumDistance', { ...day, minimumDistance: -1 }],
    ['an extension beyond a day', { ...day, driverLinkExtendTime: 90_000 }],
    ['an unknown interval', { ...day, interval: 'HOUR' }],
    ['more than 400 days', { from: '2025-01-01T00:00:00Z', until: '2026-03-01T00:00:00Z' }],
  ])('refuses %s with 400 {code, message}', async (_what, payload) => {
    for (const kind of ['assets', 'drivers'] as const) {
      const response = await post(kind, payload);
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    }
  });
});

describe('ids and groups', () => {
  it('narrows to the ids asked for and refuses ids of no asset of the organisation', async () => {
    const response = await post('assets', { ...day, ids: [idle] });
    expect((response.json() as Report)[0]!.assetPeriodData!.map((a) => a.assetId)).toEqual([idle]);
    const foreign = await post('assets', { ...day, ids: [999_999] });
    expect(foreign.statusCode).toBe(404);
  });

  it.each([
    ['groups: [ALL]', () => ({ groups: ['ALL'] })],
    ['group: ALL', () => ({ group: 'ALL' })],
    ['ALL among group ids', () => ({ groups: [group, 'ALL'] })],
    ['no group list', () => ({})],
  ])('%s is every asset and driver (with UNKNOWN)', async (_what, groupsOf) => {
    const groups = groupsOf();
    const assets = await post('assets', { ...day, ...groups });
    expect(assets.statusCode, assets.body).toBe(200);
    const assetIds = (assets.json() as Report)[0]!.assetPeriodData!.map((a) => a.assetId);
    expect(assetIds).toEqual(expect.arrayContaining([truck, idle]));
    const drivers = await post('drivers', { ...day, ...groups });
    expect(drivers.statusCode, drivers.body).toBe(200);
    const names = (drivers.json() as Report)[0]!.driverPeriodData!.map((d) => d.driverName);
    expect(names).toContain('UNKNOWN');
  });

  it.each([
    ['groups: [id]', () => ({ groups: [group] })],
    ['group: id', () => ({ group })],
  ])('%s is the members of the group', async (_what, groups) => {
    const response = await post('assets', { ...day, ...groups() });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as Report)[0]!.assetPeriodData!.map((a) => a.assetId)).toEqual([truck]);
  });

  it('answers a group of another organisation as if it did not exist', async () => {
    const response = await post('assets', { ...day, groups: [polderGroup] });
    expect(response.statusCode).toBe(404);
  });
});

describe('minimumDistance', () => {
  it('leaves trips shorter than it out of the period sums as well as out of the trips', async () => {
    const sums = async (minimumDistance?: number) =>
      distanceOf(
        assetData((await post('assets', { ...day, ids: [truck], minimumDistance })).json(), truck),
      );
    expect(await sums()).toBe(40_000); // default 100 m: the 50 m trip is left out
    expect(await sums(0)).toBe(40_050);
    const trips = await post('assets', { ...day, ids: [truck], trips: true });
    expect(assetData(trips.json(), truck)).toHaveLength(1);
  });

  it('applies to the drivers’ sums too', async () => {
    const distance = async (minimumDistance: number) => {
      const response = await post('drivers', { ...day, ids: [driver], minimumDistance });
      const [data] = (response.json() as Report)[0]!.driverPeriodData![0]!.driverData;
      return data!.drivingStyleData!.drivingDistance;
    };
    expect(await distance(100)).toBe(40_000);
    expect(await distance(0)).toBe(40_050);
  });
});

describe('driverLinkExtendTime', () => {
  it.each([0, 60, 300])('%i works with and without trips', async (driverLinkExtendTime) => {
    for (const kind of ['assets', 'drivers'] as const) {
      for (const trips of [false, true]) {
        const response = await post(kind, {
          ...day,
          ids: [kind === 'assets' ? truck : driver],
          trips,
          driverLinkExtendTime,
        });
        expect(response.statusCode, `${kind} trips=${trips}: ${response.body}`).toBe(200);
        const report = response.json() as Report;
        const data =
          kind === 'assets'
            ? assetData(report, truck)
            : report[0]!.driverPeriodData![0]!.driverData;
        expect(distanceOf(data)).toBe(40_000);
      }
    }
  });
});

describe('no score without exposure', () => {
  it('leaves scoreData out of a day with zero distance, and keeps it on a day with driving', async () => {
    const response = await post('assets', {
      from: '2026-11-05T00:00:01+01:00',
      until: '2026-11-06T23:59:59+01:00',
      ids: [truck],
      interval: 'DAY',
    });
    const report = response.json() as Report;
    expect(report.map((i) => i.day)).toEqual(['2026-11-05', '2026-11-06']);
    const [driven] = assetData(report, truck, 0);
    const [still] = assetData(report, truck, 1);
    expect(driven!.scoreData?.totalScore).toEqual(expect.any(Number));
    expect(still!.drivingStyleData!.drivingDistance).toBe(0);
    expect(still).not.toHaveProperty('scoreData');
  });
});

describe('access', () => {
  it.each([
    ['manager', 'Polder Logistics', 404],
    ['driver', 'Polder Logistics', 404],
    ['reseller', 'Polder Logistics', 200],
    ['oem', 'Demo Transport', 200],
  ])('%s asking for %s answers %i', async (user, organisation, status) => {
    const organisationId = await t.organisationId(organisation);
    for (const kind of ['assets', 'drivers'] as const) {
      const response = await post(kind, day, user, organisationId);
      expect(response.statusCode, response.body).toBe(status);
    }
  });

  it('needs a token', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/${demo}/reports/assets`,
      payload: day,
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('sums of periods that start and end within a day (rollups: whole days plus edge hours)', () => {
  // 24 Oct 20:00 CEST → 26 Oct 10:00 CET, across the change to winter time on the 25th:
  // the 19:00 trip (10 km) is before it, the 21:00 one (20 km) in its first hours, the 25th
  // (30 km) a whole day of 25 hours, the 09:00 trip of the 26th (40 km) in its last hours and
  // the 11:00 one (50 km) after it.
  const period = { from: '2026-10-24T20:00:00+02:00', until: '2026-10-26T10:00:00+01:00' };

  it('sums the edge hours and the whole days between them', async () => {
    const response = await post('assets', { ...period, ids: [truck] });
    expect(distanceOf(assetData(response.json(), truck))).toBe(90_000);
  });

  it('gives each local day its part, keyed by its local date', async () => {
    const response = await post('assets', { ...period, ids: [truck], interval: 'DAY' });
    const report = response.json() as Report;
    expect(
      report.map((i) => [i.day, distanceOf(assetData(report, truck, report.indexOf(i)))]),
    ).toEqual([
      ['2026-10-24', 20_000],
      ['2026-10-25', 30_000],
      ['2026-10-26', 40_000],
    ]);
    // the day of the change is 25 hours long
    const dst = report[1]!;
    expect(Date.parse(dst.until) - Date.parse(dst.from)).toBe(25 * 3_600_000);
  });

  it('gives the same for the driver', async () => {
    const response = await post('drivers', { ...period, ids: [driver] });
    const [data] = (response.json() as Report)[0]!.driverPeriodData![0]!.driverData;
    expect(data!.drivingStyleData!.drivingDistance).toBe(90_000);
  });
});

describe('daily intervals over more than a month (their sums are read a month at a time)', () => {
  // 40 local days: the trips of 24–26 October and of 5 November (its 50 m trip left out).
  const period = { from: '2026-10-01T00:00:00+02:00', until: '2026-11-10T00:00:00+01:00' };
  const expected: Record<string, number> = {
    '2026-10-24': 30_000,
    '2026-10-25': 30_000,
    '2026-10-26': 90_000,
    '2026-11-05': 40_000,
  };

  it.each(['assets', 'drivers'] as const)(
    'gives each day its own sums in the %s report, as the whole period has them',
    async (kind) => {
      const ids = kind === 'assets' ? [truck] : [driver];
      const distance = (report: Report, i: number) => {
        const entry =
          kind === 'assets'
            ? report[i]!.assetPeriodData![0]!.assetData
            : report[i]!.driverPeriodData![0]!.driverData;
        return distanceOf(entry);
      };
      const daily = (await post(kind, { ...period, ids, interval: 'DAY' })).json() as Report;
      expect(daily).toHaveLength(40);
      const byDay = Object.fromEntries(
        daily.map((i, n) => [i.day, distance(daily, n)]).filter(([, d]) => d !== 0),
      );
      expect(byDay).toEqual(expected);
      const whole = (await post(kind, { ...period, ids })).json() as Report;
      expect(distance(whole, 0)).toBe(190_000);
    },
  );
});

describe('numbers of a report', () => {
  it.each([
    [3996.2591634103983, 3996.259],
    [0.30000000000000004, 0.3],
    [87.44999999, 87.45],
    [12, 12],
    [0, 0],
  ])('%d is answered as %d (three decimals)', (value, answered) => {
    expect(toThousandths({ value })).toEqual({ value: answered });
  });
});

describe('a report to a client that takes gzip', () => {
  it('is gzipped, and is the same report unzipped', async () => {
    const payload = { ...day, interval: 'DAY' };
    const plain = await post('assets', payload);
    const zipped = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/reports/assets`,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
      payload,
    });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString('utf8'))).toEqual(plain.json());
  });
});
