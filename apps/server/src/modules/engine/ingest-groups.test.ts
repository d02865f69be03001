import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { periodicRecord, postRecords } from '../../test/device-posts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { IngestRepository } from './ingest.repository.js';

/**
 * Issue 18 §3 on a real PostgreSQL: batches that wait for ingestion's one place are stored
 * together in one statement (batch-groups.ts), each device answered with its own count, the
 * records stored once, and a batch that spoils the statement fails alone.
 */
let t: TestApp;
const vehicles: { assetId: number; deviceId: number; credential: string }[] = [];

const record = periodicRecord;
const post = (credential: string, records: object[]) => postRecords(t, credential, records);

beforeAll(async () => {
  t = await createTestApp({ INGEST_CONNECTIONS: '1' });
  const demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  for (let i = 0; i < 12; i++) {
    const assetId = (await seed.asset(demo)).id;
    const device = await seed.device(demo);
    await seed.deviceLink(assetId, device.id, '2026-11-01T00:00:00Z');
    vehicles.push({ assetId, deviceId: device.id, credential: device.credential });
  }
});
afterAll(() => t.close());

/** Runs `meanwhile` while the first vehicle's batch (of a new `minute`) holds ingestion's only place. */
async function withPlaceHeld<T>(minute: number, meanwhile: () => Promise<T>) {
  return t.db.connection().execute(async (connection) => {
    await sql`BEGIN`.execute(connection);
    await sql`SELECT 1 FROM asset_state WHERE asset_id = ${vehicles[0]!.assetId} FOR UPDATE`.execute(
      connection,
    );
    const first = post(vehicles[0]!.credential, [record(minute)]);
    for (let i = 0; i < 400; i++) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(connection);
      if (rows[0]!.n > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    const waiting = meanwhile();
    await new Promise((r) => setTimeout(r, 200));
    await sql`COMMIT`.execute(connection);
    return { first: await first, rest: await waiting };
  });
}

it('stores the waiting batches of many devices together, each answered with its own count', async () => {
  // Each vehicle's first batch once, so that the next holds a duplicate of it.
  await Promise.all(vehicles.map((v) => post(v.credential, [record(0)])));
  // Counts the repository's statements (each still runs, on the real database).
  const statements = vi.spyOn(IngestRepository.prototype, 'insertRecords');
  const { first, rest } = await withPlaceHeld(1, async () => {
    const before = statements.mock.calls.length;
    const answers = await Promise.all(
      vehicles
        .slice(1)
        .map((v, i) =>
          post(v.credential, [record(0), ...[2, 3, 4].slice(0, 1 + (i % 3)).map(record)]),
        ),
    );
    return { answers, statements: statements.mock.calls.length - before };
  });
  expect(first.statusCode).toBe(200);
  expect(
    rest.answers.map((a) => [
      a.statusCode,
      a.json<{ stored: number }>().stored,
      a.json<{ duplicates: number }>().duplicates,
    ]),
  ).toEqual(vehicles.slice(1).map((_, i) => [200, 1 + (i % 3), 1]));
  // 11 batches waited for the place: they went in one statement, not one each.
  expect(rest.statements).toBe(1);
  statements.mockRestore();
  const { rows } = await sql<{ device_id: number; n: number }>`
    SELECT device_id, count(*)::integer AS n FROM raw_records
    WHERE device_id = ANY(${vehicles.map((v) => v.deviceId)}::integer[]) GROUP BY device_id ORDER BY device_id`.execute(
    t.db,
  );
  expect(rows.map((r) => r.n)).toEqual(vehicles.map((_, i) => (i === 0 ? 2 : 2 + ((i - 1) % 3))));
});

it('a batch that spoils the statement fails alone: the others of its group are stored', async () => {
  const ingest = t.app.services.ingest;
  const { rest } = await withPlaceHeld(20, () =>
    Promise.allSettled([
      ingest.records(vehicles[1]!.deviceId, [record(10)]),
      ingest.records(2_000_000_000, [record(10)]), // no such device: a foreign key refuses it
      ingest.records(vehicles[2]!.deviceId, [record(10), record(11)]),
    ]),
  );
  expect(rest.map((o) => (o.status === 'fulfilled' ? o.value.stored : 'failed'))).toEqual([
    1,
    'failed',
    2,
  ]);
});
