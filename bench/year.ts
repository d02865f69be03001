/**
 * A year of data (issue 18 §5), BENCH_ONLY=year: a fleet with 366 days of raw records and
 * datapoints (month partitions) and of derived trips and daily rollups; then a 366-day report
 * of the fleet, a year of one asset's calendar (its daily report), one day of an asset's
 * datapoints and raw records, the partitions those read (EXPLAIN), and retention: a month
 * dropped as a partition beside the same month's rows deleted one by one (rolled back).
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import type { LoadClient } from './client.js';
import { fillDays } from './heavy.js';
import { time, type Timing } from './read.js';
import { apiAs, createFleet, progress, type Bench } from './setup.js';

export const YEAR_ASSETS = Number(process.env.BENCH_YEAR_ASSETS ?? 100);
export const YEAR_PER_DAY = Number(process.env.BENCH_YEAR_PER_DAY ?? 100);
const DAYS = 366;

export interface YearResult {
  assets: number;
  days: number;
  perDay: number;
  generate: { seconds: number; rawRecords: number; datapoints: number; derivedSeconds: number };
  partitions: { count: number; rawMb: number; datapointsMb: number; largestMonthMb: number };
  timings: Timing[];
  /** partitions an asset's one-day datapoints call reads, of all there are */
  pruning: { read: number; of: number };
  retention: { dropMs: number; droppedRows: number; deleteRowsMs: number; deletedRows: number };
}

const metrics = `jsonb_build_object(
  'odometer', 10000000 + i * 1000, 'engineHours', 2000 + i / 60.0, 'totalFuelUsed', 50000 + i * 0.3,
  'drivingTime', i * 60, 'idleTime', i * 5, 'cruiseTime', i * 20, 'coastTime', i * 3,
  'harshBrakeCount', i / 500, 'harshAccelerationCount', i / 700, 'stops', i / 40,
  'brakeUsages', i / 3, 'speed', 40 + (i % 50))`;

/** `DAYS` days of raw records and datapoints for every device of the organisation, a month a statement. */
async function generate(bench: Bench, organisationId: number) {
  const t0 = performance.now();
  const step = 1440 / YEAR_PER_DAY;
  const { rows: months } = await sql<{ m: string }>`
    SELECT to_char(m, 'YYYY-MM-DD') AS m FROM generate_series(
      date_trunc('month', now() - ${`${DAYS} days`}::interval), date_trunc('month', now()), '1 month') m`.execute(
    bench.db,
  );
  for (const { m } of months) {
    progress(`year: raw records and datapoints of ${m.slice(0, 7)}`);
    // the month's partitions, as the raw-data job made them ahead over the year
    for (const table of ['raw_records', 'datapoints'])
      await sql`SELECT fleet_month_partition(${table}, ${m}::date)`.execute(bench.db);
    const window = sql.raw(`
      FROM device_links dl JOIN devices d ON d.id = dl.device_id AND d.organisation_id = ${organisationId}
      CROSS JOIN generate_series(0, ${YEAR_PER_DAY * 31 - 1}) AS i
      CROSS JOIN LATERAL (SELECT '${m}'::timestamptz + make_interval(secs => i * ${step * 60}::float8) AS ts) t
      WHERE dl.until IS NULL AND t.ts < '${m}'::timestamptz + interval '1 month'
        AND t.ts >= now() - interval '${DAYS} days' AND t.ts < now()`);
    // the bench's own rows: the foreign-key triggers are skipped to save minutes
    await bench.db.transaction().execute(async (trx) => {
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      await sql`
      INSERT INTO raw_records (device_id, "timestamp", transfer_reason, asset_id, latitude, longitude, speed, metrics)
      SELECT dl.device_id, t.ts, 'PERIODIC', dl.asset_id, 5100000 + (i * 37) % 250000,
             400000 + (i * 53) % 300000, 40 + i % 50, ${sql.raw(metrics)} ${window}`.execute(
        bench.db,
      );
      await sql`
      INSERT INTO datapoints (device_id, "timestamp", asset_id, latitude, longitude, speed, heading)
      SELECT dl.device_id, t.ts + interval '30 seconds', dl.asset_id, 5100000 + (i * 37) % 250000,
             400000 + (i * 53) % 300000, 40 + i % 50, (i * 7) % 360 ${window}`.execute(trx);
    });
  }
  const seconds = (performance.now() - t0) / 1000;
  const d0 = performance.now();
  await fillDays(bench, organisationId, DAYS);
  await sql`ANALYZE`.execute(bench.db);
  const { rows } = await sql<{ raw: number; points: number }>`
    SELECT (SELECT count(*)::integer FROM raw_records) AS raw,
           (SELECT count(*)::integer FROM datapoints) AS points`.execute(bench.db);
  return {
    seconds,
    rawRecords: rows[0]!.raw,
    datapoints: rows[0]!.points,
    derivedSeconds: (performance.now() - d0) / 1000,
  };
}

