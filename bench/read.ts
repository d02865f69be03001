import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { STAT_COLUMNS } from '../apps/server/src/db/stat-columns.js';
import type { LoadClient } from './client.js';
import type { Bench } from './setup.js';
import { progress, TIMEZONE } from './setup.js';
import { percentile } from './ingest.js';

/** Per trip, in terms of its length `ds` (seconds): a truck at about 70 km/h, 85 % of the time moving. */
export const TRIP_STATS: Record<(typeof STAT_COLUMNS)[number], string> = {
  driving_distance: 'ds * 0.85 * (17 + random() * 5)',
  driving_time: 'ds * 0.85',
  total_time: 'ds',
  engine_time: 'ds * 0.97',
  idle_time: 'ds * 0.12',
  coast_time: 'ds * (0.03 + random() * 0.05)',
  cruise_time: 'ds * (0.2 + random() * 0.3)',
  pto_time: '0',
  acceleration_time: 'ds * (0.15 + random() * 0.1)',
  deceleration_time: 'ds * (0.1 + random() * 0.08)',
  engine_brake_time: 'ds * random() * 0.05',
  retarder_time: 'ds * random() * 0.03',
  idle_threshold_time: 'ds * random() * 0.02',
  over_speed_threshold_time: 'ds * random() * 0.04',
  over_rpm_threshold_time: 'ds * random() * 0.01',
  over_torque_threshold_time: 'ds * random() * 0.02',
  harsh_acceleration_threshold_time: 'ds * random() * 0.005',
  stops: 'floor(5 + random() * 20)',
  brake_usages: 'floor(ds / 30 * (0.5 + random()))',
  harsh_brakes: 'floor(random() * 4)',
  harsh_acceleration_pedal: 'floor(random() * 4)',
  fuel_used_total: 'ds * 0.0095 * (0.9 + random() * 0.2)',
  fuel_used_driving: 'ds * 0.0085 * (0.9 + random() * 0.2)',
  fuel_used_idle: 'ds * 0.0006',
  fuel_used_pto: '0',
};
const cols = STAT_COLUMNS.join(', ');
const scaled = (alias: string, factor: string) =>
  STAT_COLUMNS.map((c) => `${alias}.${c} * ${factor} AS ${c}`).join(', ');

export interface Period {
  from: string;
  until: string;
  days: number;
  /** the first local day, YYYY-MM-DD */
  firstDay: string;
}

/**
 * The rollups the engine would have made for `days` whole local days before
 * today, for every asset of the organisation, written directly in SQL (the
 * engine would take too long for 31 000 asset-days here): 3 trips a day of
 * about 2 h 40 min (≈ 8 h driving), driven by the asset's linked driver,
 * split 80/20 with UNKNOWN on one asset-day in five (assets without a
 * driver: UNKNOWN only); hourly and daily rollups summed from the trips; 0–6 events a trip;
 * asset_state at the last trip. Derived data from the ingestion is replaced.
 */
