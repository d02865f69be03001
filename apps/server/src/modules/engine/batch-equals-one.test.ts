import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { EngineRepository } from './engine.repository.js';
import { EngineService } from './engine.service.js';
import { seededRandom } from '../../test/seeded-random.js';

/**
 * Issue 18 §1: the engine writes a batch of asset-days with one statement per step (all their
 * trips in one upsert, all their rollups in one insert, …). What a batch derives must equal a
 * full re-process of the same data one asset-day at a time: generated days of three assets,
 * trips across midnight (both days of one asset in one batch), silent trips, a driver change
 * in the middle of a trip, events.
 */
let t: TestApp;
const assets: { id: number; credential: string }[] = [];

/** Four days of trips of one asset from 2026-11-08 local, some across midnight, some silent. */
function generate(seed: number) {
  const next = seededRandom(seed);
  const records: object[] = [];
  let time = Date.parse('2026-11-08T05:00:00+01:00');
  const until = Date.parse('2026-11-12T02:00:00+01:00');
  let km = 0;
  const rec = (at: number, transferReason: string, extra: object = {}) =>
    records.push({
      timestamp: new Date(at).toISOString(),
      transferReason,
      location: { latitude: 5200000 + Math.round(km * 100), longitude: 480000 },
      odometer: 1_000_000 + Math.round(km * 1000),
      drivingTime: Math.round(km * 60),
      engineHours: 1000 + km / 60,
      totalFuelUsed: 5000 + km * 0.3,
      ...extra,
    });
  while (time < until) {
    const minutes = 20 + Math.floor(next() * 180);
    rec(time, 'TRIP_START');
    for (let m = 10; m < minutes; m += 10) {
      km += 8 + next() * 4;
      const harsh = next() < 0.1 ? { events: [{ eventType: 'HARSH_BRAKE' }] } : {};
      rec(time + m * 60_000, 'PERIODIC', harsh);
    }
    km += 5;
    if (next() > 0.15) rec(time + minutes * 60_000, 'TRIP_STOP'); // else silent
    time += (minutes + 30 + Math.floor(next() * 600)) * 60_000;
  }
  return records;
}

beforeAll(async () => {
  t = await createTestApp();
  const demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  const driver = await seed.driver(demo);
  for (let i = 0; i < 3; i++) {
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);
    await seed.deviceLink(asset.id, device.id, '2026-11-01T00:00:00Z');
    assets.push({ id: asset.id, credential: device.credential });
  }
  // A driver from the middle of a day on, so trips and hours split between two drivers.
  await seed.driverLink(assets[0]!.id, driver.id, '2026-11-09T13:05:00+01:00');
}, 120_000);
afterAll(() => t.close());

/** Everything the engine derived for the assets, in an order of its own (ids left out). */
async function derived() {
  const ids = assets.map((a) => a.id);
  const q = async (query: ReturnType<typeof sql>) =>
    JSON.stringify((await query.execute(t.db)).rows);
  return {
    trips:
      await q(sql`SELECT t.asset_id, t.start_time, t.end_time, t.driving_distance, t.total_time,
        t.idle_time, t.harsh_brakes, t.fuel_used_total, t.end_latitude,
        (SELECT json_agg(json_build_array(d.driver_id, d.driving_distance, d.total_time) ORDER BY d.driver_id)
          FROM trip_drivers d WHERE d.trip_id = t.id) AS drivers
      FROM trips t WHERE asset_id = ANY(${ids}::integer[]) ORDER BY asset_id, start_time`),
    hourly: await q(sql`SELECT asset_id, driver_id, hour, driving_distance, total_time, idle_time
      FROM stats_hourly WHERE asset_id = ANY(${ids}::integer[]) ORDER BY asset_id, hour, driver_id`),
    daily:
      await q(sql`SELECT asset_id, driver_id, day::text, driving_distance, total_time, idle_time
      FROM stats_daily WHERE asset_id = ANY(${ids}::integer[]) ORDER BY asset_id, day, driver_id`),
    events: await q(sql`SELECT asset_id, "timestamp", event_type, driver_id
      FROM events WHERE asset_id = ANY(${ids}::integer[]) ORDER BY asset_id, "timestamp", event_type`),
    last: await q(sql`SELECT s.asset_id, t.start_time FROM asset_state s
      LEFT JOIN trips t ON t.id = s.last_trip_id
      WHERE s.asset_id = ANY(${ids}::integer[]) ORDER BY s.asset_id`),
  };
}

it('derives with one statement per step for many asset-days what one asset-day at a time derives', async () => {
  for (const [i, asset] of assets.entries()) {
    const records = generate(i + 1);
    const response = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/records',
      headers: { authorization: `Bearer ${asset.credential}` },
      payload: { records },
    });
    expect(response.json().stored).toBe(records.length);
  }
  const repository = new EngineRepository(t.db, t.config.timezone);
  // Every queued asset-day of the three assets (5 days each) in one transaction.
  const queued = await t.app.services.engine.pending();
  const { rows: queue } = await sql<{ asset_id: number; day: string }>`
    SELECT asset_id, day::text FROM engine_queue ORDER BY day, asset_id`.execute(t.db);
  expect(queued).toBeGreaterThanOrEqual(12);
  const batch = new EngineService(repository, t.app.log, 64);
  expect(await batch.processNext()).toBe(queued);
  const batched = await derived();
  expect(JSON.parse(batched.trips).length).toBeGreaterThan(20);
  expect(JSON.parse(batched.events).length).toBeGreaterThan(0);

  // The full re-process of the same data, one asset-day a transaction, oldest day first.
  await sql`DELETE FROM trips WHERE asset_id = ANY(${assets.map((a) => a.id)}::integer[])`.execute(
    t.db,
  );
  for (const [i, row] of queue.entries())
    await sql`INSERT INTO engine_queue (asset_id, day, queued_at)
      VALUES (${row.asset_id}, ${row.day}::date, now() + ${i} * interval '1 second')`.execute(t.db);
  const single = new EngineService(repository, t.app.log, 1);
  let days = 0;
  for (let n; (n = await single.processNext());) days += n;
  expect(days).toBe(queued);
  const oneByOne = await derived();
  expect(batched).toEqual(oneByOne);
}, 120_000);
