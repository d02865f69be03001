/**
 * Issue 18 §1 and §7: the mixed load. A real server process (apps/server/src/main.ts, its own
 * event loop and ENGINE_WORKERS) on the bench's database; N simulated devices each post a batch
 * of records and a batch of datapoints every 10 s through the device API, driving short trips in real time; 30 signed-in users read the fleet overview, a 31-day report, an
 * asset's trips and its datapoints. Measured: the engine's queue depth over time, the lag from
 * a TRIP_STOP acknowledged to its trip visible (ended) in the trips table, each call's p99
 * under load over its idle p99, and the server's RSS. A knee search runs the load at several N
 * and answers the largest that holds: the queue does not grow and the lag p99 is ≤ 10 s.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { sql } from 'kysely';
import { freePort } from '../apps/server/src/lib/free-port.js';
import { alertLatency, type AlertLatency } from './alerts.js';
import { percentile } from './ingest.js';
import { post, timedCall, Truck, type DevicesInput, type DevicesOutput } from './mixed-devices.js';
import { apiAs, createFleet, progress, TIMEZONE, type Bench, type FleetUnit } from './setup.js';

const root = path.resolve(import.meta.dirname, '..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LAG_GOAL_MS = 10_000;

export interface MixedOptions {
  /** fleet sizes to run, in order; the knee is the largest that holds */
  steps: number[];
  seconds: number;
  users: number;
  engineWorkers: number;
  /** SERVER_PROCESSES of the server under test */
  serverProcesses: number;
  /** a directory: the server runs with --cpu-prof and writes its profile there */
  cpuProfDir?: string;
  /** hours of today each truck has already driven before the steps (records every 10 s) */
  dayHours: number;
}

export interface CallFigures {
  calls: number;
  failures: number;
  p50: number;
  p99: number;
}

export interface MixedStep {
  devices: number;
  seconds: number;
  load: string;
  posts: CallFigures;
  reads: Record<string, CallFigures>;
  /** queue depth sampled every 5 s: [seconds since start, asset-days] */
  queue: [number, number][];
  queueGrowing: boolean;
  lag: { trips: number; p50: number; p99: number; max: number; unseen: number };
  rssMb: { max: number; end: number };
  holds: boolean;
  /** issue 21 §2: record acknowledged → notification heard, measured during the step */
  alerts: AlertLatency | null;
  /** the load client's event loop delay p99, ms: the users' thread and the devices' worker */
  loopDelayP99: { users: number; devices: number };
  /** whether the trucks' thread ran at nice 10 (bench/mixed-devices.ts) */
  trucksLowered: boolean;
}

export interface MixedResult {
  idle: Record<string, CallFigures>;
  steps: MixedStep[];
  knee: number | null;
  engineWorkers: number;
  serverProcesses: number;
  users: number;
  /** records each truck's day held before the steps */
  dayRecords: number;
}

// ── The server under test ────────────────────────────────────────────────

