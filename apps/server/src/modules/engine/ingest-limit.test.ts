import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { periodicRecord, postRecords } from '../../test/device-posts.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 18 §3: every device reconnecting at once must not queue thousands of batches on the
 * connections users need. Device batches are stored INGEST_CONNECTIONS at a time on a pool of
 * their own, INGEST_QUEUE more wait, and beyond that a batch is refused at once with 503 and
 * Retry-After before anything of it is stored; sent again, it is stored: nothing acknowledged
 * is lost, nothing is stored twice.
 */
let t: TestApp;
let assetId: number;
let credential: string;

const record = periodicRecord;
const post = (records: object[]) => postRecords(t, credential, records);

beforeAll(async () => {
  t = await createTestApp({ INGEST_CONNECTIONS: '1', INGEST_QUEUE: '1', INGEST_RETRY_AFTER: '7' });
  const demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(demo)).id;
  const device = await seed.device(demo);
  credential = device.credential;
  await seed.deviceLink(assetId, device.id, '2026-11-01T00:00:00Z');
});
afterAll(() => t.close());

it('stores batches a few at a time, refuses the burst beyond its queue with 503 and Retry-After, and loses nothing', async () => {
  expect((await post([record(0)])).statusCode).toBe(200);
  // Another connection holds the asset's state row: the next batch stores its records and
  // then waits for that row, keeping ingestion's only connection.
  const holder = await t.db.connection().execute(async (connection) => {
    await sql`BEGIN`.execute(connection);
    await sql`SELECT 1 FROM asset_state WHERE asset_id = ${assetId} FOR UPDATE`.execute(connection);
    const first = post([record(1)]);
    for (let i = 0; i < 400; i++) {
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND wait_event_type = 'Lock'`.execute(connection);
      if (rows[0]!.n > 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    // The first batch holds the only connection: of three more, one waits in the queue of
    // one and two are refused at once.
    const answered: number[] = [];
    const burst = [2, 3, 4].map((minute) =>
      post([record(minute)]).then((response) => {
        answered.push(minute);
        return { minute, response };
      }),
    );
    for (let i = 0; i < 400 && answered.length < 2; i++)
      await new Promise((r) => setTimeout(r, 50));
    const early = [...answered];
    await sql`COMMIT`.execute(connection);
    return { first: await first, burst: await Promise.all(burst), early };
  });
  expect(holder.first.statusCode).toBe(200);
  const refused = holder.burst.filter((b) => b.response.statusCode === 503);
  expect(refused.map((b) => b.minute).sort()).toEqual(holder.early.sort());
  expect(refused).toHaveLength(2);
  expect(holder.burst.filter((b) => b.response.statusCode === 200)).toHaveLength(1);
  for (const { response } of refused) {
    expect(response.headers['retry-after']).toBe('7');
    expect(response.json()).toMatchObject({
      code: expect.any(String),
      message: expect.any(String),
    });
  }

  // Sent again, the refused batches are stored; nothing was lost, nothing is there twice.
  for (const { minute } of refused) {
    const again = await post([record(minute)]);
    expect(again.statusCode).toBe(200);
    expect(again.json().stored).toBe(1);
  }
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM raw_records WHERE asset_id = ${assetId}`.execute(t.db);
  expect(rows[0]!.n).toBe(5);
}, 120_000);
