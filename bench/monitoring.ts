/**
 * Issue 9's figures: the time from opening the monitoring view to the first decoded frame of a
 * simulated truck's camera, and the CPU of one simulated camera publishing.
 */
import { performance } from 'node:perf_hooks';
import type { Browser } from 'playwright-core';
import type { Health } from '@fleet/contract';
import { findChromium, launch } from '../e2e/browser.js';
import { percentile } from './ingest.js';
import { apiAs, createTruck, progress, type Bench } from './setup.js';
import { children, cpuOver, residentMb, startUnit, type CpuShare } from './unit-process.js';

const WAIT_MS = 60_000;

export interface MonitoringResult {
  chromium: string;
  opens: number;
  /** navigation start → the view's INFO card, the camera's video element, its first frame; ms */
  infoP50: number;
  /** the Janus client's chunk loaded; Janus's session made (Janus.init, then its first request) */
  chunkP50: number;
  sessionP50: number;
  videoP50: number;
  firstFrame: { p50: number; p95: number; min: number; max: number };
  /** p50 of each step the client marks on its way to the first frame, in the order seen, ms */
  steps?: Record<string, number>;
  /** the first frame's size */
  frameSize: string;
  /** the portal's request → the monitoring started by the unit, s */
  startSeconds: number;
  /** seconds of each CPU window */
  cpuSeconds: number;
  /** the unit's Node process waiting for commands, before the monitoring */
  nodeIdle: CpuShare;
  /** while one camera publishes: its ffmpeg, and the unit's Node process (werift, overlay, traces) */
  ffmpeg: CpuShare;
  node: CpuShare;
  nodeRssMb: number;
  seconds: number;
}

/** Issue 19 §5: the first decoded frame within a second of opening the link (p50). */
export const TARGET_FIRST_FRAME_MS = 1000;

/** The p50 of each step (of the opens that marked it), in the order of their p50s. */
function stepsP50(marks: Marks[]): Record<string, number> {
  const names = new Set(marks.flatMap((m) => Object.keys(m.steps ?? {})));
  const all: [string, number][] = [...names].map((name) => {
    const values = marks.flatMap((m) => (m.steps?.[name] === undefined ? [] : [m.steps[name]]));
    return [
      name,
      Math.round(
        percentile(
          values.sort((a, b) => a - b),
          50,
        ),
      ),
    ];
  });
  for (const key of ['infoAt', 'videoAt', 'frameAt'] as const)
    all.push([
      key,
      Math.round(
        percentile(
          marks.map((m) => m[key]).sort((a, b) => a - b),
          50,
        ),
      ),
    ]);
  return Object.fromEntries(all.sort((a, b) => a[1] - b[1]));
}

let browser: Browser | undefined;
export async function stopMonitoringBrowser(): Promise<void> {
  const b = browser;
  browser = undefined;
  if (b) await Promise.race([b.close().catch(() => {}), new Promise((r) => setTimeout(r, 10_000))]);
}

/**
 * Runs in the view before its scripts: notes when the INFO card is there, when the first live
 * video element is, and when that video presents its first decoded frame
 * (requestVideoFrameCallback). A string: the page's CSP forbids eval, and tsx would add helpers.
 */