async function partitionSizes(bench: Bench) {
  const { rows } = await sql<{ parent: string; n: number; mb: number; largest: number }>`
    SELECT p.relname AS parent, count(*)::integer AS n,
           sum(pg_total_relation_size(c.oid))::float8 / 1e6 AS mb,
           max(pg_total_relation_size(c.oid))::float8 / 1e6 AS largest
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid JOIN pg_class p ON p.oid = i.inhparent
     WHERE p.relname IN ('raw_records', 'datapoints')
     GROUP BY p.relname`.execute(bench.db);
  const of = (name: string) => rows.find((r) => r.parent === name)!;
  return {
    count: of('raw_records').n + of('datapoints').n,
    rawMb: of('raw_records').mb,
    datapointsMb: of('datapoints').mb,
    largestMonthMb: Math.max(of('raw_records').largest, of('datapoints').largest),
  };
}

/** Drops the oldest month by the raw-data job, and times deleting the next month row by row (rolled back). */
async function retention(bench: Bench) {
  const { rows: months } = await sql<{ name: string; rows: number }>`
    SELECT c.relname AS name, c.reltuples::integer AS rows
      FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = 'raw_records'::regclass AND c.relname ~ '_p[0-9]{6}$'
     ORDER BY c.relname LIMIT 2`.execute(bench.db);
  const [oldest, next] = months as [{ name: string; rows: number }, { name: string; rows: number }];
  const y = Number(next.name.slice(-6, -2));
  const m = Number(next.name.slice(-2));
  // every organisation keeps just enough days that the oldest month is past
  const days = Math.floor((Date.now() - Date.UTC(y, m - 1, 1)) / 86_400_000);
  await sql`
    INSERT INTO organisation_settings (organisation_id, raw_retention_days)
    SELECT id, ${days} FROM organisations
    ON CONFLICT (organisation_id) DO UPDATE SET raw_retention_days = excluded.raw_retention_days`.execute(
    bench.db,
  );
  const t0 = performance.now();
  const run = await bench.app.services.rawData.run();
  const dropMs = performance.now() - t0;
  progress(`year: retention job ${dropMs.toFixed(0)} ms, dropped ${run.dropped.join(', ')}`);
  const d0 = performance.now();
  let deleted = 0;
  await bench.db
    .transaction()
    .execute(async (trx) => {
      const result = await sql`DELETE FROM ${sql.table(next.name)}`.execute(trx);
      deleted = Number(result.numAffectedRows ?? 0);
      throw Object.assign(new Error('rollback'), { rollback: true });
    })
    .catch((error: { rollback?: boolean }) => {
      if (!error.rollback) throw error;
    });
  return {
    dropMs,
    droppedRows: oldest.rows,
    deleteRowsMs: performance.now() - d0,
    deletedRows: deleted,
  };
}

