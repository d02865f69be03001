import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ROLLUP_EXTEND_SECONDS } from './engine.service.js';
import { processDay, recordOrder, type EngineRecord } from './process-day.js';

/**
 * Issue 18 §1: the engine reads only the records a day needs (from the last TRIP_START before
 * it to the first trip boundary after it), not three or four days of them. What it derives
 * must equal processDay over every record of the asset: trips across both midnights, a trip
 * silent for over an hour, a stop after a long gap, neighbours full of records.
 */
let t: TestApp;
let assetId: number;
let deviceId: number;
let credential: string;

const rec = (iso: string, transferReason: string, km: number, extra: object = {}) => ({
  timestamp: new Date(iso).toISOString(),
  transferReason,
  location: { latitude: 5200000 + km * 100, longitude: 480000 },
  odometer: 1_000_000 + km * 1000,
  drivingTime: km * 60,
  engineHours: 1000 + km / 60,
  totalFuelUsed: 5000 + km * 0.3,
  ...extra,
});

/** A trip from `start` for `minutes`, a record every 10 minutes, odometer going on from `km`. */
function trip(start: string, minutes: number, km: number, stop = true) {
  const t0 = Date.parse(start);
  const out = [rec(start, 'TRIP_START', km)];
  for (let m = 10; m < minutes; m += 10)
    out.push(rec(new Date(t0 + m * 60_000).toISOString(), 'PERIODIC', km + m));
  if (stop) out.push(rec(new Date(t0 + minutes * 60_000).toISOString(), 'TRIP_STOP', km + minutes));
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  const demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(demo, 'Window truck')).id;
  const device = await seed.device(demo, 'FW-WINDOW-1');
  deviceId = device.id;
  credential = device.credential;
  await seed.deviceLink(assetId, deviceId, '2026-11-01T00:00:00Z');
});
afterAll(() => t.close());

it('derives each day as processDay does over all of the asset’s records', async () => {
  const records = [
    ...trip('2026-11-08T06:00:00+01:00', 120, 0), // two days before: a full neighbour
    ...trip('2026-11-09T08:00:00+01:00', 60, 200),
    ...trip('2026-11-09T22:30:00+01:00', 120, 300), // across the first midnight
    ...trip('2026-11-10T10:00:00+01:00', 60, 500, false), // silent: no stop, then a gap
    ...trip('2026-11-10T13:00:00+01:00', 50, 600),
    ...trip('2026-11-10T23:20:00+01:00', 70, 700), // across the second midnight
    ...trip('2026-11-11T09:00:00+01:00', 30, 800),
    rec('2026-11-11T12:00:00+01:00', 'PERIODIC', 830, { events: [{ eventType: 'HARSH_BRAKE' }] }),
  ];
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${credential}` },
    payload: { records },
  });
  expect(response.json().stored).toBe(records.length);
  await t.app.services.engine.drain();

  const { rows } = await sql<EngineRecord & { transfer_reason: string; device_id: number }>`
    SELECT "timestamp", transfer_reason, device_id, latitude, longitude, events, metrics
    FROM raw_records WHERE asset_id = ${assetId}`.execute(t.db);
  const all: EngineRecord[] = rows
    .map((r) => ({ ...r, transferReason: r.transfer_reason, deviceId: r.device_id }))
    .sort(recordOrder);

  for (const day of ['2026-11-08', '2026-11-09', '2026-11-10', '2026-11-11']) {
    const start = new Date(`${day}T00:00:00+01:00`);
    const end = new Date(start.getTime() + 86_400_000);
    const expected = processDay({
      records: all,
      links: [],
      start,
      end,
      extendSeconds: ROLLUP_EXTEND_SECONDS,
      now: new Date(),
    });
    const trips = await t.db
      .selectFrom('trips')
      .select(['start_time', 'end_time', 'driving_distance'])
      .where('asset_id', '=', assetId)
      .where('start_time', '>=', expected.tripsFrom)
      .where('start_time', '<', end)
      .orderBy('start_time')
      .execute();
    expect(
      trips.map((r) => [r.start_time.toISOString(), r.end_time?.toISOString(), r.driving_distance]),
      day,
    ).toEqual(
      expected.trips.map((r) => [
        r.start.toISOString(),
        r.end?.toISOString(),
        r.stats.drivingDistance,
      ]),
    );
    const daily = await t.db
      .selectFrom('stats_daily')
      .select(['driving_distance', 'total_time'])
      .where('asset_id', '=', assetId)
      .where('day', '=', day)
      .execute();
    const stats = [...expected.daily.values()];
    expect(
      daily.map((r) => [r.driving_distance, r.total_time]),
      day,
    ).toEqual(stats.map((s) => [s.drivingDistance, s.totalTime]));
  }
});
