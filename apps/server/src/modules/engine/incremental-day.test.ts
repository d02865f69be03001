import { sql, type Transaction } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { EngineRepository, type ClaimedDay } from './engine.repository.js';
import { EngineService } from './engine.service.js';

/**
 * Issue 18 §1, the incremental day, on PostgreSQL: a truck's day posted as a unit posts it, a
 * few records a batch, the engine run after each batch. Once the day has a fold, each batch's
 * rebuild reads only that batch's records, however full the day already is. A late record, a
 * driver link, a requeued day (a dismissal) and a new zone each make the next rebuild read the
 * whole day. At the end everything derived equals a full re-process of the same records.
 */

const DAY = '2026-11-10';
const at = (hhmm: string, date = DAY) => Date.parse(`${date}T${hhmm}:00+01:00`);
const MINUTE = 60_000;
const BATCH = 4;

/** Records the engine read for each claimed asset-day, and whether it resumed the day's fold. */
class WatchedRepository extends EngineRepository {
  reads: { day: string; records: number; resumed: boolean }[] = [];
  override async inputs(trx: Transaction<Database>, days: ClaimedDay[]) {
    const out = await super.inputs(trx, days);
    days.forEach((day, i) =>
      this.reads.push({
        day: day.day,
        records: out[i]!.records.length,
        resumed: out[i]!.resumed !== null,
      }),
    );
    return out;
  }
}

let t: TestApp;
let assetId: number;
let credential: string;
let driverId: number;
let demo: number;
let seed: ReturnType<typeof fleetSeed>;

/** The batches where something older than the day's fold changes; a zone drawn at ZONE. */
const LATE = 20;
const LINK = 30;
const REQUEUED = 40;
const ZONE = 50;

/** Four trips, a record every 2 minutes while driving at 60 km/h, some harsh brakes; the last across midnight. */
function dayOfRecords() {
  const out: { timestamp: string; [key: string]: unknown }[] = [];
  let km = 0;
  const rec = (time: number, transferReason: string, extra: object = {}) =>
    out.push({
      timestamp: new Date(time).toISOString(),
      transferReason,
      // up and down a road through the zone drawn at batch ZONE (radius 500 m at 52.0)
      location: { latitude: 5_200_000 + Math.round(Math.sin(km / 15) * 1200), longitude: 480_000 },
      speed: 60,
      odometer: 1_000_000 + Math.round(km * 1000),
      drivingTime: Math.round(km * 60),
      engineHours: 1000 + km / 60,
      totalFuelUsed: 5000 + km * 0.3,
      ...extra,
    });
  const trip = (from: number, until: number) => {
    rec(from, 'TRIP_START');
    for (let time = from + 2 * MINUTE; time < until; time += 2 * MINUTE) {
      km += 2;
      rec(
        time,
        'PERIODIC',
        time % (26 * MINUTE) === 0 ? { events: [{ eventType: 'HARSH_BRAKE' }] } : {},
      );
    }
    km += 1;
    rec(until, 'TRIP_STOP');
  };
  trip(at('06:00'), at('08:30'));
  trip(at('09:00'), at('12:00'));
  trip(at('13:00'), at('16:30'));
  trip(at('22:30'), at('00:40', '2026-11-11'));
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  seed = fleetSeed(t);
  assetId = (await seed.asset(demo, 'Incremental truck')).id;
  const device = await seed.device(demo, 'FW-INCREMENTAL-1');
  credential = device.credential;
  driverId = (await seed.driver(demo)).id;
  await seed.deviceLink(assetId, device.id, '2026-11-01T00:00:00Z');
}, 60_000);
afterAll(() => t.close());

