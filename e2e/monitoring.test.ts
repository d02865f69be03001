import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import {
  ACCOUNTS,
  api,
  e2e,
  newPage,
  openAs,
  openBrowser,
  PASSWORD,
  routePoint,
  seedTruckTrip,
} from './fixtures.js';

/**
 * Live monitoring end to end (issue 9 §7, §8): the manager asks a truck this file creates for a
 * monitoring; the test acts as the truck's device through the device API; the control room
 * opens the view through the token link alone; a second Chromium publishes its fake camera as
 * FRONT into the monitoring's Janus room; the view decodes it; End; RECORDED plays the recording.
 */

const root = path.resolve(import.meta.dirname, '..');
const minute = 60_000;

let browser: Browser;
let cameraBrowser: Browser | null = null;
let managerToken: string;
let truck: Awaited<ReturnType<typeof seedTruckTrip>>;
let assetName: string;
let driverName: string;

type DeviceMonitoring = {
  id: number;
  liveFeed: { available: boolean; roomId: number | null; pin: string | null } | null;
};

/** A device API call as the truck's device; fails on an error status. */
async function device<T>(method: string, apiPath: string, body?: unknown): Promise<T> {
  const response = await fetch(`${e2e().baseUrl}/device-api/v1/${apiPath}`, {
    method,
    headers: {
      Authorization: `Bearer ${truck.device.credential}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${apiPath}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

beforeAll(async () => {
  const { organisation, username } = ACCOUNTS.manager;
  ({ accessToken: managerToken } = await api<{ accessToken: string }>('/api/login', {
    method: 'POST',
    body: JSON.stringify({ organisation, username, password: PASSWORD }),
  }));
  const [org] = await api<{ id: number }[]>('/api/organisations', { token: managerToken });
  const tag = Date.now().toString(36);
  assetName = `Monitored truck ${tag}`;
  driverName = `Mila Monitor${tag}`;
  truck = await seedTruckTrip(managerToken, org!.id, {
    name: assetName,
    // phone is a driver field the fixture passes on as it is
    driver: { firstName: 'Mila', lastName: `Monitor${tag}`, phone: '+31 6 1234 5678' } as {
      firstName: string;
      lastName: string;
    },
    start: new Date(Date.now() - 20 * minute),
    minutes: 15,
    stops: false,
    counters: {
      odometer: 2_000_000,
      engineHours: 2000,
      totalFuelUsed: 7000,
      drivingTime: 70_000,
      harshAccelerationCount: 3,
    },
  });
  browser = await openBrowser();
});

afterAll(async () => {
  await cameraBrowser?.close();
  await browser?.close();
});

/** Joins the room as the truck's FRONT camera from a Chromium with a fake camera (janus-gateway). */
async function publishFakeCamera(token: string, roomId: number, pin: string): Promise<Page> {
  cameraBrowser = await chromium.launch({
    executablePath: e2e().chromium,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
    ],
  });
  const context = await cameraBrowser.newContext({ baseURL: e2e().baseUrl });
  const page = await context.newPage();
  const lib = (file: string) => path.join(root, 'node_modules', file);
  // A blank page of the server's origin (so '/janus' is the server's proxy) with the client.
  await page.route('**/e2e-camera/index.html', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><title>camera</title><script src="/e2e-camera/adapter.js"></script>
<script type="module">import Janus from '/e2e-camera/janus.js'; window.Janus = Janus;</script>`,
    }),
  );
  await page.route('**/e2e-camera/adapter.js', (route) =>
    route.fulfill({ path: lib('webrtc-adapter/out/adapter.js'), contentType: 'text/javascript' }),
  );
  await page.route('**/e2e-camera/janus.js', (route) =>
    route.fulfill({
      path: lib('janus-gateway/npm/dist/janus.es.js'),
      contentType: 'text/javascript',
    }),
  );
  await page.goto('/e2e-camera/index.html');
  await page.waitForFunction(() => 'Janus' in window);
  await page.evaluate(
    ({ token, roomId, pin }) =>
      new Promise<void>((resolve, reject) => {
        type Handle = {
          send: (m: object) => void;
          createOffer: (o: object) => void;
          handleRemoteJsep: (o: object) => void;
        };
        const w = window as unknown as {
          Janus: {
            init: (o: object) => void;
            useDefaultDependencies: (o: object) => unknown;
          } & (new (o: object) => { attach: (o: object) => void });
          adapter: unknown;
        };
        const Janus = w.Janus;
        Janus.init({
          debug: false,
          dependencies: Janus.useDefaultDependencies({ adapter: w.adapter }),
          callback: () => {
            const janus = new Janus({
              server: '/janus',
              token,
              error: reject,
              success: () => {
                let handle: Handle;
                janus.attach({
                  plugin: 'janus.plugin.videoroom',
                  error: reject,
                  success: (h: Handle) => {
                    handle = h;
                    handle.send({
                      message: {
                        request: 'join',
                        ptype: 'publisher',
                        room: roomId,
                        pin,
                        display: 'FRONT',
                      },
                    });
                  },
                  onmessage: (message: Record<string, unknown>, jsep?: object) => {
                    if (message.error) reject(new Error(String(message.error)));
                    if (message.videoroom === 'joined')
                      handle.createOffer({
                        tracks: [
                          { type: 'video', capture: { width: 640, height: 480 }, recv: false },
                        ],
                        success: (offer: object) =>
                          handle.send({
                            // The recording's header carries the stream's description: the
                            // server names the recording's camera by it.
                            message: {
                              request: 'publish',
                              descriptions: [{ mid: '0', description: 'FRONT' }],
                            },
                            jsep: offer,
                          }),
                        error: reject,
                      });
                    if (jsep) handle.handleRemoteJsep({ jsep });
                  },
                  webrtcState: (up: boolean) => (up ? resolve() : undefined),
                });
              },
            });
            (window as unknown as { camera: unknown }).camera = janus;
          },
        });
      }),
    { token, roomId, pin },
  );
  return page;
}

