import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '../../db/schema.js';
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

/** A pool whose connections stop before the first statement matching `pause` until released. */
function gatedPool(connectionString: string, pause: RegExp) {
  const pool = new pg.Pool({ connectionString, max: 2 });
  let arrived!: () => void;
  let release!: () => void;
  const reached = new Promise<void>((r) => (arrived = r));
  const gate = new Promise<void>((r) => (release = r));
  let armed = true;
  const wrapped = {
    async connect() {
      const client = await pool.connect();
      const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
      return Object.assign(Object.create(client) as pg.PoolClient, {
        query: async (...args: unknown[]) => {
          if (armed && typeof args[0] === 'string' && pause.test(args[0])) {
            armed = false;
            arrived();
            await gate;
          }
          return query(...args);
        },
        release: (error?: Error | boolean) => client.release(error),
      });
    },
    end: () => pool.end(),
  };
  return { pool: wrapped, reached, release };
}

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

  // The second batch stops after its insert statement (records stored, day queued) and before
  // the next statement of its transaction (the asset's latest position), uncommitted.
  const gated = gatedPool(t.databaseUrl, /INSERT INTO asset_state/);
  const slowDb = new Kysely<Database>({ dialect: new PostgresDialect({ pool: gated.pool }) });
  try {
    const slowIngest = new IngestService(new IngestRepository(slowDb, t.config.timezone));
    const batch = slowIngest.records(deviceId, [
      record('08:40', 'PERIODIC', 40),
      record('09:00', 'TRIP_STOP', 60),
    ]);
    await gated.reached;

    // Meanwhile a worker runs one whole round (claim, read, write, commit) on the other connection.
    await t.app.services.engine.processNext();
    gated.release();
    expect((await batch).stored).toBe(2);
  } finally {
    await slowDb.destroy();
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