async function post(records: object[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${credential}` },
    payload: { records },
  });
  expect(response.statusCode).toBe(200);
}

/** Everything the engine derived for the asset, in an order of its own (ids left out). */
async function derived() {
  const q = async (query: ReturnType<typeof sql>) =>
    JSON.stringify((await query.execute(t.db)).rows);
  return {
    trips: await q(sql`SELECT t.start_time, t.end_time, t.driving_distance, t.total_time,
        t.harsh_brakes, t.fuel_used_total, t.end_latitude,
        (SELECT json_agg(json_build_array(d.driver_id, d.driving_distance, d.total_time) ORDER BY d.driver_id)
          FROM trip_drivers d WHERE d.trip_id = t.id) AS drivers
      FROM trips t WHERE asset_id = ${assetId} ORDER BY start_time`),
    hourly: await q(sql`SELECT driver_id, hour, driving_distance, total_time, harsh_brakes
      FROM stats_hourly WHERE asset_id = ${assetId} ORDER BY hour, driver_id`),
    daily: await q(sql`SELECT driver_id, day::text, driving_distance, total_time, harsh_brakes
      FROM stats_daily WHERE asset_id = ${assetId} ORDER BY day, driver_id`),
    events: await q(sql`SELECT "timestamp", event_type, driver_id
      FROM events WHERE asset_id = ${assetId} ORDER BY "timestamp", event_type`),
    visits: await q(sql`SELECT zone_id, day::text, entered_at, exited_at, last_seen_at, continued,
        continues, driver_id, max_speed, speeding_seconds
      FROM zone_visits WHERE asset_id = ${assetId} ORDER BY zone_id, entered_at`),
  };
}

/** What the engine derived so far equals a re-process of the same records from scratch. */
async function expectSameAsReprocessed(engine: EngineService) {
  const incremental = await derived();
  await sql`DELETE FROM engine_day_state WHERE asset_id = ${assetId}`.execute(t.db);
  await sql`DELETE FROM trips WHERE asset_id = ${assetId}`.execute(t.db);
  await sql`DELETE FROM events WHERE asset_id = ${assetId}`.execute(t.db);
  await sql`INSERT INTO engine_queue (asset_id, day)
    SELECT DISTINCT asset_id, ("timestamp" AT TIME ZONE ${t.config.timezone})::date FROM raw_records
    WHERE asset_id = ${assetId} ON CONFLICT DO NOTHING`.execute(t.db);
  await engine.drain();
  expect(await derived()).toEqual(incremental);
  return incremental;
}

it('reads only what each batch adds, a whole day when something older changed, and derives what a full re-process does', async () => {
  const repository = new WatchedRepository(t.db, t.config.timezone);
  const engine = new EngineService(repository, t.app.log);
  const all = dayOfRecords();
  const late = all.splice(40, 1); // posted later than the records after it
  const reads = (from: number) => repository.reads.slice(from).filter((r) => r.day === DAY);
  const checked = { resumed: 0, whole: 0 };

  for (let i = 0, batch = 0; i < all.length; i += BATCH, batch++) {
    const records = all.slice(i, i + BATCH);
    if (batch === ZONE) {
      // Built batch by batch so far (but for three whole reads): as a re-process builds it.
      const incremental = await expectSameAsReprocessed(engine);
      expect(JSON.parse(incremental.trips).length).toBe(3);
      expect(JSON.parse(incremental.events).length).toBeGreaterThan(3);
      expect(incremental.trips).toContain(`[[0,`);
      expect(incremental.trips).toContain(`[${driverId},`);
    }
    const mark = repository.reads.length;
    if (batch === LATE) records.push(...late);
    await post(records);
    if (batch === LINK) await seed.driverLink(assetId, driverId, '2026-11-10T10:00:00+01:00');
    if (batch === REQUEUED)
      await t.app.services.engine.requeueAssetDay(assetId, new Date(at('11:00')));
    if (batch === ZONE) {
      const zone = await t.as('manager', {
        method: 'POST',
        url: `/api/organisations/${demo}/zones`,
        payload: {
          name: 'Depot',
          shape: { type: 'circle', center: [4.8, 52.0], radius: 500 },
          speedLimit: 50,
          groupId: null,
          colour: '#E67E22',
        },
      });
      expect(zone.statusCode).toBe(201);
    }
    await engine.drain();
    const inDay = records.filter((r) => Date.parse(r.timestamp) < at('00:00', '2026-11-11'));
    if (!inDay.length) continue;
    const ours = reads(mark);
    if (batch >= 2 && ![LATE, LINK, REQUEUED, ZONE].includes(batch)) {
      // One rebuild of the day, resumed, reading the batch's records and nothing else.
      expect(ours, `batch ${batch}`).toEqual([
        { day: DAY, records: records.length, resumed: true },
      ]);
      checked.resumed++;
    } else if ([LATE, LINK, REQUEUED].includes(batch)) {
      // Something older than the fold changed: the whole day so far is read.
      expect(ours.at(-1)!.resumed, `batch ${batch}`).toBe(false);
      expect(ours.at(-1)!.records, `batch ${batch}`).toBeGreaterThanOrEqual(batch * BATCH);
      checked.whole++;
    } else if (batch === ZONE) {
      // The fold was made without the zone: the day is read again, whole.
      expect(
        ours.map((r) => r.resumed),
        `batch ${batch}`,
      ).toEqual([true, false]);
    }
  }
  expect(checked.whole).toBe(3);
  expect(checked.resumed).toBeGreaterThan(70);

  // Zone visits too, folded batch by batch since the zone was drawn.
  const whole = await expectSameAsReprocessed(engine);
  expect(JSON.parse(whole.trips).length).toBe(4);
  expect(JSON.parse(whole.visits).length).toBeGreaterThan(8);
  expect(whole.visits).toMatch(/"speeding_seconds":[1-9]/);

  await expectSameAsReprocessed(engine);
}, 120_000);
