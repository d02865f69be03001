/**
 * Local profiling of one heavy report (not part of the bench): a database of its own on
 * PROFILE_DATABASE_URL's server, kept between runs, with PROFILE_DAYS (60) of daily data for
 * PROFILE_ASSETS (1000) assets; then one daily report over those days, timed, with the event
 * loop's longest hold. Run with `node --cpu-prof --import tsx --conditions=source bench/profile-report.ts`.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import http from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.js';
import { loadConfig } from '../apps/server/src/config.js';
import { createDb, migrate } from '../apps/server/src/db/database.js';
import { ConfigurationRepository } from '../apps/server/src/modules/configurations/configurations.repository.js';
import { seedDemo } from '../apps/server/src/modules/demo/demo-seed.repository.js';
import { fillDays } from './heavy.js';
import { apiAs, createFleet, TIMEZONE, type Bench } from './setup.js';

const server = process.env.PROFILE_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const days = Number(process.env.PROFILE_DAYS ?? 60);
const assets = Number(process.env.PROFILE_ASSETS ?? 1000);
const runs = Number(process.env.PROFILE_RUNS ?? 1);
const name = `heavy_profile_${assets}_${days}`;

const admin = new pg.Client({ connectionString: server });
await admin.connect();
const exists = (await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount;
if (!exists) await admin.query(`CREATE DATABASE "${name}"`);
await admin.end();
const url = new URL(server);
url.pathname = `/${name}`;
const db = createDb(url.toString(), 10, () => {});
await migrate(db);
await seedDemo(db);
await new ConfigurationRepository(db).syncDefinitions();
const config = loadConfig({
  ...process.env,
  DATA_DIR: `/tmp/${name}`,
  JWT_SECRET: randomBytes(24).toString('hex'),
  ENGINE_WORKERS: '0',
  TIMEZONE,
  HOST: '127.0.0.1',
  PORT: '0',
});
const app = await buildApp({ config, db, logger: false });
const baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
const { rows } = await sql<{ id: number }>`
  SELECT id FROM organisations WHERE name = 'Demo Transport'`.execute(db);
const demo = rows[0]!.id;
const oem = await apiAs(baseUrl, 'Fleetwise OEM', 'oem');
const { rows: n } = await sql<{ n: number }>`
  SELECT count(*)::integer AS n FROM assets WHERE organisation_id = ${demo}`.execute(db);
if (n[0]!.n < assets) {
  await createFleet(oem, demo, assets, 0.7, new Date(Date.now() - (days + 2) * 86_400_000));
  await fillDays({ db } as Bench, demo, days);
  await sql`ANALYZE`.execute(db);
}
const { rows: p } = await sql<{ from: Date; until: Date }>`
  SELECT (((now() AT TIME ZONE ${TIMEZONE})::date - ${days}::integer)::timestamp AT TIME ZONE ${TIMEZONE}) AS "from",
    ((now() AT TIME ZONE ${TIMEZONE})::date::timestamp AT TIME ZONE ${TIMEZONE}) AS until`.execute(
  db,
);
const body = JSON.stringify({
  from: p[0]!.from.toISOString(),
  until: p[0]!.until.toISOString(),
  interval: 'DAY',
  ...(process.env.PROFILE_BODY ? JSON.parse(process.env.PROFILE_BODY) : {}),
});

const report = () =>
  new Promise<{ status: number; bytes: number; ms: number; first: number; body: Buffer }>(
    (resolve, reject) => {
      const t0 = performance.now();
      const keep = !!process.env.PROFILE_OUT;
      const req = http.request(
        `${baseUrl}/api/organisations/${demo}/reports/${process.env.PROFILE_KIND ?? 'assets'}`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${oem.token}`, 'content-type': 'application/json' },
        },
      );
      req.on('response', (res) => {
        let bytes = 0;
        let first = 0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          first ||= performance.now() - t0;
          bytes += c.length;
          if (keep) chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            bytes,
            ms: performance.now() - t0,
            first,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end(body);
    },
  );

/** CPU seconds so far of this database's PostgreSQL backends (same machine; /proc). */
const backendsCpu = async () => {
  const { rows: pids } = await sql<{ pid: number }>`
    SELECT pid FROM pg_stat_activity WHERE datname = current_database()`.execute(db);
  let ticks = 0;
  for (const { pid } of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // gone meanwhile
    }
  }
  return new Map(pids.map((p) => [p.pid, 0])).size && ticks / 100;
};

if (process.env.PROFILE_FLEET) {
  // The fleet overview of the organisation, one call after another: wall and CPU time a call.
  const calls = Number(process.env.PROFILE_FLEET);
  const fleet = () =>
    new Promise<number>((resolve, reject) => {
      http
        .get(
          `${baseUrl}/api/organisations/${demo}/assets/fleet`,
          { headers: { authorization: `Bearer ${oem.token}` } },
          (res) => {
            let bytes = 0;
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => {
              bytes += c.length;
              chunks.push(c);
            });
            res.on('end', () => {
              if (process.env.PROFILE_FLEET_OUT)
                writeFileSync(process.env.PROFILE_FLEET_OUT, Buffer.concat(chunks));
              resolve(bytes);
            });
          },
        )
        .on('error', reject);
    });
  for (let i = 0; i < 3; i++) await fleet();
  const walls: number[] = [];
  const cpu0 = process.cpuUsage();
  const pg0 = await backendsCpu();
  let bytes = 0;
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    bytes = await fleet();
    walls.push(performance.now() - t0);
  }
  const cpu = process.cpuUsage(cpu0);
  walls.sort((a, b) => a - b);
  process.stderr.write(
    `[profile] fleet overview: ${bytes} bytes; wall p50 ${walls[Math.floor(calls / 2)]!.toFixed(1)} ms, max ${walls.at(-1)!.toFixed(1)} ms; CPU a call: node ${((cpu.user + cpu.system) / 1000 / calls).toFixed(1)} ms, postgres ${((1000 * ((await backendsCpu()) - pg0)) / calls).toFixed(1)} ms; load ${loadavg()[0]!.toFixed(1)}\n`,
  );
}

for (let i = 0; i < runs; i++) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  const cpu0 = process.cpuUsage();
  const pg0 = await backendsCpu();
  h.enable();
  const r = await report();
  h.disable();
  const cpu = process.cpuUsage(cpu0);
  const pgCpu = (await backendsCpu()) - pg0;
  process.stderr.write(
    `[profile] CPU: node ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s, postgres backends ${pgCpu.toFixed(2)} s; load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  process.stderr.write(
    `[profile] ${assets} assets × ${days} days: ${r.status} ${(r.bytes / 1e6).toFixed(1)} MB in ${(r.ms / 1000).toFixed(2)} s (first byte ${r.first.toFixed(0)} ms); event loop delay max ${(h.max / 1e6).toFixed(1)} ms, p99 ${(h.percentile(99) / 1e6).toFixed(1)} ms\n`,
  );
  if (process.env.PROFILE_OUT && i === 0) writeFileSync(process.env.PROFILE_OUT, r.body);
}
await app.close();
await db.destroy();
