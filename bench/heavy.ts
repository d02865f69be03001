/**
 * Heavy work (issue 16): four year-long daily reports of 1000 assets at once, and meanwhile
 * the health check and the fleet overview of another tenant (its first page as the web asks
 * for it, and the full list for reference), one call after another. Before
 * issue 16 the four took 48.9 s and the health check 14.6 s meanwhile.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.js';
import { STAT_COLUMNS } from '../apps/server/src/db/stat-columns.js';
import type { CountedAnswer, LoadClient } from './client.js';
import { percentile } from './ingest.js';
import { TRIP_STATS } from './read.js';
import { apiAs, createFleet, progress, TIMEZONE, type Bench } from './setup.js';

export interface Latencies {
  n: number;
  p50: number;
  p99: number;
  max: number;
}

export interface HeavyResult {
  assets: number;
  otherAssets: number;
  days: number;
  reports: number;
  /** the day the period starts on, and its bounds */
  period: { firstDay: string; from: string; until: string };
  fill: { seconds: number; trips: number; statsDaily: number };
  limits: { perUser: number; perOrganisation: number; connections: number };
  /** one report with nothing else running */
  alone: CountedAnswer;
  /**
   * The probes with nothing else running. fleet: the overview's page as the web asks for it
   * (limit=10&offset=0); fleetAll: the spec's full list, every asset (kept for reference).
   */
  idle: { health: Latencies; fleet: Latencies; fleetAll?: Latencies };
  /** the probes while the reports ran, and the reports */
  load: {
    health: Latencies;
    fleet: Latencies;
    fleetAll?: Latencies;
    calls: CountedAnswer[];
    /** one more report of the same user once the others run */
    extra: CountedAnswer | null;
    seconds: number;
  };
}

const stats = (samples: number[]): Latencies => {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? NaN,
  };
};

const cols = STAT_COLUMNS.join(', ');

/**
 * `days` whole local days before today of derived data for every asset of the organisation,
 * written in SQL as bench/read.ts does (3 trips of about 2 h 40 min a day), but only what a
 * daily asset report and the fleet overview read: trips, the daily rollups (the linked
 * driver's, else UNKNOWN's) and asset_state.
 */
