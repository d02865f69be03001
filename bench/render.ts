/**
 * The fleet overview as a user sees it: the built web app, served by the
 * bench's app, rendered by Debian's Chromium (playwright-core, as the e2e
 * tests drive it), signed in through the real sign-in page.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { findChromium, launch } from '../e2e/browser.js';
import { DEMO_PASSWORD } from '../apps/server/src/modules/demo/index.js';
import { percentile } from './ingest.js';
import { progress, WEB_DIST } from './setup.js';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The fleet overview's page size (apps/web/src/features/fleet-overview/fleet.ts). */
const PAGE_SIZE = 10;
const WAIT_MS = 60_000;

/** The newest modification time under the given files and directories (node_modules aside). */
function newest(paths: string[]): { mtime: number; file: string } {
  let best = { mtime: 0, file: '' };
  const visit = (p: string) => {
    if (!existsSync(p)) return;
    const stat = statSync(p);
    if (stat.isDirectory()) {
      for (const name of readdirSync(p)) if (name !== 'node_modules') visit(path.join(p, name));
    } else if (stat.mtimeMs > best.mtime) best = { mtime: stat.mtimeMs, file: p };
  };
  paths.forEach(visit);
  return best;
}

let building: ChildProcess | undefined;

export interface WebBuild {
  /** why the bench built the web app, or null if apps/web/dist was there and up to date */
  built: string | null;
  seconds: number;
}

/**
 * The app serves apps/web/dist: built here (`npm run build -w @fleet/web`) when it is missing or
 * older than the web app's or the contract's sources.
 */
export async function ensureWebBuild(): Promise<WebBuild> {
  const index = path.join(WEB_DIST, 'index.html');
  const source = newest(
    [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/contract/src',
    ].map((p) => path.join(ROOT, p)),
  );
  let reason: string | null = null;
  if (!existsSync(index)) reason = 'apps/web/dist is missing';
  else if (statSync(index).mtimeMs < source.mtime) {
    reason = `apps/web/dist is older than ${path.relative(ROOT, source.file)}`;
  }
  if (!reason) {
    progress('web: apps/web/dist is up to date, not building');
    return { built: null, seconds: 0 };
  }
  progress(`web: ${reason}: npm run build -w @fleet/web`);
  const t0 = performance.now();
  await new Promise<void>((resolve, reject) => {
    // Its own process group, so a stopped bench stops vite and tsc with it.
    const child = spawn('npm', ['run', 'build', '-w', '@fleet/web'], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    building = child;
    let output = '';
    const keep = (c: Buffer) => (output = (output + c.toString()).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      building = undefined;
      if (code === 0) resolve();
      else reject(new Error(`npm run build -w @fleet/web: ${code ?? signal}\n${output}`));
    });
  });
  const seconds = (performance.now() - t0) / 1000;
  progress(`web: built in ${seconds.toFixed(1)} s`);
  return { built: reason, seconds };
}

export interface RenderResult {
  chromium: string;
  runs: number;
  /** cards on the first page, and assets in the overview ("1–10 of N assets") */
  cards: number;
  shown: string;
  /** navigation start → the frame after the first page's cards are in the document, ms */
  p50: number;
  p95: number;
  max: number;
  /** navigation start → every address on the first page looked up, ms (p50 / max) */
  addressesP50: number;
  addressesMax: number;
  /** navigation start → the fleet API's answer complete, ms (p50) */
  fleetApiP50: number;
  /** used JS heap of the page once loaded (addresses in), and after a forced GC, MB (p50) */
  heapMb: number;
  heapAfterGcMb: number;
  /** requests to anything but loopback (none expected) */
  offLoopback: string[];
  seconds: number;
}

let browser: Browser | undefined;

