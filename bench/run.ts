/**
 * npm run bench: ingestion, the COPY limit, the engine, the asset and driver
 * reports and the fleet overview at 1000 assets, the overview rendered in
 * Chromium, the list screen's pages, and the media and live-video sections
 * (the monitoring view's first frame and one simulated camera's CPU, media
 * uploads, media requests to a simulated truck) in one run; writes
 * docs/performance.md. See that file for what is measured. BENCH_ONLY=<section>
 * runs one of lists, sync, monitoring, uploads, clips, heavy, nodes, safety alone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { findChromium } from '../e2e/browser.js';
import { LoadClient } from './client.js';
import { heavyTimings, type HeavyResult } from './heavy.js';
import { withYearBlock, yearBlock, yearTimings } from './year.js';
import { copyLimit, engineRate, generateBacklogs, ingestHttp } from './ingest.js';
import { listTimings } from './lists.js';
import { clipTimings, uploadThroughput } from './media.js';
import { monitoringTimings, stopMonitoringBrowser } from './monitoring.js';
import { mixedBlock, mixedBlockOf, mixedLoad, withMixedBlock } from './mixed.js';
import { nodesBench } from './nodes.js';
import { alertLatency } from './alerts.js';
import { fillRollups, readTimings } from './read.js';
import { ensureWebBuild, renderTimings, stopRender, type WebBuild } from './render.js';
import {
  clipsBlock,
  heavyBlock,
  listRows,
  machine,
  markdown,
  MEDIA_VIDEO_SECTIONS,
  monitoringBlock,
  replaceBlock,
  summary,
  uploadsBlock,
  type MediaVideoResults,
  type MediaVideoSection,
  type Results,
  type SectionRun,
  syncSection,
  withHeavyBlock,
  withSyncSection,
} from './report-md.js';
import {
  agent,
  apiAs,
  createFleet,
  progress,
  startBench,
  stopStarted,
  type Bench,
} from './setup.js';
import { safetyTimings, safetyBlock, withSafetyBlock } from './safety.js';
import { syncTimings } from './sync.js';
import { stopUnits } from './unit-process.js';

const env = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
};

const ASSETS = env('BENCH_ASSETS', 1000);
const RECORDS = env('BENCH_RECORDS', 400_000);
const CLIENTS = env('BENCH_CLIENTS', 8);
const INGEST_SECONDS = env('BENCH_INGEST_SECONDS', 60);
const ENGINE_SECONDS = env('BENCH_ENGINE_SECONDS', 60);
const DAYS = env('BENCH_DAYS', 31);
const RUNS = env('BENCH_RUNS', 50);
const RENDER_RUNS = env('BENCH_RENDER_RUNS', 10);
const LIST_ASSETS = env('BENCH_LIST_ASSETS', 10_000);
const MONITORING_OPENS = env('BENCH_MONITORING_OPENS', 10);
const CAMERA_SECONDS = env('BENCH_CAMERA_SECONDS', 20);
const UPLOADS = env('BENCH_UPLOADS', 20);
const UPLOAD_CLIENTS = env('BENCH_UPLOAD_CLIENTS', 4);
const CLIP_RUNS = env('BENCH_CLIP_RUNS', 5);
const CLIP_SECONDS = env('BENCH_CLIP_SECONDS', 10);
const HEAVY_DAYS = env('BENCH_HEAVY_DAYS', 366);
const HEAVY_REPORTS = env('BENCH_HEAVY_REPORTS', 4);
const BATCH = 1000;
const PER_DEVICE = 1000; // one batch per device: ≈ 2 days of a truck's records
const DRIVER_SHARE = 0.7;
/**
 * The whole run must end well inside this, or it is stopped. The heavy section makes a year of
 * data and runs six year-long reports: on a busy machine that alone takes minutes.
 */
const HARD_LIMIT_MS = 25 * 60_000;
const SECTIONS = [
  'lists',
  'sync',
  'heavy',
  'mixed',
  'year',
  'nodes',
  'safety',
  ...MEDIA_VIDEO_SECTIONS,
  'alerts',
] as const;

const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const now = () => new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';

/**
 * One of the media and live-video sections (issues 8, 9) against the bench's app, in
 * Demo Transport. A failure is kept as the section's result: the other figures still count.
 */
