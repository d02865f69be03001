import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceWithCredential } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { withPlans } from '../../test/query-plans.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { VehicleDataRepository } from '../vehicle-data/vehicle-data.repository.js';
import { addMonths, monthOf, planPartitions, retentionCutoff } from './partition-plan.js';

describe('planPartitions', () => {
  const now = new Date('2026-11-26T17:00:00Z');
  it.each<[string, string[], number[], string[], string[], string | undefined]>([
    // name, existing, retentions, create, drop, horizon
    ['nothing yet', [], [730], ['2026-11-01', '2026-12-01', '2027-01-01'], [], '2024-11-01'],
    [
      'the months ahead exist',
      ['2026-11-01', '2026-12-01', '2027-01-01'],
      [730],
      [],
      [],
      '2024-11-01',
    ],
    [
      'the longest retention keeps a month',
      ['2025-01-01', '2025-10-01', '2025-11-01', '2026-11-01', '2026-12-01', '2027-01-01'],
      [365, 400],
      [],
      ['2025-01-01'],
      '2025-10-01',
    ],
    [
      'a month goes once its end is as old as every retention',
      ['2025-10-01', '2025-11-01', '2026-11-01', '2026-12-01', '2027-01-01'],
      [365, 365],
      [],
      ['2025-10-01'],
      '2025-11-01',
    ],
    [
      'no organisation with devices drops nothing',
      ['2020-01-01'],
      [],
      ['2026-11-01', '2026-12-01', '2027-01-01'],
      [],
      undefined,
    ],
  ])('%s', (_, existing, retentionDays, create, drop, horizon) => {
    expect(planPartitions({ now, existing, retentionDays, ahead: 2 })).toEqual({
      create,
      drop,
      ...(horizon ? { horizon } : {}),
    });
  });

  it.each([
    ['2026-01-31T23:59:59Z', 1, '2026-02-01'],
    ['2026-12-15T00:00:00Z', 1, '2027-01-01'],
    ['2026-03-01T00:00:00Z', -3, '2025-12-01'],
  ])('addMonths(monthOf(%s), %i) = %s', (date, n, month) => {
    expect(addMonths(monthOf(new Date(date)), n)).toBe(month);
  });

  it('retentionCutoff keeps at least the days asked, whole months', () => {
    expect(retentionCutoff(now, 31)).toBe('2026-10-01');
    expect(retentionCutoff(now, 730)).toBe('2024-11-01');
  });
});

let t: TestApp;
let demo: number;
let assetId: number;
let device: DeviceWithCredential;

const month = (table: string, m: string) => sql`SELECT fleet_month_partition(${table}, ${m}::date)`;
const exists = async (name: string) =>
  (await sql<{ r: string | null }>`SELECT to_regclass(${name})::text AS r`.execute(t.db)).rows[0]!
    .r !== null;

/** `n` raw records and `n` datapoints of the device, one a minute from `from` (UTC). */
async function insertRows(from: string, n: number) {
  await sql`
    INSERT INTO raw_records (device_id, "timestamp", transfer_reason, asset_id, latitude, longitude, speed, metrics)
    SELECT ${device.id}, ${from}::timestamptz + make_interval(mins => i), 'PERIODIC', ${assetId}, 5200000, 480000, 50, '{}'
      FROM generate_series(0, ${n - 1}) i`.execute(t.db);
  await sql`
    INSERT INTO datapoints (device_id, "timestamp", asset_id, latitude, longitude, speed)
    SELECT ${device.id}, ${from}::timestamptz + make_interval(mins => i, secs => 30), ${assetId}, 5200000, 480000, 50
      FROM generate_series(0, ${n - 1}) i`.execute(t.db);
}

const count = async (table: string, from: string, until: string) =>
  Number(
    (
      await sql<{ n: string }>`
        SELECT count(*) AS n FROM ${sql.table(table)} WHERE device_id = ${device.id}
           AND "timestamp" >= ${from}::timestamptz AND "timestamp" < ${until}::timestamptz`.execute(
        t.db,
      )
    ).rows[0]!.n,
  );

