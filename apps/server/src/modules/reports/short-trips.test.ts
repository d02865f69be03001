import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_MINIMUM_DISTANCE } from '@fleet/contract';
import { withPlans } from '../../test/query-plans.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { ReportsRepository } from './reports.repository.js';

/**
 * Issue 18 §3: a report leaves out the trips shorter than its minimum distance. With the
 * default (100 m, all the web app asks) PostgreSQL finds them in the partial indexes of
 * migration 0029 instead of reading every trip of the period; another minimum reads as before.
 * Both give the sums of exactly the short trips.
 */
let t: TestApp;
let assetId: number;
const period = { from: new Date('2026-03-01T00:00:00Z'), until: new Date('2026-04-01T00:00:00Z') };

beforeAll(async () => {
  t = await createTestApp();
  const organisationId = await t.organisationId('Demo Transport');
  const { rows } = await sql<{ id: number }>`
    INSERT INTO assets (organisation_id, name) VALUES (${organisationId}, 'Short trips truck')
    RETURNING id`.execute(t.db);
  assetId = rows[0]!.id;
  // A busy month: a 5 km trip every 15 minutes (2,976), and three of 40 m, each with its
  // driver's part; then statistics, as autovacuum would have gathered them.
  await sql`
    WITH made AS (
      INSERT INTO trips (asset_id, device_id, start_time, end_time, driving_distance, driving_time)
      SELECT ${assetId}::integer, 0, s, s + interval '10 minutes', 5000, 600
      FROM generate_series(${period.from}::timestamptz, ${period.until}::timestamptz - interval '15 minutes', interval '15 minutes') AS s
      UNION ALL
      SELECT ${assetId}::integer, 0, s, s + interval '1 minute', 40, 30
      FROM unnest(ARRAY['2026-03-03T10:11:00Z', '2026-03-17T07:02:00Z', '2026-03-30T18:40:00Z']::timestamptz[]) AS s
      RETURNING id, driving_distance, driving_time
    )
    INSERT INTO trip_drivers (trip_id, driver_id, driving_distance, driving_time)
    SELECT id, 0, driving_distance, driving_time FROM made`.execute(t.db);
  await sql`ANALYZE trips`.execute(t.db);
  await sql`ANALYZE trip_drivers`.execute(t.db);
}, 60_000);
afterAll(() => t?.close());

/** The sums shortTripSums answers, and the plans of the statements it ran. */
async function shortTrips(minimumDistance: number, by: 'asset_id' | 'driver_id') {
  const { result, plans } = await withPlans(t, (db) =>
    new ReportsRepository(db, 'UTC').shortTripSums([assetId], [period], minimumDistance, by),
  );
  return { sums: result[0]!, plan: plans.join('\n') };
}

it.each([
  ['asset_id', 'trips_short_idx'],
  ['driver_id', 'trip_drivers_short_idx'],
] as const)(
  'per %s, the default minimum reads the short trips from their partial index',
  async (by, index) => {
    // Per asset, the asset; per driver, UNKNOWN (0), who drove them all.
    const key = () => (by === 'asset_id' ? assetId : 0);
    const { sums, plan } = await shortTrips(DEFAULT_MINIMUM_DISTANCE, by);
    expect(plan).toContain(index);
    expect(sums.get(key())).toMatchObject({ drivingDistance: 120, drivingTime: 90 });
    // A longer minimum cannot use it: every trip of the month is short of 6 km.
    const longer = await shortTrips(6000, by);
    expect(longer.plan).not.toContain(index);
    expect(longer.sums.get(key())).toMatchObject({
      drivingDistance: 2976 * 5000 + 120,
      drivingTime: 2976 * 600 + 90,
    });
  },
);