async function mediaVideoSection<K extends MediaVideoSection>(
  name: K,
  bench: Bench,
  organisationId: number,
  alone: boolean,
): Promise<MediaVideoResults[K]> {
  const loadBefore = loadNow();
  const date = now();
  const t0 = performance.now();
  progress(`${name}: starting (load ${loadBefore})`);
  let result: MediaVideoResults[K]['result'];
  try {
    result = await (name === 'monitoring'
      ? monitoringTimings(bench, organisationId, MONITORING_OPENS, CAMERA_SECONDS)
      : name === 'uploads'
        ? uploadThroughput(bench, organisationId, UPLOADS, UPLOAD_CLIENTS)
        : clipTimings(bench, organisationId, CLIP_RUNS, CLIP_SECONDS));
  } catch (error) {
    exitCode = 1;
    progress(`${name} failed: ${(error as Error).stack ?? String(error)}`);
    result = { error: (error as Error).message.split('\n')[0]! };
  }
  const run: SectionRun<unknown> = {
    result,
    date,
    seconds: (performance.now() - t0) / 1000,
    loadBefore,
    loadAfter: loadNow(),
    alone,
    embedded: bench.embedded,
  };
  return run as MediaVideoResults[K];
}

/**
 * Issue 16's heavy-report case: year-long daily reports of the fleet at once, and the health
 * check and another tenant's fleet overview meanwhile. It replaces the derived data of the read
 * path, so it runs last. A failure is kept as the section's result.
 */
async function heavySection(
  bench: Bench,
  client: LoadClient,
  alone: boolean,
): Promise<SectionRun<HeavyResult>> {
  const loadBefore = loadNow();
  const date = now();
  const t0 = performance.now();
  progress(`heavy: starting (load ${loadBefore})`);
  let result: SectionRun<HeavyResult>['result'];
  try {
    result = await heavyTimings(bench, client, {
      assets: ASSETS,
      days: HEAVY_DAYS,
      reports: HEAVY_REPORTS,
      idleRuns: 30,
    });
  } catch (error) {
    exitCode = 1;
    progress(`heavy failed: ${(error as Error).stack ?? String(error)}`);
    result = { error: (error as Error).message.split('\n')[0]! };
  }
  return {
    result,
    date,
    seconds: (performance.now() - t0) / 1000,
    loadBefore,
    loadAfter: loadNow(),
    alone,
    embedded: bench.embedded,
  };
}

const demoTransport = async (bench: Bench) =>
  (
    await sql<{
      id: number;
    }>`SELECT id FROM organisations WHERE name = 'Demo Transport'`.execute(bench.db)
  ).rows[0]!.id;