beforeAll(async () => {
  t = await createTestApp({ RAW_DATA_JOB_MINUTES: '0' });
  demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(demo)).id;
  device = await seed.device(demo);
  await seed.deviceLink(assetId, device.id, '2024-01-01T00:00:00Z');
  for (const table of ['raw_records', 'datapoints'])
    for (const m of ['2025-03-01', '2025-04-01', '2025-12-01']) await month(table, m).execute(t.db);
  await insertRows('2025-03-10T08:00:00Z', 500);
  await insertRows('2025-04-10T08:00:00Z', 500);
  await insertRows('2025-12-10T08:00:00Z', 500);
});
afterAll(() => t.close());

describe('partitions', () => {
  it('an entity-data call reads only the partitions of its period (EXPLAIN)', async () => {
    const window = {
      from: new Date('2025-03-10T00:00:00Z'),
      until: new Date('2025-03-12T00:00:00Z'),
    };
    const { plans } = await withPlans(t, async (db) => {
      const data = new VehicleDataRepository(db);
      expect((await data.datapoints(assetId, window)).total).toBe(1000);
      expect((await data.rawData(assetId, window, 10, 0)).total).toBe(500);
    });
    for (const plan of plans) {
      const read = [...plan.matchAll(/ on (raw_records|datapoints)_(\w+)/g)].map((m) => m[2]);
      expect(read.length, plan).toBeGreaterThan(0);
      expect(new Set(read), plan).toEqual(new Set(['p202503']));
    }
  });

  it('a record for a month without a partition is stored (default partition) and moves into the month when it is created', async () => {
    await insertRows('2031-05-01T00:00:00Z', 3);
    const where = sql`device_id = ${device.id}`;
    const inDefault = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM raw_records_default WHERE ${where}`.execute(t.db)
        ).rows[0]!.n,
      );
    expect(await inDefault()).toBe(3);
    await month('raw_records', '2031-05-01').execute(t.db);
    expect(await inDefault()).toBe(0);
    expect(await count('raw_records', '2031-05-01', '2031-06-01')).toBe(3);
    await sql`DROP TABLE raw_records_p203105`.execute(t.db);
    await sql`DELETE FROM datapoints WHERE ${where} AND "timestamp" >= '2031-01-01'`.execute(t.db);
  });
});

describe('retention', () => {
  const retain = (organisationId: number, rawRetentionDays: number) =>
    t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${organisationId}/settings`,
      payload: { rawRetentionDays },
    });

  it('is an organisation setting: 31–3650 days, OEM and RESELLER change it', async () => {
    const read = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/settings`,
    });
    expect(read.json()).toMatchObject({ rawRetentionDays: 730 });
    for (const bad of [30, 3651, 'x', 1.5])
      expect((await retain(demo, bad as number)).statusCode).toBe(400);
    const manager = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/settings`,
      payload: { rawRetentionDays: 100 },
    });
    expect(manager.statusCode).toBe(403);
    expect(manager.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await retain(demo, 400)).json()).toMatchObject({ rawRetentionDays: 400 });
  });

  it('row by row for an organisation keeping less than others; whole months when all passed them, while the engine works', async () => {
    const now = new Date();
    const run = (at: Date) => t.app.services.rawData.run(undefined, at);
    // Another organisation with devices keeps the default (730 days): demo's old months go row by row.
    const polder = await t.organisationId('Polder Logistics');
    await fleetSeed(t).device(polder);
    await retain(demo, 400);
    const first = await run(new Date('2026-11-26T12:00:00Z'));
    expect(first.dropped).toEqual([]);
    expect(await count('raw_records', '2025-03-01', '2025-04-01')).toBe(0);
    expect(await count('datapoints', '2025-04-01', '2025-05-01')).toBe(0);
    expect(await count('raw_records', '2025-12-01', '2026-01-01')).toBe(500);
    expect(first.deleted).toBe(2000);

    // Now every organisation with devices keeps 400 days: the March and April months go whole, while
    // devices send and the engine derives trips of today.
    const { rows } = await sql<{ id: number }>`
      SELECT DISTINCT organisation_id AS id FROM devices`.execute(t.db);
    for (const { id } of rows) expect((await retain(id, 400)).statusCode).toBe(200);
    const today = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000 - 3 * 3_600_000);
    const at = (minutes: number) => new Date(today.getTime() + minutes * 60_000).toISOString();
    const records = (from: number) =>
      Array.from({ length: 20 }, (_, i) => ({
        timestamp: at(from + i),
        transferReason: i === 0 ? 'TRIP_START' : i === 19 ? 'TRIP_STOP' : 'PERIODIC',
        location: { latitude: 5200000 + i * 100, longitude: 480000 },
        odometer: 1_000_000 + (from + i) * 1000,
        drivingTime: (from + i) * 60,
      }));
    let sending = true;
    const sent: number[] = [];
    const traffic = (async () => {
      for (let trip = 0; (sending || trip < 3) && trip < 6; trip++) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/device-api/v1/records',
          headers: { authorization: `Bearer ${device.credential}` },
          payload: { records: records(trip * 25) },
        });
        sent.push(response.statusCode);
        await t.app.services.engine.drain();
      }
    })();
    const second = await run(new Date('2026-11-26T12:00:00Z'));
    sending = false;
    await traffic;
    await t.app.services.engine.drain();

    expect(second.dropped.sort()).toEqual(
      [
        'datapoints 2025-03-01',
        'datapoints 2025-04-01',
        'raw_records 2025-03-01',
        'raw_records 2025-04-01',
      ].sort(),
    );
    expect(await exists('raw_records_p202503')).toBe(false);
    expect(await exists('datapoints_p202504')).toBe(false);
    expect(sent.every((s) => s === 200)).toBe(true);
    // nothing of the kept periods is lost: the December rows, and every record sent today
    expect(await count('raw_records', '2025-12-01', '2026-01-01')).toBe(500);
    expect(await count('datapoints', '2025-12-01', '2026-01-01')).toBe(500);
    expect(await count('raw_records', at(0), at(25 * sent.length))).toBe(20 * sent.length);
    const { rows: trips } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM trips WHERE asset_id = ${assetId} AND start_time >= ${at(0)}`.execute(
      t.db,
    );
    expect(Number(trips[0]!.n)).toBe(sent.length);
  });
});

describe('trips whose raw records retention removed', () => {
  it('keep the split the engine stored when a report asks to split them again', async () => {
    const seed = fleetSeed(t);
    const truck = (await seed.asset(demo)).id;
    const driver = (await seed.driver(demo, 'Retained')).id;
    const unit = await seed.device(demo);
    await seed.deviceLink(truck, unit.id, '2025-12-01T00:00:00Z');
    await seed.driverLink(truck, driver, '2025-12-01T00:00:00Z');
    const at = (minute: number) => new Date(Date.UTC(2025, 11, 20, 8, minute)).toISOString();
    const records = [0, 10, 20, 30, 40].map((minute, i) => ({
      timestamp: at(minute),
      transferReason: i === 0 ? 'TRIP_START' : i === 4 ? 'TRIP_STOP' : 'PERIODIC',
      location: { latitude: 5200000 + minute * 100, longitude: 480000 },
      odometer: 1_000_000 + minute * 1000,
      drivingTime: minute * 60,
    }));
    const sent = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/records',
      headers: { authorization: `Bearer ${unit.credential}` },
      payload: { records },
    });
    expect(sent.statusCode).toBe(200);
    await t.app.services.engine.drain();
    const parts = async (driverLinkExtendTime: number) => {
      const response = await t.as('manager', {
        method: 'POST',
        url: `/api/organisations/${demo}/reports/assets`,
        payload: { from: at(0), until: at(59), trips: true, ids: [truck], driverLinkExtendTime },
      });
      expect(response.statusCode, response.body).toBe(200);
      const [entry] = response.json()[0].assetPeriodData[0].assetData;
      return (entry.parts as { name: string }[]).map((p) => p.name);
    };
    const stored = await parts(300);
    expect(stored.length).toBeGreaterThan(0);
    expect(await parts(0)).toEqual(stored);
    await sql`DELETE FROM raw_records WHERE device_id = ${unit.id}`.execute(t.db);
    expect(await parts(0)).toEqual(stored);
  });
});
