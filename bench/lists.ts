import { sql } from 'kysely';
import type { LoadClient } from './client.js';
import { time, type Timing } from './read.js';
import { progress, type Bench } from './setup.js';

/** A list page of 10 out of many assets (issue 10: the generic list screen pages on the server). */
export interface ListResult {
  assets: number;
  seedSeconds: number;
  first: Timing;
  middle: Timing;
  search: Timing;
  byDevice: Timing;
}

/**
 * An organisation of its own under Demo Transport with `count` assets
 * ('Truck 00001' …, plates), `count` devices, half of them fitted now:
 * made in SQL (the API's create path is not what is measured).
 */
export async function seedListFleet(bench: Bench, count: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO organisations (name, parent_id)
    SELECT 'Bench Lists BV', id FROM organisations WHERE name = 'Demo Transport'
    RETURNING id`.execute(bench.db);
  const org = rows[0]!.id;
  await sql`
    INSERT INTO assets (organisation_id, name, licence_plate)
    SELECT ${org}, 'Truck ' || lpad(n::text, 5, '0'), 'BL-' || lpad(n::text, 5, '0')
      FROM generate_series(1, ${count}) n`.execute(bench.db);
  await sql`
    INSERT INTO devices (organisation_id, name, identifier, credential_hash)
    SELECT ${org}, 'Camera ' || lpad(n::text, 5, '0'), 'BL-SN-' || n, 'not-a-credential'
      FROM generate_series(1, ${count}) n`.execute(bench.db);
  await sql`
    INSERT INTO device_links (asset_id, device_id, "from")
    SELECT a.id, d.id, now() - interval '30 days'
      FROM (SELECT id, row_number() OVER (ORDER BY id) AS n FROM assets WHERE organisation_id = ${org}) a
      JOIN (SELECT id, row_number() OVER (ORDER BY id) AS n FROM devices WHERE organisation_id = ${org}) d
        ON d.n = a.n
     WHERE a.n % 2 = 0`.execute(bench.db);
  await sql`ANALYZE assets, devices, device_links`.execute(bench.db);
  return org;
}

export async function listTimings(
  bench: Bench,
  client: LoadClient,
  token: string,
  count: number,
  runs: number,
): Promise<ListResult> {
  const t0 = performance.now();
  const org = await seedListFleet(bench, count);
  const seedSeconds = (performance.now() - t0) / 1000;
  progress(`lists: ${count} assets seeded in ${seedSeconds.toFixed(1)} s`);
  const page = (name: string, query: string) =>
    time(
      client,
      name,
      { method: 'GET', path: `/api/organisations/${org}/assets?${query}`, token },
      runs,
      5,
      (a) => (a as unknown[]).length,
    );
  return {
    assets: count,
    seedSeconds,
    first: await page('assets list, first page of 10 by name', 'limit=10'),
    middle: await page('assets list, page of 10 at offset 5000', 'limit=10&offset=5000'),
    search: await page(
      'assets list, search',
      `limit=10&search=${encodeURIComponent('truck 0123')}`,
    ),
    byDevice: await page('assets list, sorted by device', 'limit=10&sort=device&order=desc'),
  };
}