async function main(bench: Bench, client: LoadClient, web: WebBuild): Promise<Results> {
  const started = performance.now();
  const host = machine(bench.postgresVersion, bench.embedded);
  const api = await apiAs(bench.baseUrl, 'Fleetwise OEM', 'oem');
  const { rows } = await sql<{
    id: number;
  }>`SELECT id FROM organisations WHERE name = 'Demo Transport'`.execute(bench.db);
  const organisationId = rows[0]!.id;

  const t0 = performance.now();
  const linkedFrom = new Date(Date.now() - 32 * 86_400_000);
  const units = await createFleet(api, organisationId, ASSETS, DRIVER_SHARE, linkedFrom);
  const setupSeconds = (performance.now() - t0) / 1000;

  const sending = units.slice(0, Math.min(units.length, Math.ceil(RECORDS / PER_DEVICE)));
  progress(`ingest: generating ${sending.length} × ${PER_DEVICE} records`);
  const backlogs = await generateBacklogs(sending, PER_DEVICE, new Date(Date.now() - 60_000));
  const ingest = await ingestHttp(client, backlogs, {
    clients: CLIENTS,
    batchSize: BATCH,
    seconds: INGEST_SECONDS,
  });
  progress(
    `ingest: ${Math.round(ingest.recordsPerSecond)} records/s (${ingest.stored} stored in ${ingest.seconds.toFixed(1)} s)`,
  );

  progress(`copy: ${ingest.stored} rows`);
  const copy = await copyLimit(bench, backlogs, ingest.stored);
  progress(`copy: ${Math.round(copy.rowsPerSecond)} rows/s`);

  const engine = await engineRate(bench, 2, ENGINE_SECONDS);
  progress(
    `engine: ${engine.processedDays}/${engine.queuedDays} asset-days in ${engine.seconds.toFixed(1)} s: ${engine.daysPerSecond.toFixed(1)}/s, ${Math.round(engine.recordsPerSecond)} records/s`,
  );

  const r0 = performance.now();
  const rollups = await fillRollups(bench, organisationId, DAYS);
  const rollupSeconds = (performance.now() - r0) / 1000;
  const read = await readTimings(client, api.token, organisationId, rollups.period, RUNS);
  const lists = await listTimings(bench, client, api.token, LIST_ASSETS, RUNS);
  progress(`sync: mirroring Demo Transport (${ASSETS} assets) into a second app`);
  const sync = await syncTimings(bench, organisationId);

  progress(`render: the overview in Chromium, ${RENDER_RUNS} fresh page loads`);
  let render: Results['render'];
  try {
    render = await renderTimings(
      bench.baseUrl,
      'Demo Transport',
      organisationId,
      read.fleet.items,
      RENDER_RUNS,
    );
  } catch (error) {
    // The other figures are still written; the run fails.
    exitCode = 1;
    progress(`render failed: ${(error as Error).stack ?? String(error)}`);
    render = { error: (error as Error).message.split('\n')[0]! };
    await stopRender();
  }

  const mediaVideo = {
    monitoring: await mediaVideoSection('monitoring', bench, organisationId, false),
    uploads: await mediaVideoSection('uploads', bench, organisationId, false),
    clips: await mediaVideoSection('clips', bench, organisationId, false),
  };
  const heavy = await heavySection(bench, client, false);

  return {
    date: new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC',
    machine: host,
    fleet: {
      assets: ASSETS,
      devices: ASSETS,
      drivers: Math.round(ASSETS * DRIVER_SHARE),
      setupSeconds,
      sendingDevices: sending.length,
    },
    ingest,
    copy,
    engine,
    rollups: { ...rollups, seconds: rollupSeconds },
    report: read.report,
    fleetOverview: read.fleet,
    driverReport: read.drivers,
    lists,
    sync,
    render,
    mediaVideo,
    heavy,
    web,
    totalSeconds: (performance.now() - started) / 1000,
    loadAfter: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', '),
  };
}

let bench: Bench | undefined;
let client: LoadClient | undefined;
let exitCode = 0;
let stopping: Promise<void> | undefined;
const stop = (reason: string) =>
  (stopping ??= (async () => {
    progress(`stopping (${reason})`);
    agent.destroy();
    await stopRender();
    await stopMonitoringBrowser();
    await stopUnits();
    await client?.close();
    await stopStarted();
  })());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stop(signal).finally(() => process.exit(130));
  });
}
// A stray error event (a dropped connection) must not skip the cleanup.
for (const event of ['uncaughtException', 'unhandledRejection'] as const) {
  process.once(event, (error: unknown) => {
    process.stderr.write(`bench failed: ${(error as Error)?.stack ?? String(error)}\n`);
    void stop(event).finally(() => process.exit(1));
  });
}
const watchdog = setTimeout(() => {
  progress('over the time limit');
  void stop('time limit').finally(() => process.exit(1));
}, HARD_LIMIT_MS);
watchdog.unref();