export async function yearTimings(
  bench: Bench,
  client: LoadClient,
  organisationId: number,
  runs: number,
): Promise<YearResult> {
  const setup = await apiAs(bench.baseUrl, 'Fleetwise OEM', 'oem');
  const linkedFrom = new Date(Date.now() - (DAYS + 2) * 86_400_000);
  const fleet = await createFleet(
    setup,
    organisationId,
    YEAR_ASSETS,
    0.7,
    linkedFrom,
    'BENCH-YEAR',
  );
  const generated = await generate(bench, organisationId);
  progress(
    `year: ${generated.rawRecords} raw records, ${generated.datapoints} datapoints in ${generated.seconds.toFixed(0)} s; derived in ${generated.derivedSeconds.toFixed(0)} s`,
  );
  const partitions = await partitionSizes(bench);
  // signed in again: the generation outlasts an access token
  const oem = await apiAs(bench.baseUrl, 'Fleetwise OEM', 'oem');
  const until = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000);
  const from = new Date(until.getTime() - DAYS * 86_400_000);
  const body = { from: from.toISOString(), until: until.toISOString(), interval: 'DAY' };
  const report = `/api/organisations/${organisationId}/reports/assets`;
  const asset = fleet[0]!.assetId;
  const dayFrom = new Date(until.getTime() - 180 * 86_400_000);
  const day = `from=${dayFrom.toISOString()}&until=${new Date(dayFrom.getTime() + 86_400_000).toISOString()}`;
  const count = (a: unknown) => (Array.isArray(a) ? a.length : 0);
  const timings = [
    await time(
      client,
      'fleet report, 366 days',
      { method: 'POST', path: report, token: oem.token, body },
      Math.max(2, Math.round(runs / 10)),
      1,
      count,
    ),
    await time(
      client,
      "an asset's calendar, 366 days",
      { method: 'POST', path: report, token: oem.token, body: { ...body, ids: [asset] } },
      runs,
      2,
      count,
    ),
    await time(
      client,
      "an asset's datapoints, one day",
      { method: 'GET', path: `/api/assets/${asset}/datapoints?${day}`, token: oem.token },
      runs,
      2,
      count,
    ),
    await time(
      client,
      "an asset's raw records, one day (a page)",
      { method: 'GET', path: `/api/assets/${asset}/rawdatas?${day}`, token: oem.token },
      runs,
      2,
      count,
    ),
  ];
  const { rows: plan } = await sql<{ 'QUERY PLAN': string }>`
    EXPLAIN SELECT "timestamp" FROM datapoints
     WHERE asset_id = ${asset} AND "timestamp" BETWEEN ${dayFrom} AND ${new Date(dayFrom.getTime() + 86_400_000)}`.execute(
    bench.db,
  );
  const read = new Set(
    plan.flatMap((r) => [...r['QUERY PLAN'].matchAll(/ on (datapoints_\w+)/g)].map((x) => x[1])),
  ).size;
  return {
    assets: YEAR_ASSETS,
    days: DAYS,
    perDay: YEAR_PER_DAY,
    generate: generated,
    partitions,
    timings,
    pruning: { read, of: partitions.count / 2 },
    retention: await retention(bench),
  };
}

const ms = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(1)} s` : `${n.toFixed(0)} ms`);

/** The block of docs/performance.md between <!-- bench:year --> and <!-- /bench:year -->. */
export function yearBlock(
  r: YearResult,
  head: { date: string; seconds: number; load: [string, string]; embedded: boolean },
) {
  const rows = r.timings.map(
    (t) =>
      `| ${t.name} | ${ms(t.p50)} | ${ms(t.p95)} | ${ms(t.max)} | ${t.runs} | ${(t.bytes / 1e6).toFixed(2)} MB |`,
  );
  return `<!-- bench:year -->
### A year of data

Measured on ${head.date} alone (\`BENCH_ONLY=year npm run bench\`), in ${Math.round(head.seconds)} s, on ${head.embedded ? 'the embedded PostgreSQL' : "BENCH_DATABASE_URL's PostgreSQL server (same machine)"}. Load average (1, 5, 15 min) before: ${head.load[0]}; after: ${head.load[1]}.

The fleet: ${r.assets} assets × ${r.days} days × ${r.perDay} raw records and ${r.perDay} datapoints a day = ${r.generate.rawRecords.toLocaleString('en')} raw records and ${r.generate.datapoints.toLocaleString('en')} datapoints, written in SQL a month a statement in ${r.generate.seconds.toFixed(0)} s, and a year of trips (3 a day) and daily rollups (${r.generate.derivedSeconds.toFixed(0)} s). ${r.partitions.count} partitions (month partitions and the default one of both tables): raw records ${r.partitions.rawMb.toFixed(0)} MB, datapoints ${r.partitions.datapointsMb.toFixed(0)} MB, the largest month ${r.partitions.largestMonthMb.toFixed(0)} MB.

| call | p50 | p95 | max | runs | answer |
| --- | --- | --- | --- | --- | --- |
${rows.join('\n')}

An asset's one-day datapoints call reads ${r.pruning.read} of the ${r.pruning.of} partitions of datapoints (EXPLAIN). Retention: the raw-data job dropped the oldest month (${r.retention.droppedRows.toLocaleString('en')} raw records and as many datapoints) in ${ms(r.retention.dropMs)}; deleting the next month's ${r.retention.deletedRows.toLocaleString('en')} raw records row by row took ${ms(r.retention.deleteRowsMs)} (rolled back).
<!-- /bench:year -->`;
}

export function withYearBlock(doc: string, block: string): string {
  const start = doc.indexOf('<!-- bench:year -->');
  const endMark = '<!-- /bench:year -->';
  const end = doc.indexOf(endMark);
  if (start >= 0 && end > start)
    return doc.slice(0, start) + block + doc.slice(end + endMark.length);
  const at = doc.indexOf('## Reproduce');
  const section = `## Years of data\n\n${block}\n\n`;
  return at < 0 ? `${doc}\n${section}` : doc.slice(0, at) + section + doc.slice(at);
}