interface Server {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(bench: Bench, options: MixedOptions): Promise<Server> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-mixed-'));
  const args = ['--import', 'tsx', '--conditions=source'];
  if (options.cpuProfDir) args.push('--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`);
  const child = spawn(process.execPath, [...args, path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATABASE_URL: bench.databaseUrl,
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(24).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      TIMEZONE,
      JANUS: 'off',
      ENGINE_WORKERS: String(options.engineWorkers),
      SERVER_PROCESSES: String(options.serverProcesses),
      MONITORING_JOB_SECONDS: '0',
      SYNC_JOB_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-20_000)));
  // Generous: on a shared machine at load 20 the server took over a minute to start.
  const deadline = Date.now() + 240_000;
  while (!/running at http/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the mixed-load server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the mixed-load server did not start:\n${output}`);
    await sleep(200);
  }
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      if (child.exitCode !== null) return rmSync(dataDir, { recursive: true, force: true });
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM'); // a clean stop writes the CPU profile
      await Promise.race([exited, sleep(20_000)]);
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The resident memory of a process and its children (SERVER_PROCESSES), in MB. */
function rssMb(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const own = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map(Number);
    return own + children.reduce((sum, child) => sum + rssMb(child), 0);
  } catch {
    return 0;
  }
}

// ── HTTP, timed ──────────────────────────────────────────────────────────

/** The users' connections; the devices have theirs in their worker (bench/mixed-devices.ts). */
const userAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });

const send = (baseUrl: string, method: string, url: string, token: string, body?: unknown) =>
  timedCall(baseUrl, method, url, token, body, userAgent);

class Timings {
  private readonly byName = new Map<string, { ms: number[]; failures: number }>();
  add(name: string, ms: number, ok: boolean) {
    let entry = this.byName.get(name);
    if (!entry) this.byName.set(name, (entry = { ms: [], failures: 0 }));
    entry.ms.push(ms);
    if (!ok) entry.failures++;
  }
  figures(): Record<string, CallFigures> {
    return Object.fromEntries(
      [...this.byName].map(([name, { ms, failures }]) => {
        const sorted = [...ms].sort((a, b) => a - b);
        return [
          name,
          { calls: ms.length, failures, p50: percentile(sorted, 50), p99: percentile(sorted, 99) },
        ];
      }),
    );
  }
}

// ── The users ────────────────────────────────────────────────────────────

interface Reader {
  name: string;
  call(baseUrl: string, token: string, unit: FleetUnit): ReturnType<typeof send>;
}

/**
 * The 31 days a report covers as the screen asks for them: from the fleet's midnight 30 days
 * ago to its next midnight (whole local days, read from the daily rollups alone).
 */
async function reportPeriod(bench: Bench): Promise<{ from: string; until: string }> {
  const { rows } = await sql<{ from: Date; until: Date }>`
    SELECT (((now() AT TIME ZONE ${TIMEZONE})::date - 30)::timestamp AT TIME ZONE ${TIMEZONE}) AS "from",
      (((now() AT TIME ZONE ${TIMEZONE})::date + 1)::timestamp AT TIME ZONE ${TIMEZONE}) AS until`.execute(
    bench.db,
  );
  return { from: rows[0]!.from.toISOString(), until: rows[0]!.until.toISOString() };
}

function readers(organisationId: number, report: { from: string; until: string }): Reader[] {
  const today = () => new Date(Date.now() - 6 * 3600_000).toISOString();
  const until = () => new Date(Date.now() + 60_000).toISOString();
  return [
    {
      // As the screen asks: its first page of 10 cards (the server pages, sorts and counts).
      name: 'fleet overview',
      call: (b, t) =>
        send(b, 'GET', `/api/organisations/${organisationId}/assets/fleet?limit=10&offset=0`, t),
    },
    {
      name: 'asset report, 31 days',
      call: (b, t) =>
        send(b, 'POST', `/api/organisations/${organisationId}/reports/assets`, t, report),
    },
    {
      name: 'trips',
      call: (b, t, u) =>
        send(b, 'GET', `/api/assets/${u.assetId}/trips?from=${today()}&until=${until()}`, t),
    },
    {
      name: 'datapoints',
      call: (b, t, u) =>
        send(b, 'GET', `/api/assets/${u.assetId}/datapoints?from=${today()}&until=${until()}`, t),
    },
  ];
}

async function signIn(baseUrl: string): Promise<string> {
  const api = await apiAs(baseUrl, 'Demo Transport', 'manager');
  return api.token;
}

/** Each reader `runs` times, one after the other: the idle figures. */
async function idleTimings(baseUrl: string, token: string, list: Reader[], units: FleetUnit[]) {
  const timings = new Timings();
  for (const reader of list) {
    for (let i = 0; i < 3; i++) await reader.call(baseUrl, token, units[i % units.length]!);
    for (let i = 0; i < 30; i++) {
      const r = await reader.call(baseUrl, token, units[i % units.length]!);
      timings.add(reader.name, r.ms, r.status === 200);
    }
  }
  return timings;
}

// ── The devices ──────────────────────────────────────────────────────────

/** The trucks of a step in a worker thread of their own (bench/mixed-devices.ts). */
function devicesInWorker(input: DevicesInput): Promise<DevicesOutput> {
  const entry = pathToFileURL(path.join(root, 'bench/mixed-devices.ts')).href;
  const worker = new Worker(
    `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(import.meta.url)}))`,
    { eval: true, workerData: { mixedDevices: input } },
  );
  return new Promise((resolve, reject) => {
    worker.once('message', (out: DevicesOutput) => {
      resolve(out);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the devices' worker exited with ${code}`)));
  });
}

// ── One step: N devices for `seconds` ─────────────────────────────────────