try {
  const only = process.env.BENCH_ONLY as (typeof SECTIONS)[number] | undefined;
  if (only && !SECTIONS.includes(only))
    throw new Error(`BENCH_ONLY must be one of ${SECTIONS.join(', ')}, not '${only}'`);
  const browserNeeded = !only || only === 'monitoring';
  if (browserNeeded) findChromium(); // fails now, not after minutes, when there is no Chromium
  // before the app starts: it serves apps/web/dist
  const web = browserNeeded ? await ensureWebBuild() : { built: '', seconds: 0 };
  bench = await startBench(10);
  client = new LoadClient(bench.baseUrl);
  if (only === 'nodes') {
    // 1 and 3 server processes behind HAProxy on the bench's database (bench/nodes.ts); printed.
    process.stdout.write(`\n${await nodesBench(bench.databaseUrl, progress)}\n`);
    throw Object.assign(new Error('done'), { done: true });
  }
  if (only === 'alerts') {
    // Issue 21 §2: record acknowledged → notification heard on an open push channel; printed.
    const result = await alertLatency(bench.baseUrl, progress);
    process.stdout.write(`\nalerts: ${JSON.stringify(result)}\n`);
    throw Object.assign(new Error('done'), { done: true });
  }
  if (only === 'sync') {
    // The fleet, then only the synchronisation: its section of docs/performance.md is rewritten.
    const api = await apiAs(bench.baseUrl, 'Fleetwise OEM', 'oem');
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM organisations WHERE name = 'Demo Transport'`.execute(bench.db);
    const linkedFrom = new Date(Date.now() - 32 * 86_400_000);
    await createFleet(api, rows[0]!.id, ASSETS, DRIVER_SHARE, linkedFrom);
    const host = machine(bench.postgresVersion, bench.embedded);
    const date = new Date().toISOString().slice(0, 16).replace('T', ' ') + ' UTC';
    const section = syncSection(await syncTimings(bench, rows[0]!.id), host, date);
    const file = new URL('../docs/performance.md', import.meta.url);
    writeFileSync(file, withSyncSection(readFileSync(file, 'utf8'), section));
    process.stdout.write(`\n${section}\nWritten to docs/performance.md\n`);
    throw Object.assign(new Error('done'), { done: true });
  }
  if (only === 'mixed') {
    // Issue 18: devices and users at once against a server process of its own; its block of
    // docs/performance.md. BENCH_DEVICES (the largest step), BENCH_SECONDS a step,
    // BENCH_MIXED_STEPS (fleet sizes, comma-separated; 0: the users alone), BENCH_USERS, BENCH_CPU_PROF (a directory),
    // BENCH_MIXED_DAY_HOURS (hours of today each truck has driven before the steps),
    // BENCH_SERVER_PROCESSES (the server's SERVER_PROCESSES).
    const devices = env('BENCH_DEVICES', 1000);
    const steps = (
      process.env.BENCH_MIXED_STEPS ??
      `0,${Math.round(devices / 4)},${Math.round(devices / 2)},${devices}`
    )
      .split(',')
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 0);
    const result = await mixedLoad(bench, {
      steps,
      seconds: env('BENCH_SECONDS', 120),
      users: env('BENCH_USERS', 30),
      engineWorkers: env('BENCH_ENGINE_WORKERS', 3),
      serverProcesses: env('BENCH_SERVER_PROCESSES', 1),
      cpuProfDir: process.env.BENCH_CPU_PROF || undefined,
      // A day's end, not its start: a batch used to cost more as its day filled (issue 18 §1).
      dayHours: env('BENCH_MIXED_DAY_HOURS', 8),
    });
    const host = machine(bench.postgresVersion, bench.embedded);
    const block = mixedBlock(
      result,
      now(),
      `${host.cpu}, ${host.cores} cores, ${host.memoryGb} GB; Node ${host.node}; PostgreSQL ${host.postgres}`,
    );
    const file = new URL('../docs/performance.md', import.meta.url);
    writeFileSync(file, withMixedBlock(readFileSync(file, 'utf8'), block));
    process.stdout.write(`${block}\n\nWritten to docs/performance.md\n`);
    throw Object.assign(new Error('done'), { done: true });
  }
  if (only === 'heavy') {
    // Demo Transport's fleet, then only the heavy reports: their block of docs/performance.md.
    const api = await apiAs(bench.baseUrl, 'Fleetwise OEM', 'oem');
    const linkedFrom = new Date(Date.now() - (HEAVY_DAYS + 2) * 86_400_000);
    await createFleet(api, await demoTransport(bench), ASSETS, DRIVER_SHARE, linkedFrom);
    const block = heavyBlock(await heavySection(bench, client, true));
    const file = new URL('../docs/performance.md', import.meta.url);
    writeFileSync(file, withHeavyBlock(readFileSync(file, 'utf8'), block));
    process.stdout.write(`${block}\n\nWritten to docs/performance.md\n`);
    throw Object.assign(new Error('done'), { done: true });
  }
  if (only === 'safety') {
    // Issue 20 §9: the safety inbox of an organisation with BENCH_SAFETY_CASES cases; its block.
    // a reviewer: Demo Transport's fleet manager, whose subtree holds the bench's organisation
    const api = await apiAs(bench.baseUrl, 'Demo Transport', 'manager');
    const cases = env('BENCH_SAFETY_CASES', 100_000);
    const result = await safetyTimings(bench, client, api.token, cases, RUNS);
    const host = machine(bench.postgresVersion, bench.embedded);
    const block = safetyBlock(
      result,
      now(),
      `${host.cpu}, ${host.cores} cores, ${host.memoryGb} GB; Node ${host.node}; PostgreSQL ${host.postgres}`,
      bench.embedded,
    );
    const file = new URL('../docs/performance.md', import.meta.url);
    writeFileSync(file, withSafetyBlock(readFileSync(file, 'utf8'), block));
    process.stdout.write(`${block}\n\nWritten to docs/performance.md\n`);
    throw Object.assign(new Error('done'), { done: true });
  }
  if (only === 'year') {
    // A fleet with a year of raw data (month partitions): its block of docs/performance.md.
    const started = performance.now();
    const before = loadNow();
    const result = await yearTimings(bench, client, await demoTransport(bench), RUNS);
    const block = yearBlock(result, {
      date: now(),
      seconds: (performance.now() - started) / 1000,
      load: [before, loadNow()],
      embedded: bench.embedded,
    });
    const file = new URL('../docs/performance.md', import.meta.url);
    writeFileSync(file, withYearBlock(readFileSync(file, 'utf8'), block));
    process.stdout.write(`${block}\n\nWritten to docs/performance.md\n`);
    throw Object.assign(new Error('done'), { done: true });
  }
  if (only && only !== 'lists') {
    // One section, printed and written into its block of docs/performance.md.
    const run = await mediaVideoSection(only, bench, await demoTransport(bench), true);
    const block =
      only === 'monitoring'
        ? monitoringBlock(run as MediaVideoResults['monitoring'])
        : only === 'uploads'
          ? uploadsBlock(run as MediaVideoResults['uploads'])
          : clipsBlock(run as MediaVideoResults['clips']);
    const file = new URL('../docs/performance.md', import.meta.url);
    writeFileSync(file, replaceBlock(readFileSync(file, 'utf8'), only, block));
    process.stdout.write(`${block}\n\nWritten to docs/performance.md\n`);
    throw Object.assign(new Error('done'), { done: true });
  }
  if (only) {
    // Only the list pages, printed; docs/performance.md is left as it is.
    const api = await apiAs(bench.baseUrl, 'Fleetwise OEM', 'oem');
    const lists = await listTimings(bench, client, api.token, LIST_ASSETS, RUNS);
    process.stdout.write(`${listRows(lists).join('\n')}\n`);
    throw Object.assign(new Error('done'), { done: true });
  }
  const results = await main(bench, client, web);
  const doc = new URL('../docs/performance.md', import.meta.url);
  // The mixed load (BENCH_ONLY=mixed) and the year (BENCH_ONLY=year) are measured alone, for
  // many minutes: their last figures are kept.
  const before = readFileSync(doc, 'utf8');
  const mixed = mixedBlockOf(before);
  const year = /<!-- bench:year -->[\s\S]*<!-- \/bench:year -->/.exec(before);
  let written = markdown(results);
  if (mixed) written = withMixedBlock(written, mixed);
  if (year) written = withYearBlock(written, year[0]);
  writeFileSync(doc, written);
  process.stdout.write(
    `\nFleetwise benchmark, ${results.date}\n${results.machine.cpu}, ${results.machine.cores} cores, ${results.machine.memoryGb} GB; Node ${results.machine.node}; PostgreSQL ${results.machine.postgres} (${bench.embedded ? 'embedded' : 'BENCH_DATABASE_URL'})\n\n${summary(results)}\n\nWritten to docs/performance.md\n`,
  );
} catch (error) {
  if (!(error as { done?: boolean }).done) {
    exitCode = 1;
    process.stderr.write(`bench failed: ${(error as Error).stack ?? String(error)}\n`);
  }
} finally {
  await stop('done');
  clearTimeout(watchdog);
}
process.exit(exitCode);