export async function fillDays(bench: Bench, organisationId: number, days: number) {
  const { db } = bench;
  const run = (label: string, query: string) => {
    progress(`heavy: ${label}`);
    return sql.raw(query).execute(db);
  };
  const d0 = `((now() AT TIME ZONE '${TIMEZONE}')::date - ${days})`;
  await run(
    `trips of organisation ${organisationId}, ${days} days`,
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
      CROSS JOIN generate_series(${d0}, ${d0} + ${days - 1}, interval '1 day') AS d (day)
      CROSS JOIN generate_series(0, 2) AS k
      WHERE a.organisation_id = ${organisationId}
    ) x`,
  );
  // Daily rollups straight from the trips (the linked driver's, else UNKNOWN's); the trips'
  // driver parts, which only the driver report's trips read, are left out to save minutes.
  await run(
    'stats_daily',
    `
    INSERT INTO stats_daily (asset_id, driver_id, day, ${cols})
    SELECT t.asset_id, coalesce(drl.driver_id, 0), (t.start_time AT TIME ZONE '${TIMEZONE}')::date,
           ${STAT_COLUMNS.map((c) => `sum(t.${c})`).join(', ')}
    FROM trips t JOIN assets a ON a.id = t.asset_id
    LEFT JOIN driver_links drl ON drl.asset_id = t.asset_id AND drl.until IS NULL
    WHERE a.organisation_id = ${organisationId}
    GROUP BY 1, 2, 3`,
  );
  await run(
    'asset_state',
    `
    INSERT INTO asset_state AS s (asset_id, last_time, latitude, longitude, speed, last_trip_id)
    SELECT DISTINCT ON (t.asset_id) t.asset_id, t.end_time, t.end_latitude, t.end_longitude, 0, t.id
    FROM trips t JOIN assets a ON a.id = t.asset_id
    WHERE a.organisation_id = ${organisationId}
    ORDER BY t.asset_id, t.start_time DESC
    ON CONFLICT (asset_id) DO UPDATE SET last_time = excluded.last_time, latitude = excluded.latitude,
      longitude = excluded.longitude, speed = 0, last_trip_id = excluded.last_trip_id`,
  );
}

const organisation = async (bench: Bench, name: string) =>
  (
    await sql<{
      id: number;
    }>`SELECT id FROM organisations WHERE name = ${name}`.execute(bench.db)
  ).rows[0]!.id;

/**
 * The heavy-report case. Demo Transport's fleet of `assets` must exist (the full run made it;
 * alone, the caller makes it); Polder Logistics, the other tenant, gets a fleet of its own.
 */
export async function heavyTimings(
  bench: Bench,
  client: LoadClient,
  options: { assets: number; days: number; reports: number; idleRuns: number },
): Promise<HeavyResult> {
  const demo = await organisation(bench, 'Demo Transport');
  const polder = await organisation(bench, 'Polder Logistics');
  const oem = await apiAs(bench.baseUrl, 'Fleetwise OEM', 'oem');
  const reseller = await apiAs(bench.baseUrl, 'Northline Reseller', 'reseller');
  const linkedFrom = new Date(Date.now() - (options.days + 2) * 86_400_000);
  await createFleet(oem, polder, options.assets, 0.7, linkedFrom, 'BENCH-POLDER');

  const t0 = performance.now();
  await sql`TRUNCATE trip_drivers, trips, stats_hourly, stats_daily, events, engine_queue CASCADE`.execute(
    bench.db,
  );
  await fillDays(bench, demo, options.days);
  await fillDays(bench, polder, 2);
  await sql`ANALYZE`.execute(bench.db);
  const { rows: counts } = await sql<{ trips: number; daily: number }>`
    SELECT (SELECT count(*)::integer FROM trips) AS trips,
           (SELECT count(*)::integer FROM stats_daily) AS daily`.execute(bench.db);
  const fill = {
    seconds: (performance.now() - t0) / 1000,
    trips: counts[0]!.trips,
    statsDaily: counts[0]!.daily,
  };
  progress(`heavy: data in ${fill.seconds.toFixed(1)} s (${JSON.stringify(counts[0])})`);

  const { rows: p } = await sql<{ d0: string; from: Date; until: Date }>`
    SELECT ((now() AT TIME ZONE ${TIMEZONE})::date - ${options.days}::integer)::text AS d0,
      (((now() AT TIME ZONE ${TIMEZONE})::date - ${options.days}::integer)::timestamp AT TIME ZONE ${TIMEZONE}) AS "from",
      ((now() AT TIME ZONE ${TIMEZONE})::date::timestamp AT TIME ZONE ${TIMEZONE}) AS until`.execute(
    bench.db,
  );
  const period = {
    firstDay: p[0]!.d0,
    from: p[0]!.from.toISOString(),
    until: p[0]!.until.toISOString(),
  };
  const report = {
    method: 'POST',
    path: `/api/organisations/${demo}/reports/assets`,
    token: oem.token,
    body: { from: period.from, until: period.until, interval: 'DAY' },
  };
  const probes = [
    { name: 'health', path: '/api/health' },
    // as the web's fleet overview asks for its first page (issue 18 §4)
    {
      name: 'fleet',
      path: `/api/organisations/${polder}/assets/fleet?limit=10&offset=0`,
      token: reseller.token,
    },
    // the spec's call without paging: every asset, for reference
    { name: 'fleetAll', path: `/api/organisations/${polder}/assets/fleet`, token: reseller.token },
  ];

  progress('heavy: one report alone');
  const alone = (await client.heavy({ calls: [report], startMs: 0, probes: [] })).calls[0]!;
  if (alone.status !== 200) throw new Error(`report alone: ${alone.status} ${alone.tail}`);
  progress(
    `heavy: one report ${(alone.ms / 1000).toFixed(1)} s, ${(alone.bytes / 1e6).toFixed(1)} MB`,
  );

  progress(`heavy: probes alone, ${options.idleRuns} runs`);
  const idleHealth = await client.repeat({
    method: 'GET',
    path: probes[0]!.path,
    token: reseller.token,
    warmup: 3,
    runs: options.idleRuns,
  });
  const idleFleet = await client.repeat({
    method: 'GET',
    path: probes[1]!.path,
    token: reseller.token,
    warmup: 3,
    runs: options.idleRuns,
  });
  const idleFleetAll = await client.repeat({
    method: 'GET',
    path: probes[2]!.path,
    token: reseller.token,
    warmup: 3,
    runs: options.idleRuns,
  });

  progress(`heavy: ${options.reports} reports at once, one more after 1 s, probes meanwhile`);
  const out = await client.heavy({
    calls: Array.from({ length: options.reports }, () => report),
    extra: report,
    startMs: 1000,
    probes,
  });
  const bad = out.calls.find((c) => c.status !== 200 || !c.tail.endsWith(']'));
  if (bad) throw new Error(`a report under load: ${bad.status} …${bad.tail.slice(-120)}`);
  const result: HeavyResult = {
    assets: options.assets,
    otherAssets: options.assets,
    days: options.days,
    reports: options.reports,
    period,
    fill,
    // The bench's app runs with the defaults (bench/setup.ts sets no HEAVY_*).
    limits: (({ perUser, perOrganisation, connections }) => ({
      perUser,
      perOrganisation,
      connections,
    }))(loadConfig({}).heavy),
    alone,
    idle: {
      health: stats(idleHealth.latencies),
      fleet: stats(idleFleet.latencies),
      fleetAll: stats(idleFleetAll.latencies),
    },
    load: {
      health: stats(out.samples.health ?? []),
      fleet: stats(out.samples.fleet ?? []),
      fleetAll: stats(out.samples.fleetAll ?? []),
      calls: out.calls,
      extra: out.extra,
      seconds: out.ms / 1000,
    },
  };
  progress(
    `heavy: under load health p50 ${result.load.health.p50.toFixed(1)} ms p99 ${result.load.health.p99.toFixed(1)} ms max ${result.load.health.max.toFixed(1)} ms (${result.load.health.n}); fleet page p50 ${result.load.fleet.p50.toFixed(1)} ms p99 ${result.load.fleet.p99.toFixed(1)} ms max ${result.load.fleet.max.toFixed(1)} ms (${result.load.fleet.n}); full fleet p99 ${result.load.fleetAll?.p99.toFixed(1)} ms; reports ${out.calls.map((c) => (c.ms / 1000).toFixed(1)).join(', ')} s; extra ${out.extra?.status} retry-after ${out.extra?.retryAfter}`,
  );
  return result;
}
