import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { IngestService } from './ingest.service.js';
import { IngestRepository } from './ingest.repository.js';

/**
 * Issue 18 §2, one interleaving made deterministic on two real connections: a batch has
 * queued its asset-day (the day was queued already, by an earlier batch) but has not
 * committed, when an engine worker takes that day, reads it and commits. The batch then
 * commits. The day must be derived again with the batch's records; with a queue insert that
 * takes no lock (ON CONFLICT DO NOTHING) the worker deleted the queue row the batch relied on,
 * and the day stayed without the batch's TRIP_STOP until an admin re-processed it.
 */

let t: TestApp;
let deviceId: number;
let assetId: number;

const at = (hhmm: string) => `2026-11-10T${hhmm}:00+01:00`;
const record = (hhmm: string, transferReason: string, km: number) => ({
  timestamp: at(hhmm),
  transferReason,
  location: { latitude: 5200000 + km * 100, longitude: 480000 + km * 100 },
  odometer: 1_000_000 + km * 1000,
  drivingTime: km * 60,
});

beforeAll(async () => {
  t = await createTestApp();
  const demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(demo, 'Race truck')).id;
  deviceId = (await seed.device(demo, 'FW-RACE-1')).id;
  await seed.deviceLink(assetId, deviceId, '2026-11-01T00:00:00Z');
});
afterAll(() => t.close());

it('derives a day again when a batch commits while the engine is rebuilding it', async () => {
  const ingest = new IngestService(new IngestRepository(t.db, t.config.timezone));
  await ingest.records(deviceId, [
    record('08:00', 'TRIP_START', 0),
    record('08:20', 'PERIODIC', 20),
  ]);

  // The second batch's statement stops after it has stored its records and queued (locked)
  // its days, and before it moves the asset's latest position: a trigger on asset_state waits
  // for an advisory lock this test holds. The batch is uncommitted meanwhile.
  const holder = new pg.Client({ connectionString: t.databaseUrl });
  await holder.connect();
  await holder.query('SELECT pg_advisory_lock(1818)');
  await sql`
    CREATE FUNCTION race_gate() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN PERFORM pg_advisory_xact_lock_shared(1818); RETURN NEW; END $$;
    CREATE TRIGGER race_gate BEFORE INSERT ON asset_state FOR EACH ROW
      EXECUTE FUNCTION race_gate()`.execute(t.db);
  try {
    const batch = ingest.records(deviceId, [
      record('08:40', 'PERIODIC', 40),
      record('09:00', 'TRIP_STOP', 60),
    ]);
    const gateReached = async () => {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::integer AS n FROM pg_stat_activity
        WHERE wait_event_type = 'Lock' AND wait_event = 'advisory'`.execute(t.db);
      return rows[0]!.n > 0;
    };
    while (!(await gateReached())) await new Promise((r) => setTimeout(r, 20));

    // Meanwhile a worker runs one whole round (claim, read, write, commit) on its own connection.
    await t.app.services.engine.processNext();
    await holder.query('SELECT pg_advisory_unlock(1818)');
    expect((await batch).stored).toBe(2);
  } finally {
    await sql`DROP TRIGGER race_gate ON asset_state; DROP FUNCTION race_gate()`.execute(t.db);
    await holder.end();
  }

  await t.app.services.engine.drain();
  const trips = await t.db
    .selectFrom('trips')
    .select(['start_time', 'end_time'])
    .where('asset_id', '=', assetId)
    .execute();
  expect(trips.map((r) => [r.start_time.toISOString(), r.end_time?.toISOString()])).toEqual([
    [new Date(at('08:00')).toISOString(), new Date(at('09:00')).toISOString()],
  ]);
});