async function runStep(
  bench: Bench,
  server: Server,
  token: string,
  list: Reader[],
  units: FleetUnit[],
  devices: number,
  options: MixedOptions,
): Promise<MixedStep> {
  progress(`mixed: ${devices} devices, ${options.users} users, ${options.seconds} s`);
  const started = Date.now();
  const deadline = started + options.seconds * 1000;
  const reads = new Timings();
  /** `${assetId} ${tripStart}` → when the watch first saw it ended */
  const seen = new Map<string, number>();
  let running = true;
  // This thread times the users: its own delay is part of what they measure.
  const usersDelay = monitorEventLoopDelay({ resolution: 10 });
  usersDelay.enable();
  const trucks = devicesInWorker({
    baseUrl: server.baseUrl,
    units: units.slice(0, devices).map(({ assetId, credential }) => ({ assetId, credential })),
    deadline,
  });

  const user = async (n: number) => {
    await sleep((n * 1000) / options.users);
    let i = n;
    while (running && Date.now() < deadline) {
      const reader = list[i % list.length]!;
      const r = await reader.call(server.baseUrl, token, units[(i * 7919) % units.length]!);
      reads.add(reader.name, r.ms, r.status === 200);
      i++;
      await sleep(500);
    }
  };
  const queue: [number, number][] = [];
  let rssMax = 0;
  const watch = async () => {
    const since = new Date(started - 60_000);
    let tick = 0;
    while (running) {
      const { rows } = await sql<{ asset_id: number; start_time: Date }>`
        SELECT asset_id, start_time FROM trips WHERE end_time IS NOT NULL AND end_time >= ${since}`.execute(
        bench.db,
      );
      const at = Date.now();
      for (const r of rows) {
        const key = `${r.asset_id} ${r.start_time.toISOString()}`;
        if (!seen.has(key)) seen.set(key, at);
      }
      if (tick++ % 10 === 0) {
        const q = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM engine_queue`.execute(
          bench.db,
        );
        queue.push([Math.round((at - started) / 1000), q.rows[0]!.n]);
        rssMax = Math.max(rssMax, rssMb(server.child.pid!));
      }
      await sleep(500);
    }
  };

  // The users read the whole fleet's assets; the first `devices` of them post (none: users alone).
  const watching = watch();
  const [devicesOut] = await Promise.all([
    trucks,
    ...Array.from({ length: options.users }, (_, n) => user(n)),
  ]);
  usersDelay.disable();
  // Trips stopped near the end get a last chance to show: up to the lag goal.
  const stops = devicesOut.stops;
  const grace = Date.now() + LAG_GOAL_MS + 2000;
  while (Date.now() < grace && stops.some(([k]) => !seen.has(k))) await sleep(500);
  running = false;
  await watching;

  // Seen a moment before the worker heard its answer counts as no lag.
  const lags = stops.map(([k, ackAt]) =>
    seen.has(k) ? Math.max(0, seen.get(k)! - ackAt) : Infinity,
  );
  const sorted = lags.filter(Number.isFinite).sort((a, b) => a - b);
  const unseen = lags.length - sorted.length;
  const lag = {
    trips: lags.length,
    p50: percentile(sorted, 50),
    p99: unseen > lags.length / 100 ? Infinity : percentile(sorted, 99),
    max: unseen ? Infinity : (sorted.at(-1) ?? 0),
    unseen,
  };
  const during = queue.filter(([s]) => s * 1000 <= options.seconds * 1000);
  const third = Math.max(1, Math.floor(during.length / 3));
  const avg = (xs: [number, number][]) =>
    xs.reduce((a, [, n]) => a + n, 0) / Math.max(1, xs.length);
  // Growing: the last third's average well above the first third's (and above a few batches' worth).
  const queueGrowing = avg(during.slice(-third)) > avg(during.slice(0, third)) * 1.5 + devices / 20;
  const posts = new Timings();
  for (const { ms, ok } of devicesOut.posts) posts.add('device post', ms, ok);
  const postFigures = posts.figures()['device post'] ?? { calls: 0, failures: 0, p50: 0, p99: 0 };
  return {
    devices,
    seconds: options.seconds,
    load: loadNow(),
    posts: postFigures,
    reads: reads.figures(),
    queue,
    queueGrowing,
    lag,
    rssMb: { max: Math.round(rssMax), end: Math.round(rssMb(server.child.pid!)) },
    holds: devices > 0 && !queueGrowing && lag.p99 <= LAG_GOAL_MS,
    alerts: null,
    loopDelayP99: { users: usersDelay.percentile(99) / 1e6, devices: devicesOut.loopDelayP99 },
    trucksLowered: devicesOut.lowered,
  };
}

const loadNow = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(', ');

/**
 * Issue 18 §1 at the end of a working day: each truck's day already holds `hours` of driving
 * before the steps (from local midnight at most), a record every 10 s in trips of 60 s with
 * 20 s stops, its counters ending where the Truck's begin. Written by PostgreSQL itself and
 * queued for the engine, which derives them before the first step. Answers the records a truck.
 */
async function fillDays(bench: Bench, units: FleetUnit[], hours: number): Promise<number> {
  if (hours <= 0) return 0;
  progress(`mixed: ${hours} h of today for each of ${units.length} trucks`);
  const { rows } = await sql<{ n: number }>`
    WITH span AS (
      SELECT greatest(now() - ${hours} * interval '1 hour',
                      date_trunc('day', now() AT TIME ZONE ${TIMEZONE}) AT TIME ZONE ${TIMEZONE}) AS first,
             now() - interval '30 seconds' AS last
    ), steps AS (
      SELECT i, first + i * interval '10 seconds' AS t, count(*) OVER () AS n
      FROM span, generate_series(0, floor(extract(epoch FROM last - first) / 10)::integer) i
    ), inserted AS (
      INSERT INTO raw_records (device_id, "timestamp", transfer_reason, asset_id, latitude, longitude, speed, events, metrics)
      SELECT u.device_id, s.t,
             CASE s.i % 8 WHEN 0 THEN 'TRIP_START' WHEN 6 THEN 'TRIP_STOP' ELSE 'PERIODIC' END,
             u.asset_id, 5200000 - (s.n - s.i)::integer, 480000 + u.k * 50::integer,
             CASE WHEN s.i % 8 < 6 THEN 90 ELSE 0 END, NULL,
             jsonb_build_object('odometer', 1000000 - (s.n - s.i) * 25,
                                'drivingTime', 0, 'engineHours', 1000,
                                'totalFuelUsed', 5000 - (s.n - s.i) * 0.01)
      FROM unnest(${units.map((u) => u.deviceId)}::integer[], ${units.map((u) => u.assetId)}::integer[])
             WITH ORDINALITY AS u(device_id, asset_id, k),
           steps s
      WHERE s.i % 8 <> 7
      ON CONFLICT DO NOTHING
      RETURNING asset_id, "timestamp"
    ), queued AS (
      INSERT INTO engine_queue (asset_id, day)
      SELECT DISTINCT asset_id, ("timestamp" AT TIME ZONE ${TIMEZONE})::date FROM inserted
      ON CONFLICT (asset_id, day) DO NOTHING
    )
    SELECT (count(*) / ${units.length})::integer AS n FROM inserted`.execute(bench.db);
  return rows[0]!.n;
}

async function drained(bench: Bench, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const q = await sql<{ n: number }>`SELECT count(*)::integer AS n FROM engine_queue`.execute(
      bench.db,
    );
    if (q.rows[0]!.n === 0) return true;
    await sleep(500);
  }
  return false;
}

export async function mixedLoad(bench: Bench, options: MixedOptions): Promise<MixedResult> {
  const api = await apiAs(bench.baseUrl, 'Fleetwise OEM', 'oem');
  const { rows } = await sql<{ id: number }>`
    SELECT id FROM organisations WHERE name = 'Demo Transport'`.execute(bench.db);
  const organisationId = rows[0]!.id;
  // At least a few assets for the users to read when a step is the users alone.
  const largest = Math.max(10, ...options.steps);
  const units = await createFleet(
    api,
    organisationId,
    largest,
    0.7,
    new Date(Date.now() - 2 * 86_400_000),
    'MIXED',
  );
  // A fleet of 2,000 made a moment ago has no statistics yet; autovacuum would have gathered
  // them within a minute where it runs (the machine's PostgreSQL here runs without it), and
  // without them the overview's page joined 2,000 assets by a nested loop (680 ms, not 2 ms).
  const dayRecords = await fillDays(bench, units, options.dayHours);
  await sql`ANALYZE`.execute(bench.db);
  const server = await startServer(bench, options);
  try {
    if (dayRecords) {
      progress(`mixed: the engine derives the days already driven (${dayRecords} records a truck)`);
      if (!(await drained(bench, 900_000))) progress('mixed: the filled days did not drain');
      // Again once the engine made the days' trips and rollups: the statistics of the first
      // ANALYZE had them empty, and without autovacuum the engine's write kept a plan that read
      // every trip of the fleet to delete none (57 ms a call, not 22, in a run of 2026-12-07).
      await sql`ANALYZE`.execute(bench.db);
    }
    const token = await signIn(server.baseUrl);
    const list = readers(organisationId, await reportPeriod(bench));
    progress('mixed: idle figures');
    const idle = await idleTimings(server.baseUrl, token, list, units);
    // The device post when idle: one device after the other.
    const idleTruck = new Truck(units[0]!, 0);
    for (let i = 0; i < 30; i++) {
      const now = Date.now();
      const { records } = idleTruck.batch(now - 10_000, now);
      const body = records.length
        ? records
        : [{ timestamp: new Date(now).toISOString(), transferReason: 'PERIODIC' }];
      const r = await post(server.baseUrl, '/device-api/v1/records', units[0]!.credential, {
        records: body,
      });
      idle.add('device post', r.ms, r.status === 200);
      await sleep(100);
    }
    const steps: MixedStep[] = [];
    for (const n of options.steps) {
      if (!(await drained(bench, 120_000)))
        progress('mixed: the queue did not drain before the step');
      // The alert latency (issue 21 §2) is measured under the step's load, beside it.
      const [step, alerts] = await Promise.all([
        runStep(bench, server, token, list, units, n, options),
        // Only the misses: which of the runs, and whether a notification came later after all.
        alertLatency(server.baseUrl, (line) => {
          if (/missed|heard/.test(line)) progress(`mixed: ${line}`);
        }).catch((error: Error) => {
          progress(`mixed: alert latency failed: ${error.message}`);
          return null;
        }),
      ]);
      step.alerts = alerts;
      steps.push(step);
      progress(
        `mixed: ${n} devices: queue ${step.queue.map(([, q]) => q).join(' ')}; lag p50 ${(step.lag.p50 / 1000).toFixed(1)} s p99 ${(step.lag.p99 / 1000).toFixed(1)} s (${step.lag.trips} trips); holds: ${step.holds}; alerts p50 ${alerts ? ms0(alerts.p50) : '–'} p99 ${alerts ? ms0(alerts.p99) : '–'}; load client's loop delay p99 ${ms0(step.loopDelayP99.users)} (users), ${ms0(step.loopDelayP99.devices)} (devices); p99 ${[...Object.entries(step.reads), ...(n ? [['device post', step.posts] as const] : [])].map(([name, f]) => `${name} ${ms0(f.p99)}`).join(', ')}`,
      );
    }
    const held = steps.filter((s) => s.holds).map((s) => s.devices);
    return {
      idle: idle.figures(),
      steps,
      knee: held.length ? Math.max(...held) : null,
      engineWorkers: options.engineWorkers,
      serverProcesses: options.serverProcesses,
      users: options.users,
      dayRecords,
    };
  } finally {
    await server.stop();
  }
}