const OBSERVE = `(() => {
  const state = {};
  window.__bench = state;
  const observer = new MutationObserver(() => {
    if (state.infoAt === undefined && document.querySelector('[data-testid="info-card"]'))
      state.infoAt = performance.now();
    const video = document.querySelector('[data-testid="live-video"] video');
    if (!video || state.videoAt !== undefined) return;
    state.videoAt = performance.now();
    video.requestVideoFrameCallback(() => {
      state.frameAt = performance.now();
      state.size = video.videoWidth + 'x' + video.videoHeight;
    });
    observer.disconnect();
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

type Marks = {
  infoAt: number;
  videoAt: number;
  frameAt: number;
  size: string;
  /** the Janus client's chunk loaded, and the first answer of Janus (its session made) */
  chunkAt: number;
  sessionAt: number;
  /** the client's own marks of each step ('live:session', 'live:offer', …), ms */
  steps: Record<string, number>;
};

/** One open of the view in a fresh context (no session, nothing cached), to the first frame. */
async function open(baseUrl: string, view: string): Promise<Marks> {
  const context = await browser!.newContext({
    viewport: { width: 1400, height: 900 },
    locale: 'en-US',
    baseURL: baseUrl,
  });
  try {
    const page = await context.newPage();
    await page.addInitScript(OBSERVE);
    // When requests ended, epoch ms: made relative to the page's navigation start below.
    let chunk = NaN;
    let session = NaN;
    page.on('requestfinished', (request) => {
      const { pathname } = new URL(request.url());
      const { startTime, responseEnd } = request.timing();
      if (/\/live-video-[^/]*\.js$/.test(pathname)) chunk = startTime + responseEnd;
      else if (pathname === '/janus' && Number.isNaN(session)) session = startTime + responseEnd;
    });
    await page.goto(view, { waitUntil: 'commit', timeout: WAIT_MS });
    await page.waitForFunction(
      () => (globalThis as { __bench?: { frameAt?: number } }).__bench?.frameAt !== undefined,
      null,
      { timeout: WAIT_MS, polling: 50 },
    );
    const marks = await page.evaluate<Marks & { timeOrigin: number }>(
      `({ ...window.__bench, timeOrigin: performance.timeOrigin, steps: Object.fromEntries(
        performance.getEntriesByType('mark').filter((m) => m.name.startsWith('live:'))
          .map((m) => [m.name.slice(5), m.startTime])) })`,
    );
    // Over the WebSocket there is no /janus request: the client's own mark says when.
    const sessionAt = marks.steps?.session ?? session - marks.timeOrigin;
    return { ...marks, chunkAt: chunk - marks.timeOrigin, sessionAt };
  } finally {
    await context.close();
  }
}

/**
 * A device for a new asset in Demo Transport, answered by a simulated camera unit in its own
 * process; the manager asks for a monitoring of its Front camera; the view is opened
 * `opens` times through the token link (after one open not counted), and the unit's CPU is
 * read over `cpuWindow` seconds waiting, then publishing.
 */
export async function monitoringTimings(
  bench: Bench,
  organisationId: number,
  opens: number,
  cpuWindow: number,
): Promise<MonitoringResult> {
  const t0 = performance.now();
  // The app starts its own Janus when the binary is installed; it answers within a second.
  for (let i = 0; ; i++) {
    const health = (await (await fetch(`${bench.baseUrl}/api/health`)).json()) as Health;
    if (health.videoGateway === 'up') break;
    if (health.videoGateway === 'absent' || i === 50)
      throw new Error(`no video gateway (Janus ${health.videoGateway}): apt-get install janus`);
    await new Promise((r) => setTimeout(r, 200));
  }
  const manager = await apiAs(bench.baseUrl, 'Demo Transport', 'manager');
  const unit = await createTruck(
    manager,
    organisationId,
    'Bench monitoring',
    new Date(Date.now() - 7_200_000),
  );
  const camera = await startUnit({
    url: bench.baseUrl,
    credential: unit.credential,
    identifier: unit.identifier,
    asset: unit.name,
  });
  let monitoringId: number | undefined;
  try {
    // Let the unit's start (module loading, the first poll) settle before reading its CPU.
    await new Promise((r) => setTimeout(r, 5000));
    progress(`monitoring: the unit's CPU waiting for commands, ${cpuWindow} s`);
    const nodeIdle = (await cpuOver({ node: camera.pid }, cpuWindow)).node!;

    const asked = performance.now();
    await manager(
      'POST',
      `/api/assets/${unit.assetId}/assetmonitoringrequests`,
      { assetId: unit.assetId, tracingFrequency: 5, liveFeed: true, liveFeedCameraMask: 1 },
      201,
    );
    let active: { id: number; liveFeed: { available: boolean; reason?: string } | null } | null =
      null;
    while (!active) {
      if (performance.now() - asked > WAIT_MS) throw new Error('the unit started no monitoring');
      try {
        active = await manager('GET', `/api/assets/${unit.assetId}/assetmonitorings/active`);
      } catch {
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    const startSeconds = (performance.now() - asked) / 1000;
    monitoringId = active.id;
    if (!active.liveFeed?.available)
      throw new Error(`no live video on this server: ${JSON.stringify(active.liveFeed)}`);
    const { accessToken } = await manager<{ accessToken: string }>(
      'GET',
      `/api/assetmonitorings/${active.id}/token`,
    );
    const view = `/monitoring?t=${encodeURIComponent(accessToken)}`;

    const executable = findChromium();
    browser = await launch(executable);
    const chromium = browser.version();
    // Not counted: waits for the camera to be published at all (Janus, ICE, ffmpeg).
    const warm = await open(bench.baseUrl, view);
    progress(`monitoring: publishing; the first open saw a frame at ${warm.frameAt.toFixed(0)} ms`);

    const ffmpeg = children(camera.pid).find((c) => c.name.startsWith('ffmpeg'));
    if (!ffmpeg) throw new Error('the camera unit runs no ffmpeg');
    progress(`monitoring: one camera publishing, CPU over ${cpuWindow} s`);
    const publishing = await cpuOver({ node: camera.pid, ffmpeg: ffmpeg.pid }, cpuWindow);
    const nodeRssMb = residentMb(camera.pid);

    const marks: Marks[] = [];
    for (let i = 0; i < opens; i++) {
      marks.push(await open(bench.baseUrl, view));
      progress(
        `monitoring: open ${i + 1}/${opens}: first frame at ${marks.at(-1)!.frameAt.toFixed(0)} ms`,
      );
    }
    await stopMonitoringBrowser();
    const steps = stepsP50(marks);
    progress(`monitoring: steps p50 (ms) ${JSON.stringify(steps)}`);
    const sorted = (values: number[]) => values.sort((a, b) => a - b);
    const frames = sorted(marks.map((m) => m.frameAt));
    const result: MonitoringResult = {
      chromium,
      opens,
      infoP50: percentile(sorted(marks.map((m) => m.infoAt)), 50),
      chunkP50: percentile(sorted(marks.map((m) => m.chunkAt)), 50),
      sessionP50: percentile(sorted(marks.map((m) => m.sessionAt)), 50),
      videoP50: percentile(sorted(marks.map((m) => m.videoAt)), 50),
      firstFrame: {
        p50: percentile(frames, 50),
        p95: percentile(frames, 95),
        min: frames[0]!,
        max: frames.at(-1)!,
      },
      frameSize: marks[0]!.size,
      steps,
      startSeconds,
      cpuSeconds: cpuWindow,
      nodeIdle,
      ffmpeg: publishing.ffmpeg!,
      node: publishing.node!,
      nodeRssMb,
      seconds: (performance.now() - t0) / 1000,
    };
    progress(
      `monitoring: INFO card p50 ${result.infoP50.toFixed(0)} ms, video element ${result.videoP50.toFixed(0)} ms, first frame p50 ${result.firstFrame.p50.toFixed(0)} ms (max ${result.firstFrame.max.toFixed(0)}); ffmpeg ${result.ffmpeg.percent.toFixed(1)} %, Node ${result.node.percent.toFixed(1)} % (idle ${nodeIdle.percent.toFixed(1)} %) of a core`,
    );
    return result;
  } finally {
    await stopMonitoringBrowser();
    if (monitoringId)
      await manager('PUT', `/api/assetmonitorings/${monitoringId}/end`).catch(() => undefined);
    await camera.stop();
  }
}