/** Stops a web build and the browser if running; safe to call twice. */
export async function stopRender(): Promise<void> {
  if (building?.pid) {
    try {
      process.kill(-building.pid, 'SIGTERM');
    } catch {
      // already gone
    }
  }
  const b = browser;
  browser = undefined;
  if (b) {
    await Promise.race([b.close().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
  }
}

/**
 * Runs in the page before its scripts: notes when the first page's cards are in the document,
 * the frame after (painted), and when none of them is still looking up an address. A string,
 * not a function: tsx would add helpers to a function that the page does not have.
 */
const observe = (expected: number) => `(() => {
  const state = {};
  window.__bench = state;
  const observer = new MutationObserver(() => {
    const cards = document.querySelectorAll('[data-testid="fleet-card"]');
    if (state.cardsAt === undefined) {
      if (cards.length < ${expected}) return;
      state.cardsAt = performance.now();
      requestAnimationFrame(() => setTimeout(() => { state.paintedAt = performance.now(); }));
    }
    if (state.addressesAt === undefined
        && !Array.from(cards).some((c) => (c.textContent || '').includes('Looking up'))) {
      state.addressesAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
})();`;

const loopback = (url: string) => {
  if (!/^(https?|wss?):/.test(url)) return true; // data:, blob:, about:
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '[::1]';
};

async function signIn(page: Page, organisation: string, organisationId: number): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Organisation').fill('Fleetwise OEM');
  await page.getByLabel('User name').fill('oem');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/overview');
  // The organisation picker (top bar): switching lands on that organisation's overview.
  await page.getByLabel('Organisations').click();
  await page.getByLabel('Organisations').fill(organisation);
  await page
    .getByRole('listbox', { name: 'Organisation list' })
    .getByRole('option')
    .filter({ hasText: organisation })
    .first()
    .click();
  await page.waitForURL('**/overview');
  await page.getByRole('heading', { level: 1, name: organisation }).waitFor();
  const viewing = await page.evaluate<number | undefined>(
    "(JSON.parse(localStorage.getItem('user') || 'null') || {}).organisation_id",
  );
  if (viewing !== organisationId) {
    throw new Error(`the session views organisation ${viewing}, not ${organisationId}`);
  }
  await page.getByTestId('fleet-card').first().waitFor({ timeout: WAIT_MS });
}

/** One fresh page load of /overview in the signed-in context. */
async function load(context: BrowserContext, expected: number) {
  const page = await context.newPage();
  try {
    await page.addInitScript(observe(expected));
    let fleetApi = NaN;
    page.on('requestfinished', (request) => {
      if (/\/assets\/fleet$/.test(new URL(request.url()).pathname)) {
        fleetApi = request.timing().responseEnd; // ms since the request's start
        fleetApi += request.timing().startTime; // epoch ms
      }
    });
    await page.goto('/overview', { waitUntil: 'commit', timeout: WAIT_MS });
    // The page's CSP forbids eval, so waitForFunction takes functions (unnamed: see `observe`);
    // evaluate takes a string (CDP evaluates it, not the page), as this tsconfig has no DOM types.
    type Marks = { __bench?: { paintedAt?: number; addressesAt?: number } };
    const wait = { timeout: WAIT_MS, polling: 50 };
    await page.waitForFunction(
      () => (globalThis as Marks).__bench?.paintedAt !== undefined,
      null,
      wait,
    );
    await page.waitForFunction(
      () => (globalThis as Marks).__bench?.addressesAt !== undefined,
      null,
      wait,
    );
    const found = await page.evaluate<{
      paintedAt: number;
      addressesAt: number;
      timeOrigin: number;
      cards: number;
      shown: string;
    }>(`({
      ...window.__bench,
      timeOrigin: performance.timeOrigin,
      cards: document.querySelectorAll('[data-testid="fleet-card"]').length,
      shown: (document.body.innerText.match(/\\d+–\\d+ of \\d+ assets/) || [''])[0],
    })`);
    const cdp = await context.newCDPSession(page);
    const { usedSize } = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    await cdp.send('HeapProfiler.collectGarbage');
    const after = (await cdp.send('Runtime.getHeapUsage')) as { usedSize: number };
    await cdp.detach();
    return {
      painted: found.paintedAt,
      addresses: found.addressesAt,
      fleetApi: fleetApi - found.timeOrigin,
      cards: found.cards,
      shown: found.shown,
      heap: usedSize,
      heapAfterGc: after.usedSize,
    };
  } finally {
    await page.close();
  }
}

/**
 * Signs in as `oem` (Fleetwise OEM) through /login, switches to `organisation` with the picker,
 * then loads /overview `runs` times, each in a fresh page of the signed-in context, after one
 * load not counted.
 */
export async function renderTimings(
  baseUrl: string,
  organisation: string,
  organisationId: number,
  assets: number,
  runs: number,
): Promise<RenderResult> {
  const t0 = performance.now();
  const executable = findChromium();
  browser = await launch(executable);
  const chromium = browser.version();
  progress(`render: Chromium ${chromium} (${executable})`);
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    locale: 'en-US',
    baseURL: baseUrl,
  });
  const offLoopback: string[] = [];
  context.on('request', (request) => {
    if (!loopback(request.url())) offLoopback.push(request.url());
  });
  const page = await context.newPage();
  await signIn(page, organisation, organisationId);
  await page.close();
  progress(`render: signed in as oem, viewing ${organisation}`);

  const expected = Math.min(PAGE_SIZE, assets);
  await load(context, expected); // warm-up: not counted
  const loads = [];
  for (let i = 0; i < runs; i++) loads.push(await load(context, expected));
  await context.close();
  await stopRender();

  const last = loads.at(-1)!;
  if (last.cards !== expected) throw new Error(`expected ${expected} cards, found ${last.cards}`);
  const sorted = (values: number[]) => values.sort((a, b) => a - b);
  const painted = sorted(loads.map((l) => l.painted));
  const addresses = sorted(loads.map((l) => l.addresses));
  const mb = (bytes: number) => bytes / 2 ** 20;
  const result: RenderResult = {
    chromium,
    runs,
    cards: last.cards,
    shown: last.shown,
    p50: percentile(painted, 50),
    p95: percentile(painted, 95),
    max: painted.at(-1)!,
    addressesP50: percentile(addresses, 50),
    addressesMax: addresses.at(-1)!,
    fleetApiP50: percentile(sorted(loads.map((l) => l.fleetApi)), 50),
    heapMb: mb(percentile(sorted(loads.map((l) => l.heap)), 50)),
    heapAfterGcMb: mb(percentile(sorted(loads.map((l) => l.heapAfterGc)), 50)),
    offLoopback,
    seconds: (performance.now() - t0) / 1000,
  };
  progress(
    `render: first ${result.cards} cards (${result.shown}) p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms, max ${result.max.toFixed(0)} ms; addresses p50 ${result.addressesP50.toFixed(0)} ms; fleet API answered at p50 ${result.fleetApiP50.toFixed(0)} ms; JS heap ${result.heapMb.toFixed(1)} MB (${result.heapAfterGcMb.toFixed(1)} MB after GC); ${offLoopback.length} requests off loopback`,
  );
  if (offLoopback.length) progress(`render: off loopback: ${offLoopback.slice(0, 5).join(', ')}`);
  return result;
}