// ── docs/performance.md ──────────────────────────────────────────────────

const s1 = (ms: number) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : 'not all seen');
const ms0 = (ms: number) => `${Math.round(ms)} ms`;
/** A step's trip lag; none for the users alone. */
const lagOf = (s: MixedStep, which: 'p50' | 'p99' | 'max') => (s.devices ? s1(s.lag[which]) : '–');

export function mixedBlock(r: MixedResult, date: string, machine: string): string {
  const names = Object.keys(r.idle);
  const alone = r.steps.find((s) => s.devices === 0);
  const lines = [
    '<!-- bench:mixed -->',
    `Run ${date} on ${machine}; the fleet's zone ${TIMEZONE}; ${r.users} users, ENGINE_WORKERS=${r.engineWorkers}${r.serverProcesses > 1 ? `, SERVER_PROCESSES=${r.serverProcesses} (each with its engine workers)` : ''}; ${r.dayRecords ? `each truck's day already held ${r.dayRecords} records (BENCH_MIXED_DAY_HOURS) before the steps; ` : ''}each device posts records and datapoints every 10 s, driving trips of 30–90 s; users read the fleet overview's first page (10 cards, as the screen asks), a 31-day asset report (the fleet's local midnights, as the screen sends; the server keeps its answer for REPORT_CACHE_SECONDS, 5 s, so the idle figures and most calls under load are of an answer kept), an asset's trips and its datapoints, one call every 0.5 s each${r.steps.some((s) => s.devices && s.trucksLowered) ? "; the load client's trucks post from a thread of their own at nice 10, the users' calls are timed in another" : ''}. Lag: from a TRIP_STOP's batch acknowledged to its trip ended in the trips table (polled every 0.5 s); a trip not seen 12 s after the step counts as not seen.`,
    '',
    `Knee (largest fleet whose queue does not grow and whose trip lag p99 is at most 10 s): **${r.knee ?? 'none of the steps'}**.`,
    '',
    '| devices | seconds | load (1, 5, 15 min) | queue depth every 5 s | trips | lag p50 | lag p99 | lag max | RSS max | holds | alert p50 / p99 / missed | load client: event loop delay p99, users / devices |',
    '| ---: | ---: | --- | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- |',
    ...r.steps.map(
      (s) =>
        `| ${s.devices} | ${s.seconds} | ${s.load} | ${s.queue.map(([, q]) => q).join(' ')} | ${s.lag.trips} | ${lagOf(s, 'p50')} | ${lagOf(s, 'p99')} | ${lagOf(s, 'max')} | ${s.rssMb.max} MB | ${s.devices ? (s.holds ? 'yes' : 'no') : '–'} | ${s.alerts ? `${ms0(s.alerts.p50)} / ${ms0(s.alerts.p99)} / ${s.alerts.missed} of ${s.alerts.runs}` : '–'} | ${ms0(s.loopDelayP99.users)} / ${s.devices ? ms0(s.loopDelayP99.devices) : '–'} |`,
    ),
    '',
    `p99 of each call under load ÷ its idle p99 (idle: one caller at a time)${alone ? '; then ÷ its p99 with the users alone (0 devices): what the devices add' : ''}:`,
    '',
    `| call | idle p50 | idle p99 | ${r.steps.map((s) => `${s.devices} devices: p99 (ratio)`).join(' | ')} |`,
    `| --- | ---: | ---: | ${r.steps.map(() => '---:').join(' | ')} |`,
    ...names.map((name) => {
      const idle = r.idle[name]!;
      const cells = r.steps.map((s) => {
        const f = name === 'device post' ? s.posts : s.reads[name];
        if (!f?.calls) return '–';
        const fail = f.failures ? `, ${f.failures} of ${f.calls} failed` : '';
        const base = alone && s !== alone ? alone.reads[name] : undefined;
        const added = base ? `; ${(f.p99 / base.p99).toFixed(1)}× alone` : '';
        return `${ms0(f.p99)} (${(f.p99 / idle.p99).toFixed(1)}×${added}, ${f.calls} calls${fail})`;
      });
      return `| ${name} | ${ms0(idle.p50)} | ${ms0(idle.p99)} | ${cells.join(' | ')} |`;
    }),
    '<!-- /bench:mixed -->',
  ];
  return lines.join('\n');
}

/** The doc with the mixed block put in (or replaced), before '## Reproduce'. */
export function withMixedBlock(doc: string, block: string): string {
  const start = doc.indexOf('<!-- bench:mixed -->');
  const endMark = '<!-- /bench:mixed -->';
  const end = doc.indexOf(endMark);
  if (start >= 0 && end > start)
    return doc.slice(0, start) + block + doc.slice(end + endMark.length);
  const section = `## Mixed load: devices and users at once\n\n${block}\n\n`;
  const at = doc.indexOf('## Reproduce');
  return at < 0 ? `${doc}\n${section}` : doc.slice(0, at) + section + doc.slice(at);
}

/** The mixed block of a doc, to carry it over when the full run rewrites the doc. */
export function mixedBlockOf(doc: string): string | undefined {
  const start = doc.indexOf('<!-- bench:mixed -->');
  const endMark = '<!-- /bench:mixed -->';
  const end = doc.indexOf(endMark);
  return start >= 0 && end > start ? doc.slice(start, end + endMark.length) : undefined;
}