export async function fillRollups(
  bench: Bench,
  organisationId: number,
  days: number,
): Promise<{ period: Period; rows: Record<string, number> }> {
  const { db } = bench;
  const t0 = performance.now();
  const { rows: p } = await sql<{ d0: string; from: Date; until: Date }>`
    SELECT ((now() AT TIME ZONE ${TIMEZONE})::date - ${days}::integer)::text AS d0,
      (((now() AT TIME ZONE ${TIMEZONE})::date - ${days}::integer)::timestamp AT TIME ZONE ${TIMEZONE}) AS "from",
      ((now() AT TIME ZONE ${TIMEZONE})::date::timestamp AT TIME ZONE ${TIMEZONE}) AS until`.execute(
    db,
  );
  const { d0, from, until } = p[0]!;
  const run = (label: string, query: string) => {
    progress(`rollups: ${label}`);
    return sql.raw(query).execute(db);
  };
  await run(
    'clearing what the engine derived',
    `TRUNCATE trip_drivers, trips, stats_hourly, stats_daily, events, engine_queue CASCADE; DROP TABLE IF EXISTS bench_parts`,
  );
  await run(
    'trips',
    `
    SELECT setseed(0.42);
    INSERT INTO trips (asset_id, device_id, start_time, end_time, start_latitude, start_longitude, end_latitude, end_longitude, ${cols})
    SELECT asset_id, device_id, s, s + make_interval(secs => ds), lat, lon, lat + 3000, lon + 4000,
           ${STAT_COLUMNS.map((c) => TRIP_STATS[c]).join(', ')}
    FROM (
      SELECT a.id AS asset_id, dl.device_id,
             ((d.day + time '05:30' + k * interval '3 hours 20 minutes' + random() * interval '25 minutes')::timestamp AT TIME ZONE '${TIMEZONE}') AS s,
             (130 + random() * 60) * 60 AS ds,
             (5100000 + random() * 250000)::integer AS lat, (400000 + random() * 300000)::integer AS lon
      FROM assets a
      JOIN device_links dl ON dl.asset_id = a.id AND dl.until IS NULL
      CROSS JOIN generate_series('${d0}'::date, '${d0}'::date + ${days - 1}, interval '1 day') AS d (day)
      CROSS JOIN generate_series(0, 2) AS k
      WHERE a.organisation_id = ${organisationId}
    ) x`,
  );
  // On one asset-day in five each trip is split: the linked driver drove 80 %, UNKNOWN (0) the rest.
  await run(
    'trip_drivers',
    `
    CREATE UNLOGGED TABLE bench_parts AS
    SELECT t.id AS trip_id, t.asset_id, coalesce(drl.driver_id, 0) AS driver_id,
           CASE WHEN drl.driver_id IS NOT NULL AND (t.asset_id + extract(doy FROM t.start_time)::integer) % 5 = 0 THEN 0.8 ELSE 1.0 END AS share
    FROM trips t LEFT JOIN driver_links drl ON drl.asset_id = t.asset_id AND drl.until IS NULL
    UNION ALL
    SELECT t.id, t.asset_id, 0, 0.2
    FROM trips t JOIN driver_links drl ON drl.asset_id = t.asset_id AND drl.until IS NULL
    WHERE (t.asset_id + extract(doy FROM t.start_time)::integer) % 5 = 0;
    INSERT INTO trip_drivers (trip_id, driver_id, ${cols})
    SELECT p.trip_id, p.driver_id, ${scaled('t', 'p.share')}
    FROM bench_parts p JOIN trips t ON t.id = p.trip_id`,
  );
  // Each part spread over the hours of its trip in proportion to the time in each.
  await run(
    'stats_hourly',
    `
    INSERT INTO stats_hourly (asset_id, driver_id, hour, ${cols})
    SELECT asset_id, driver_id, hour, ${STAT_COLUMNS.map((c) => `sum(${c})`).join(', ')}
    FROM (
      SELECT p.asset_id, p.driver_id, h AS hour, ${scaled('t', `p.share * extract(epoch FROM least(h + interval '1 hour', t.end_time) - greatest(h, t.start_time)) / extract(epoch FROM t.end_time - t.start_time)`)}
      FROM bench_parts p JOIN trips t ON t.id = p.trip_id
      CROSS JOIN generate_series(date_trunc('hour', t.start_time), t.end_time - interval '1 microsecond', interval '1 hour') AS h
    ) x
    GROUP BY asset_id, driver_id, hour`,
  );
  await run(
    'stats_daily',
    `
    INSERT INTO stats_daily (asset_id, driver_id, day, ${cols})
    SELECT asset_id, driver_id, (hour AT TIME ZONE '${TIMEZONE}')::date, ${STAT_COLUMNS.map((c) => `sum(${c})`).join(', ')}
    FROM stats_hourly GROUP BY 1, 2, 3`,
  );
  await run(
    'events',
    `
    INSERT INTO events (asset_id, "timestamp", event_type, driver_id, device_id, latitude, longitude)
    SELECT t.asset_id, t.start_time + random() * (t.end_time - t.start_time),
           (ARRAY['HARSH_BRAKE','HARSH_ACCELERATION','OVER_SPEED_START','OVER_RPM_START','IDLE_START'])[1 + floor(random() * 5)::integer],
           nullif(p.driver_id, 0), t.device_id, t.start_latitude + 1000, t.start_longitude + 1000
    FROM trips t JOIN bench_parts p ON p.trip_id = t.id AND p.share >= 0.8
    CROSS JOIN LATERAL generate_series(1, floor(random() * 7)::integer + (t.id * 0)::integer) AS n
    ON CONFLICT DO NOTHING`,
  );
  await run(
    'asset_state',
    `
    INSERT INTO asset_state AS s (asset_id, last_time, latitude, longitude, speed, last_trip_id)
    SELECT DISTINCT ON (asset_id) asset_id, end_time, end_latitude, end_longitude, 0, id
    FROM trips ORDER BY asset_id, start_time DESC
    ON CONFLICT (asset_id) DO UPDATE SET last_time = excluded.last_time, latitude = excluded.latitude,
      longitude = excluded.longitude, speed = 0, last_trip_id = excluded.last_trip_id;
    DROP TABLE bench_parts;
    ANALYZE`,
  );
  const counts: Record<string, number> = {};
  for (const table of [
    'trips',
    'trip_drivers',
    'stats_hourly',
    'stats_daily',
    'events',
    'asset_state',
    'raw_records',
  ]) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::integer AS n FROM ${sql.table(table)}`.execute(db);
    counts[table] = rows[0]!.n;
  }
  progress(
    `rollups: done in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`,
  );
  return {
    period: { from: from.toISOString(), until: until.toISOString(), days, firstDay: d0 },
    rows: counts,
  };
}

export interface Timing {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  max: number;
  /** bytes of the answer */
  bytes: number;
  items: number;
  /** CPU time of the Node process (app and load client) per call; PostgreSQL's is not in it */
  nodeCpuMs: number;
}

/** Times one request over HTTP, one call after another, from the load client: warm-up, then timed runs. */
export async function time(
  client: LoadClient,
  name: string,
  request: { method: string; path: string; token: string; body?: unknown },
  runs: number,
  warmup: number,
  count: (answer: unknown) => number,
): Promise<Timing> {
  await client.repeat({ ...request, warmup, runs: 0 });
  const cpu = process.cpuUsage();
  const out = await client.repeat({ ...request, warmup: 0, runs });
  const used = process.cpuUsage(cpu);
  const ms = out.latencies.sort((a, b) => a - b);
  const timing = {
    name,
    runs,
    p50: percentile(ms, 50),
    p95: percentile(ms, 95),
    max: ms.at(-1)!,
    bytes: out.bytes,
    items: count(JSON.parse(out.body)),
    nodeCpuMs: (used.user + used.system) / 1000 / runs,
  };
  progress(
    `${name}: p50 ${timing.p50.toFixed(1)} ms, p95 ${timing.p95.toFixed(1)} ms, max ${timing.max.toFixed(1)} ms, Node CPU ${timing.nodeCpuMs.toFixed(1)} ms/call (${runs} runs, ${(timing.bytes / 1e6).toFixed(2)} MB)`,
  );
  return timing;
}

export async function readTimings(
  client: LoadClient,
  token: string,
  organisationId: number,
  period: Period,
  runs: number,
) {
  const body = { from: period.from, until: period.until };
  const report = await time(
    client,
    `asset report, ${period.days} days`,
    { method: 'POST', path: `/api/organisations/${organisationId}/reports/assets`, token, body },
    runs,
    5,
    (a) => (a as { assetPeriodData: unknown[] }[])[0]!.assetPeriodData.length,
  );
  const fleet = await time(
    client,
    'fleet overview',
    { method: 'GET', path: `/api/organisations/${organisationId}/assets/fleet`, token },
    runs,
    5,
    (a) => (a as unknown[]).length,
  );
  const drivers = await time(
    client,
    `driver report, ${period.days} days`,
    { method: 'POST', path: `/api/organisations/${organisationId}/reports/drivers`, token, body },
    Math.ceil(runs / 2),
    3,
    (a) => (a as { driverPeriodData: unknown[] }[])[0]!.driverPeriodData.length,
  );
  return { report, fleet, drivers };
}
