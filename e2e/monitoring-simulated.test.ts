import { mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import { ACCOUNTS, api, e2e, newPage, openAs, openBrowser, PASSWORD } from './fixtures.js';

/**
 * Live monitoring of a simulated demo truck (issue 9 §6, §8): the manager asks a truck the
 * simulator keeps driving for a monitoring with two cameras from its Monitoring tab; the
 * simulator's camera unit takes the command from the device channel, starts the monitoring and
 * publishes each camera (ffmpeg → werift → Janus); the control room opens the view through the
 * token link alone and sees all five cameras live at once, with their pictures changing (the simulated
 * cameras draw a running clock); End; RECORDED plays what Janus recorded.
 */

let browser: Browser;
let token: string;
let truck: { assetId: number; assetName: string };
let monitoringId: number;
let viewUrl: string;

/** The cameras asked for: the form's labels and the names the truck publishes them under. */
const CAMERAS = [
  { label: 'Front', name: 'FRONT' },
  { label: 'Rear', name: 'REAR' },
  { label: 'Left', name: 'LEFT' },
  { label: 'Right', name: 'RIGHT' },
  { label: 'Driver', name: 'DRIVER' },
];
/** Where people look at the control room's picture (issue 19 §5); e2e/screenshots is for tests. */
const SHOTS = path.join(
  process.env.SHOTS_DIR ?? path.join(os.tmpdir(), 'fleet-shots'),
  'controlroom',
);

type FleetEntry = {
  assetId: number;
  assetName: string;
  deviceId: number | null;
  trip: unknown;
  speed: number | null;
};
type Device = { identifier: string; online: boolean };

/**
 * A demo truck the simulator drives live (its unit polls the device channel), not a test's own:
 * one under way and moving, so its cameras show a speed and the map a route. Right after the
 * server's start the live trucks are still before their first trip, or idling at its start:
 * wait for one; after 45 s, one with a trip under way will do.
 */
async function liveDemoTruck(): Promise<{ assetId: number; assetName: string }> {
  const [org] = await api<{ id: number }[]>('/api/organisations', { token });
  const started = Date.now();
  for (;;) {
    const fleet = await api<FleetEntry[]>(`/api/organisations/${org!.id}/assets/fleet`, { token });
    const moving = Date.now() - started < 45_000;
    for (const entry of fleet.filter((e) => e.trip && e.deviceId && (!moving || e.speed))) {
      const device = await api<Device>(`/api/devices/${entry.deviceId}`, { token });
      // The simulator's demo devices are FW-…; a test's trucks are named after the test.
      if (!device.identifier.startsWith('FW-') || !device.online) continue;
      const active = await fetch(
        `${e2e().baseUrl}/api/assets/${entry.assetId}/assetmonitorings/active`,
        { headers: { Authorization: `Bearer ${token}` } },
      );
      if (active.status === 404) return { assetId: entry.assetId, assetName: entry.assetName };
    }
    if (Date.now() - started > 150_000)
      throw new Error('no live-driving demo truck without a monitoring in 150 s');
    await new Promise((resolve) => setTimeout(resolve, 2000));
  }
}

/** Each live video's decoded size and time, and a fingerprint of its picture (a canvas copy). */
function frames(videos: Locator) {
  return videos.evaluateAll((elements: HTMLVideoElement[]) =>
    elements.map((video) => {
      const canvas = document.createElement('canvas');
      canvas.width = 160;
      canvas.height = 120;
      const context = canvas.getContext('2d', { willReadFrequently: true })!;
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
      let hash = 0;
      let lit = 0;
      for (let i = 0; i < pixels.length; i += 4) {
        hash = (Math.imul(hash, 31) + pixels[i]! + pixels[i + 1]! * 7 + pixels[i + 2]! * 13) | 0;
        if (pixels[i]! + pixels[i + 1]! + pixels[i + 2]! > 60) lit++;
      }
      return {
        width: video.videoWidth,
        height: video.videoHeight,
        time: video.currentTime,
        hash,
        /** share of pixels that are not black: a decoded test pattern, not an empty element */
        lit: lit / (pixels.length / 4),
      };
    }),
  );
}

beforeAll(async () => {
  const { organisation, username } = ACCOUNTS.manager;
  ({ accessToken: token } = await api<{ accessToken: string }>('/api/login', {
    method: 'POST',
    body: JSON.stringify({ organisation, username, password: PASSWORD }),
  }));
  truck = await liveDemoTruck();
  browser = await openBrowser();
}, 180_000);

afterAll(async () => {
  // Never leave the demo truck publishing: end what this file started if a test stopped early.
  if (monitoringId)
    await api(`/api/assetmonitorings/${monitoringId}/end`, { method: 'PUT', token }).catch(
      () => undefined,
    );
  await browser?.close();
});

describe('live monitoring of a simulated demo truck', () => {
  it('the manager asks a driving demo truck; its unit starts the monitoring', async () => {
    const { context, page } = await openAs(browser, 'manager');
    await page.goto(`/entities/ASSET/${truck.assetId}?tab=monitoring`);
    await page.getByTestId('monitoring-panel').waitFor();
    await page.getByRole('tab', { name: 'Requests' }).click();
    const create = page.getByTestId('create-request');
    await expect.poll(() => create.isEnabled()).toBe(true);
    await create.click();
    const form = page.getByRole('form', { name: 'Create asset monitoring request' });
    await form.getByLabel('Tracing frequency (seconds)').fill('2');
    for (const camera of CAMERAS) await form.getByLabel(camera.label, { exact: true }).check();
    await screenshot(page, 'simulated-monitoring-request-form');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.waitFor({ state: 'detached' });

    // The unit long-polls the device channel: it takes the request and starts at once.
    const entry = page.getByTestId('monitoring-request').first();
    await expect
      .poll(() => entry.getByTestId('request-status').textContent(), { timeout: 30_000 })
      .toMatch(/active/);
    await page.getByRole('tab', { name: 'Monitoring', exact: true }).last().click();
    const card = page.getByTestId('monitoring-card').first();
    await card.getByTestId('monitoring-active').waitFor();
    viewUrl = (await card.getByRole('link', { name: /Monitoring view/ }).getAttribute('href'))!;
    expect(viewUrl).toMatch(/^\/monitoring\?t=/);
    const active = await api<{ id: number; liveFeed: { available: boolean } | null }>(
      `/api/assets/${truck.assetId}/assetmonitorings/active`,
      { token },
    );
    monitoringId = active.id;
    expect(active.liveFeed?.available, 'the server runs Janus').toBe(true);
    await screenshot(page, 'simulated-monitoring-panel');
    await context.close();
  }, 90_000);

  it('the token link alone shows all five cameras live, their pictures changing', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(viewUrl);
    await page.getByTestId('info-card').getByText(truck.assetName).waitFor();
    expect(await page.getByTestId('video-card').getByRole('heading').textContent()).toBe('LIVE');
    // The truck traces every 2 s: its route is on the map, and its points keep coming.
    await expect
      .poll(() => page.getByTestId('monitoring-route-features').getAttribute('data-count'), {
        timeout: 20_000,
      })
      .toBe('1');
    const points = () => page.getByTestId('map-card').locator('.badge').textContent().then(Number);
    const pointsBefore = await points();

    const streams = page.getByTestId('live-video');
    // The unit publishes each camera in the background (Janus session, ICE, ffmpeg).
    await expect.poll(() => streams.count(), { timeout: 45_000 }).toBe(CAMERAS.length);
    expect((await streams.evaluateAll((s) => s.map((e) => e.dataset.camera))).sort()).toEqual(
      CAMERAS.map((c) => c.name).sort(),
    );
    const videos = page.getByTestId('live-video').locator('video');
    // A viewer waits for the next keyframe (one a second), longer on a loaded machine.
    await expect
      .poll(async () => (await frames(videos)).every((f) => f.width > 0), { timeout: 30_000 })
      .toBe(true);
    const first = await frames(videos);
    // Read again once every video has moved on and drawn another picture: waits for the
    // videos, not for a set time.
    let second = first;
    await expect
      .poll(
        async () => {
          second = await frames(videos);
          return second.every((f, i) => f.time > first[i]!.time && f.hash !== first[i]!.hash);
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    for (const [i, before] of first.entries()) {
      const after = second[i]!;
      expect([before.width, before.height]).toEqual([640, 480]);
      expect(after.time, 'the video plays on').toBeGreaterThan(before.time);
      expect(before.lit, 'a picture, not black').toBeGreaterThan(0.3);
      expect(after.hash, 'the picture changes (the camera draws a running clock)').not.toBe(
        before.hash,
      );
    }
    await expect.poll(points, { timeout: 15_000 }).toBeGreaterThan(pointsBefore);
    await screenshot(page, 'simulated-monitoring-view-live');
    await context.close();
  }, 120_000);

  it('at 1920x1080 the control room sees five cameras without scrolling, each enlargeable', async () => {
    const context = await browser.newContext({
      viewport: { width: 1920, height: 1080 },
      locale: 'en-US',
      baseURL: e2e().baseUrl,
    });
    const page = await context.newPage();
    await page.goto(viewUrl);
    const tiles = page.getByTestId('live-video');
    await expect.poll(() => tiles.count(), { timeout: 45_000 }).toBe(CAMERAS.length);
    await expect
      .poll(async () => (await frames(tiles.locator('video'))).every((f) => f.width > 0), {
        timeout: 30_000,
      })
      .toBe(true);
    const page_ = () =>
      page.evaluate(() => ({
        scrollHeight: document.scrollingElement!.scrollHeight,
        viewport: window.innerHeight,
      }));
    const { scrollHeight, viewport } = await page_();
    expect(scrollHeight, 'no page scroll').toBeLessThanOrEqual(viewport);
    const boxes = await tiles.locator('video').evaluateAll((videos) =>
      videos.map((v) => {
        const box = v.getBoundingClientRect();
        return { width: box.width, height: box.height, bottom: box.bottom };
      }),
    );
    for (const box of boxes) {
      expect(box.width, 'each feed is readable').toBeGreaterThanOrEqual(400);
      expect(box.bottom, 'each feed is on the screen').toBeLessThanOrEqual(viewport);
    }
    // The picture people look at: the map drawn too (its base map, the route and the truck).
    await page.getByTestId('monitoring-map').locator('[data-map-idle]').waitFor();
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'five-cameras-1920.png') });
    await screenshot(page, 'simulated-monitoring-view-five-cameras');

    // Enlarge one feed with the keyboard; Escape shows all again.
    const driver = tiles.and(page.locator('[data-camera="DRIVER"]'));
    await driver.getByRole('button', { name: 'Enlarge DRIVER' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => tiles.filter({ visible: true }).count()).toBe(1);
    const large = await driver.locator('video').boundingBox();
    expect(large!.width, 'the enlarged feed takes the card').toBeGreaterThan(1000);
    expect((await page_()).scrollHeight).toBeLessThanOrEqual(viewport);
    await page.screenshot({ path: path.join(SHOTS, 'one-camera-enlarged-1920.png') });
    await page.keyboard.press('Escape');
    await expect.poll(() => tiles.filter({ visible: true }).count()).toBe(CAMERAS.length);
    // …and the button back does the same.
    await driver.getByRole('button', { name: 'Enlarge DRIVER' }).click();
    await driver.getByRole('button', { name: 'Show all cameras' }).click();
    await expect.poll(() => tiles.filter({ visible: true }).count()).toBe(CAMERAS.length);
    await context.close();
  }, 120_000);

  it('the map follows the driving truck; a drag stops it, "Follow the vehicle" brings it back', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(viewUrl);
    const map = page.getByTestId('map-card');
    const follow = map.getByTestId('monitoring-map-follow');
    const state = async () => ({
      following: await follow.getAttribute('data-following'),
      fits: await follow.getAttribute('data-fits'),
    });
    const points = () => map.locator('.badge').textContent().then(Number);
    // Following: the whole route and the latest position are in view, and stay so as the
    // truck's points keep coming (every 2 s).
    await expect.poll(state, { timeout: 20_000 }).toEqual({ following: 'true', fits: 'true' });
    const before = await points();
    await expect.poll(points, { timeout: 20_000 }).toBeGreaterThan(before + 1);
    await expect.poll(state, { timeout: 5_000 }).toEqual({ following: 'true', fits: 'true' });
    await screenshot(page, 'simulated-monitoring-map-following');

    // The user drags the map far away: it stays there, a new point does not move it back.
    const canvas = map.locator('canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    // Inside the map, clear of its zoom buttons (top right) and attribution (bottom right).
    for (let i = 0; i < 3; i++) {
      await page.mouse.move(box.x + box.width * 0.7, box.y + box.height * 0.7);
      await page.mouse.down();
      await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.15, { steps: 8 });
      await page.mouse.up();
    }
    await expect.poll(state).toEqual({ following: 'false', fits: 'false' });
    const button = map.getByRole('button', { name: 'Follow the vehicle' });
    await button.waitFor();
    const dragged = await points();
    await expect.poll(points, { timeout: 20_000 }).toBeGreaterThan(dragged);
    expect(await state()).toEqual({ following: 'false', fits: 'false' });
    await screenshot(page, 'simulated-monitoring-map-moved');

    // Asked to follow again, the map shows the whole route at once.
    await button.click();
    await expect.poll(state, { timeout: 5_000 }).toEqual({ following: 'true', fits: 'true' });
    expect(await button.count()).toBe(0);
    await context.close();
  }, 90_000);

  it('End in the view; RECORDED plays what each camera sent', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(viewUrl);
    await page.getByTestId('active-card').getByRole('button', { name: 'End' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'End' }).click();
    await page.getByTestId('end-card').waitFor();
    expect(await page.getByTestId('video-card').getByRole('heading').textContent()).toBe(
      'RECORDED',
    );
    // The recordings become media after the end (janus-pp-rec, then ffmpeg to H.264).
    const liveFeed = () =>
      api<{ liveFeed: { media: unknown[]; recordingsPending: number } }>(
        `/api/assetmonitorings/${monitoringId}`,
        { token },
      ).then((m) => m.liveFeed);
    await expect
      .poll(async () => (await liveFeed()).media.length, { timeout: 90_000, interval: 2000 })
      .toBe(CAMERAS.length)
      .catch(async (error: unknown) => {
        throw new Error(`recordings: ${JSON.stringify(await liveFeed())}`, { cause: error });
      });
    const recorded = page.getByTestId('recorded-video');
    await expect
      .poll(() => recorded.locator('video').count(), { timeout: 30_000 })
      .toBe(CAMERAS.length);
    expect(
      (await recorded.evaluateAll((r) => r.map((e) => (e as HTMLElement).dataset.camera))).sort(),
    ).toEqual(CAMERAS.map((c) => c.name).sort());
    // Each camera's recording plays.
    const played = await recorded.locator('video').evaluateAll((videos: HTMLVideoElement[]) =>
      Promise.all(
        videos.map(async (v) => {
          // play() can stay pending while the browser buffers: never wait for it longer than 5 s.
          await Promise.race([v.play().catch(() => {}), new Promise((r) => setTimeout(r, 5000))]);
          await new Promise((r) => setTimeout(r, 1500));
          v.pause();
          return { width: v.videoWidth, duration: v.duration, time: v.currentTime, error: v.error };
        }),
      ),
    );
    for (const video of played) {
      expect(video.error).toBeNull();
      expect(video.width).toBe(640);
      expect(video.duration).toBeGreaterThan(1);
      expect(video.time).toBeGreaterThan(0);
    }
    await screenshot(page, 'simulated-monitoring-view-recorded');
    monitoringId = 0; // ended: nothing for afterAll to end
    await context.close();
  }, 180_000);
});
