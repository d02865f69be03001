import { randomBytes } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { inject } from 'vitest';
import { createDatabase, databaseUrl, dropDatabase } from '../test/databases.js';
import { createDb } from './database.js';
import { migrations } from './migrations/index.js';

const { serverUrl } = inject('testDatabase');
const name = `fleet_test_${randomBytes(6).toString('hex')}`;
afterAll(async () => {
  await db?.destroy();
  await dropDatabase(serverUrl, name);
});
let db: ReturnType<typeof createDb> | undefined;

it('the migration to month partitions keeps every row, each in its month (or the default partition)', async () => {
  await createDatabase(serverUrl, name);
  db = createDb(databaseUrl(serverUrl, name), 2);
  const provider = { getMigrations: async () => migrations };
  const names = Object.keys(migrations);
  const before = names[names.indexOf('2026-11-26-0014-partitions') - 1]!;
  expect((await new Migrator({ db, provider }).migrateTo(before)).error).toBeUndefined();

  const { rows } = await sql<{ org: number; asset: number; device: number }>`
    WITH o AS (INSERT INTO organisations (name) VALUES ('Old Fleet') RETURNING id),
         a AS (INSERT INTO assets (organisation_id, name) SELECT id, 'Truck' FROM o RETURNING id),
         d AS (INSERT INTO devices (organisation_id, name, identifier, credential_hash)
               SELECT id, 'Camera', 'SN-OLD', 'x' FROM o RETURNING id)
    SELECT o.id AS org, a.id AS asset, d.id AS device FROM o, a, d`.execute(db);
  const { asset, device } = rows[0]!;
  // last year, this month, and a clock years ahead
  const times = ['2025-03-10T08:00:00Z', new Date().toISOString(), '2031-01-01T00:00:00Z'];
  for (const at of times) {
    await sql`
      INSERT INTO raw_records (device_id, "timestamp", transfer_reason, asset_id, metrics)
      VALUES (${device}, ${at}, 'PERIODIC', ${asset}, '{"odometer": 1}')`.execute(db);
    await sql`
      INSERT INTO datapoints (device_id, "timestamp", asset_id, latitude, longitude)
      VALUES (${device}, ${at}, ${asset}, 1, 2)`.execute(db);
  }

  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  expect(error).toBeUndefined();
  const where = async (table: string) =>
    (
      await sql<{ part: string }>`
        SELECT tableoid::regclass::text AS part FROM ${sql.table(table)} ORDER BY "timestamp"`.execute(
        db!,
      )
    ).rows.map((r) => r.part);
  const month = new Date().toISOString().slice(0, 7).replace('-', '');
  expect(await where('raw_records')).toEqual([
    'raw_records_p202503',
    `raw_records_p${month}`,
    'raw_records_default',
  ]);
  expect(await where('datapoints')).toEqual([
    'datapoints_p202503',
    `datapoints_p${month}`,
    'datapoints_default',
  ]);
  // the key still holds: a record sent again is kept once
  const again = await sql`
    INSERT INTO raw_records (device_id, "timestamp", transfer_reason, asset_id, metrics)
    VALUES (${device}, ${times[0]!}, 'PERIODIC', ${asset}, '{}') ON CONFLICT DO NOTHING`.execute(
    db,
  );
  expect(Number(again.numAffectedRows)).toBe(0);
  // months from the oldest row's to two ahead of now
  const { rows: parts } = await sql<{ n: number }>`
    SELECT count(*)::integer AS n FROM pg_inherits WHERE inhparent = 'raw_records'::regclass`.execute(
    db,
  );
  const now = new Date();
  const span = (now.getUTCFullYear() - 2025) * 12 + now.getUTCMonth() - 2 + 1;
  expect(parts[0]!.n).toBe(span + 2 + 1);
});