/** The first live video's decoded width and time. */
const decodedFrame = (page: Page) =>
  page.$eval('[data-testid="live-video"] video', (v: HTMLVideoElement) => ({
    width: v.videoWidth,
    time: v.currentTime,
  }));

/**
 * The first live video read once it shows a frame, then read again once its time has moved on
 * (not after a set time).
 */
async function decodedFrames(page: Page) {
  let first = await decodedFrame(page);
  await expect
    .poll(async () => (first = await decodedFrame(page)).width, { timeout: 20_000 })
    .toBeGreaterThan(0);
  let second = first;
  await expect
    .poll(async () => (second = await decodedFrame(page)).time, { timeout: 20_000 })
    .toBeGreaterThan(first.time);
  return { first, second };
}

describe('live monitoring', () => {
  let monitoring: DeviceMonitoring;
  let viewUrl: string;

  it('the manager requests a monitoring with the form (its rules; disabled while one is open)', async () => {
    const { context, page } = await openAs(browser, 'manager');
    await page.goto(`/entities/ASSET/${truck.assetId}?tab=monitoring`);
    await page.getByTestId('monitoring-panel').waitFor();
    await page.getByRole('tab', { name: 'Requests' }).click();
    const create = page.getByTestId('create-request');
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.click();

    const form = page.getByRole('form', { name: 'Create asset monitoring request' });
    const frequency = form.getByLabel('Tracing frequency (seconds)');
    expect(await frequency.inputValue()).toBe('5');
    expect(await form.getByLabel('Video live feed').isChecked()).toBe(true);
    for (const camera of ['Front', 'Rear', 'Left', 'Right', 'Driver'])
      expect(await form.getByLabel(camera, { exact: true }).isChecked()).toBe(false);
    await form.getByLabel('Video live feed').uncheck();
    expect(await form.getByLabel('Front', { exact: true }).count()).toBe(0);
    await form.getByLabel('Video live feed').check();

    for (const [value, message] of [
      ['', 'Tracing frequency is required.'],
      ['abc', 'Tracing frequency must be a whole number of seconds.'],
      ['0', 'Tracing frequency must be between 1 and 60 seconds.'],
    ]) {
      await frequency.fill(value!);
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByText(message!).waitFor();
    }
    await frequency.fill('2');
    await form.getByLabel('Front', { exact: true }).check();
    await screenshot(page, 'monitoring-request-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    const entry = page.getByTestId('monitoring-request').first();
    await entry.waitFor();
    expect(await entry.getByTestId('request-status').textContent()).toMatch(/pending/);
    expect(await entry.textContent()).toContain('every 2 s');
    expect(await entry.textContent()).toContain('video: Front');
    // A request waiting for the vehicle blocks another (the server would answer 409).
    await expect.poll(() => create.isDisabled()).toBe(true);
    await page.getByTestId('request-blocked').waitFor();

    // The truck's device takes the command and starts the monitoring.
    const { commands } = await device<{ commands: { id: number; kind: string }[] }>(
      'GET',
      'commands?wait=0',
    );
    const command = commands.find((c) => c.kind === 'MONITORING_REQUEST');
    expect(command).toBeDefined();
    monitoring = await device<DeviceMonitoring>('POST', 'monitorings', { commandId: command!.id });
    const now = Date.now();
    await device('POST', `monitorings/${monitoring.id}/positions`, {
      positions: [0, 1, 2, 3, 4].map((i) => ({
        timestamp: new Date(now - (4 - i) * 2000).toISOString(),
        location: routePoint(16 + i * 0.05),
        speed: 50,
      })),
    });

    await expect
      .poll(() => entry.getByTestId('request-status').textContent(), { timeout: 15_000 })
      .toMatch(/active/);
    expect(await create.isDisabled()).toBe(true);

    await page.getByRole('tab', { name: 'Monitoring', exact: true }).last().click();
    const card = page.getByTestId('monitoring-card').first();
    await card.getByTestId('monitoring-active').waitFor();
    expect(await card.textContent()).toContain(`${assetName} unit`);
    expect(await card.getByRole('link', { name: driverName }).getAttribute('href')).toBe(
      `/entities/DRIVER/${truck.driverId}`,
    );
    const link = card.getByRole('link', { name: /Monitoring view/ });
    expect(await link.getAttribute('target')).toBe('_blank');
    viewUrl = (await link.getAttribute('href'))!;
    expect(viewUrl).toMatch(/^\/monitoring\?t=/);
    await card.getByRole('button', { name: 'Generate token' }).click();
    const token = await card.getByTestId('monitoring-token').inputValue();
    expect(token.split('.')).toHaveLength(3);
    await screenshot(page, 'monitoring-panel');
    await context.close();
  }, 120_000);

  it('opens the view through the token link alone: INFO, the route, ACTIVE and live video', async () => {
    expect(monitoring.liveFeed?.available, 'the server runs Janus').toBe(true);
    const { context, page } = await newPage(browser);
    const enhance: string[] = [];
    page.on('request', (r) => r.url().includes('/enhancevideo') && enhance.push(r.url()));
    await page.goto(viewUrl);
    const info = page.getByTestId('info-card');
    await info.waitFor();
    const text = await info.textContent();
    for (const expected of [assetName, `${assetName} unit`, driverName, '+31 6 1234 5678'])
      expect(text).toContain(expected);
    await page.getByTestId('active-card').getByRole('button', { name: 'End' }).waitFor();
    await expect
      .poll(() =>
        page
          .getByTestId('monitoring-route-features')
          .getAttribute('data-count', { timeout: 15_000 }),
      )
      .toBe('1');
    expect(await page.getByTestId('video-card').getByRole('heading').textContent()).toBe('LIVE');
    expect(
      await page.evaluate(() => JSON.parse(localStorage.getItem('monitoring') ?? 'null')),
    ).toMatchObject({ monitoring_id: monitoring.id });

    const token = new URLSearchParams(viewUrl.split('?')[1]).get('t')!;
    const camera = await publishFakeCamera(
      token,
      monitoring.liveFeed!.roomId!,
      monitoring.liveFeed!.pin!,
    );
    const video = page.getByTestId('live-video');
    await video.waitFor({ timeout: 20_000 });
    expect(await video.getAttribute('data-camera')).toBe('FRONT');
    await expect
      .poll(async () => (await decodedFrame(page)).width, { timeout: 20_000 })
      .toBeGreaterThan(0);
    const { first, second } = await decodedFrames(page);
    expect(first.width).toBe(640);
    expect(second.time).toBeGreaterThan(first.time);
    await screenshot(page, 'monitoring-view-live');

    await page.getByRole('button', { name: 'Enhance video: Front' }).click();
    await expect.poll(() => enhance.length).toBe(1);

    // The camera leaves the room: its stream is cleared from the view.
    await camera.evaluate(
      () =>
        new Promise<void>((resolve) =>
          (window as unknown as { camera: { destroy: (o: object) => void } }).camera.destroy({
            success: resolve,
          }),
        ),
    );
    await expect.poll(() => video.count(), { timeout: 20_000 }).toBe(0);
    await cameraBrowser!.close();
    cameraBrowser = null;
    await context.close();
  }, 120_000);

  it('End from the view: END, then RECORDED plays the recording', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(viewUrl);
    await page.getByTestId('active-card').getByRole('button', { name: 'End' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End' }).click();
    await page.getByTestId('end-card').waitFor();
    expect(await page.getByTestId('info-card').textContent()).toContain('Duration');
    expect(await page.getByTestId('video-card').getByRole('heading').textContent()).toBe(
      'RECORDED',
    );
    // The recording is converted after the end (janus-pp-rec, ffmpeg): the API says when.
    const liveFeed = () =>
      api<{ liveFeed: { media: unknown[]; recordingsPending: number } }>(
        `/api/assetmonitorings/${monitoring.id}`,
        { token: managerToken },
      ).then((m) => m.liveFeed);
    await expect
      .poll(async () => (await liveFeed()).media.length, { timeout: 180_000, interval: 2000 })
      .toBeGreaterThan(0)
      .catch(async (error: unknown) => {
        throw new Error(`no recording: ${JSON.stringify(await liveFeed())}`, { cause: error });
      });
    const recorded = page.getByTestId('recorded-video').locator('video');
    await recorded.first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('recorded-video').first().getAttribute('data-camera')).toBe(
      'FRONT',
    );
    await screenshot(page, 'monitoring-view-recorded');
    const played = await recorded.first().evaluate(async (v: HTMLVideoElement) => {
      // play() can stay pending while the browser buffers: never wait for it longer than 5 s.
      await Promise.race([v.play().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
      await new Promise((r) => setTimeout(r, 1500));
      return {
        duration: v.duration,
        width: v.videoWidth,
        time: v.currentTime,
        error: v.error?.code ?? null,
      };
    });
    // A MediaError 4 here: the page's Content-Security-Policy refuses blob: media (media-src).
    expect(played.error, 'the recording plays (CSP media-src must allow blob:)').toBeNull();
    expect(played.width).toBeGreaterThan(0);
    expect(played.duration).toBeGreaterThan(0);
    expect(played.time).toBeGreaterThan(0);
    await context.close();
  }, 300_000);

  it("a wrong or forged token shows 'Unable to load'", async () => {
    const { context, page } = await newPage(browser);
    const forged = `eyJhbGciOiJIUzI1NiJ9.${Buffer.from(
      JSON.stringify({ monitoring_id: monitoring.id }),
    ).toString('base64url')}.c2lnbmF0dXJl`;
    for (const t of ['garbage', forged]) {
      await page.goto(`/monitoring?t=${encodeURIComponent(t)}`);
      await page.getByText('Unable to load').waitFor();
    }
    await page.goto('/monitoring');
    await page.getByText('Unable to load').waitFor();
    await context.close();
  });
});
