import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testJpeg, testMp4 } from '../apps/server/src/test/media-test-files.js';
import { screenshot } from './browser.js';
import {
  type Account,
  api,
  apiToken,
  e2e,
  openAs,
  openBrowser,
  seedTruckTrip,
  sendRoutePositions,
  withZoneOffset,
  ZONE,
} from './fixtures.js';

/**
 * The Media panel and the trip card's media (spec §2, issue 8 §5) against a truck this file
 * creates through the API: one trip of 35 minutes that ended 5 minutes ago with a harsh
 * acceleration, and, at that moment, a JPEG and an MP4 the manager uploaded. It does not depend
 * on the simulator's demo media.
 */

const minute = 60_000;

let browser: Browser;
let token: string;
let assetId: number;
let assetName: string;
let tripDay: string;
let jpeg: Buffer;

const zoneDay = (time: Date) => time.toLocaleDateString('sv-SE', { timeZone: ZONE });

/** POST media/ as the manager: the file for the device's moment. */
async function upload(identifier: string, timestamp: string, data: Buffer, fileName: string) {
  const form = new FormData();
  form.append('identifier', identifier);
  form.append('timestamp', timestamp);
  form.append('mimeType', 'image/jpeg');
  form.append('fileName', fileName);
  form.append('file', new Blob([new Uint8Array(data)]), fileName);
  const response = await fetch(`${e2e().baseUrl}/api/media`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload: ${response.status} ${await response.text()}`);
}

async function seed() {
  token = await apiToken('manager');
  const [org] = await api<{ id: number }[]>('/api/organisations', { token });
  const tag = Date.now().toString(36);
  assetName = `Media truck ${tag}`;
  const end = new Date(Date.now() - 5 * minute);
  const start = new Date(end.getTime() - 35 * minute);
  tripDay = zoneDay(start);
  const truck = await seedTruckTrip(token, org!.id, {
    name: assetName,
    driver: { firstName: 'Mia', lastName: `Media ${tag}` },
    start,
    minutes: 35,
    stops: true,
    counters: {
      odometer: 2_000_000,
      engineHours: 2000,
      totalFuelUsed: 8000,
      drivingTime: 90_000,
      harshAccelerationCount: 20,
    },
  });
  assetId = truck.assetId;
  await sendRoutePositions(truck.device.credential, start);
  // The harsh acceleration's moment (fixtures: 10:20 into the trip).
  const harsh = new Date(start.getTime() + 10 * minute + 20_000).toISOString();
  const identifier = assetName.replace(/\W/g, '-');
  [jpeg] = await Promise.all([testJpeg(640, 360)]);
  await upload(identifier, harsh, jpeg, 'front.jpg');
  await upload(identifier, harsh, await testMp4(3), 'clip.mp4');
}

const open = (account: Account, language: 'en' | 'nl' = 'en') =>
  openAs(browser, account, { language });

/** The period filter from the trip's day to today, so the media of the trip are in it. */
async function showTripPeriod(page: Page) {
  const form = page.locator('form:has(input[type=datetime-local])');
  await form.locator('input[type=datetime-local]').nth(0).fill(`${tripDay}T00:00:01`);
  await form
    .locator('input[type=datetime-local]')
    .nth(1)
    .fill(`${zoneDay(new Date())}T23:59:59`);
  await form.locator('button[type=submit]').click();
}

/** The trip card with its Map list open; its harsh acceleration's row. */
async function openTripMap(page: Page) {
  await page.goto(`/entities/ASSET/${assetId}?tab=trips`);
  await page.locator('#entity-trip-day').fill(tripDay);
  const trip = page.getByTestId('trip-card').first();
  await trip.getByRole('button', { name: /Map|Kaart/ }).click();
  const row = trip
    .getByTestId('trip-map-panel')
    .getByRole('row')
    .filter({ hasText: /Harsh acceleration|Hard accelereren/ });
  await row.waitFor();
  return row;
}

beforeAll(async () => {
  browser = await openBrowser();
  await seed();
}, 90_000);
afterAll(() => browser?.close());

describe('media', () => {
  it('shows the media as thumbnails; a picture and a playing video open in the modal', async () => {
    const { context, page } = await open('manager');
    await page.goto(`/entities/ASSET/${assetId}?tab=media`);
    await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    await showTripPeriod(page);
    const entry = page.getByTestId('media-entry').first();
    await entry.waitFor();
    expect(await entry.textContent()).toContain('Uploaded');
    const thumbnails = entry.getByTestId('media-thumbnail');
    await expect.poll(() => thumbnails.count()).toBe(2);
    expect(await thumbnails.allTextContents()).toEqual([
      expect.stringContaining('Front picture'),
      expect.stringContaining('Front video'),
    ]);
    // Shown from short-lived media links: no access token in any address.
    const image = thumbnails.first().getByRole('img');
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(250);
    const src = (await image.getAttribute('src'))!;
    expect(src).toMatch(/^\/api\/mediafiles\/\d+\/thumbnail\?link=/);
    expect(src).not.toContain(token.split('.')[2]);
    await screenshot(page, 'media-tab');

    await page.getByRole('button', { name: 'Open Front picture' }).click();
    const picture = page.getByRole('dialog').getByTestId('media-picture');
    await expect
      .poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(640);
    expect(await picture.evaluate((img) => [img.clientWidth, img.clientHeight])).toEqual([
      750, 421,
    ]);
    const download = page.getByRole('dialog').getByRole('link', { name: 'Download' });
    const downloaded = await fetch(`${e2e().baseUrl}${await download.getAttribute('href')}`);
    expect(downloaded.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await downloaded.arrayBuffer()).equals(jpeg)).toBe(true);
    await screenshot(page, 'media-modal-picture');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Open Front video' }).click();
    const video = page.getByRole('dialog').getByTestId('video-player');
    await video.waitFor();
    // It plays: its time advances.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    expect(await video.evaluate((v) => v.clientHeight)).toBe(421);
    const rates = page.getByRole('dialog').getByTestId('playback-rate');
    expect(await rates.locator('option').allTextContents()).toEqual(['0.7×', '1×', '1.5×', '2×']);
    await rates.selectOption('1.5');
    expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
    await screenshot(page, 'media-modal-video');
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();

    // The thumbnail's own player has the slower rates too.
    await thumbnails.nth(1).getByRole('button', { name: 'Play here: Front video' }).click();
    const small = thumbnails.nth(1).getByTestId('playback-rate');
    expect(await small.locator('option').allTextContents()).toEqual([
      '0.3×',
      '0.5×',
      '0.7×',
      '1×',
      '1.5×',
      '2×',
    ]);
    await context.close();
  });

  it('shows the media of This year, with no limit on the period (issue 19 §1)', async () => {
    const { context, page } = await open('manager');
    await page.goto(`/entities/ASSET/${assetId}?tab=media`);
    await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    await page.getByLabel('Period', { exact: true }).selectOption('THIS_YEAR');
    const entry = page.getByTestId('media-entry').first();
    await entry.waitFor();
    await expect.poll(() => entry.getByTestId('media-thumbnail').count()).toBe(2);
    expect(await page.getByRole('tabpanel', { name: 'Media' }).first().textContent()).not.toMatch(
      /at most|days at a time/,
    );
    await screenshot(page, 'media-tab-this-year');
    await context.close();
  });

  it('plays a video on a new link when its link has expired', async () => {
    const { context, page } = await open('manager');
    let refused = 0;
    // The video's first file request is answered as an expired link would be.
    await page.route(
      (url) => url.pathname.startsWith('/api/mediafiles/') && !url.pathname.endsWith('/thumbnail'),
      async (route) => {
        if (refused++ > 0) return route.continue();
        await route.fulfill({
          status: 401,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'LINK_EXPIRED', message: 'The media link has expired' }),
        });
      },
    );
    const linkCalls: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/media\/\d+\/links$/.test(new URL(request.url()).pathname))
        linkCalls.push(request.url());
    });
    await page.goto(`/entities/ASSET/${assetId}?tab=media`);
    await showTripPeriod(page);
    await page.getByRole('button', { name: 'Open Front video' }).click();
    const video = page.getByRole('dialog').getByTestId('video-player');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    expect(refused).toBeGreaterThan(1);
    const video1 = linkCalls.filter((url) => url === linkCalls.at(-1));
    expect(video1.length).toBeGreaterThanOrEqual(2);
    await context.close();
  });

  it("uploads through the trip card's File(s) Upload modal, shows the new thumbnail, and deletes it", async () => {
    const { context, page } = await open('manager');
    const row = await openTripMap(page);
    const thumbnails = row.getByTestId('event-media-thumbnail');
    await expect.poll(() => thumbnails.count()).toBe(2);

    await row.getByRole('button', { name: /Upload files for/ }).click();
    const dialog = page.getByRole('dialog', { name: 'File(s) Upload' });
    await dialog.waitFor();
    await dialog.getByTestId('upload-input').setInputFiles({
      name: 'camera.jpg',
      mimeType: 'image/jpeg',
      buffer: await testJpeg(800, 450),
    });
    const name = dialog.getByRole('textbox', { name: 'Name of camera.jpg' });
    expect(await name.inputValue()).toBe('camera.jpg');
    // The name is required (spec §5).
    await name.fill('');
    await dialog.getByRole('button', { name: 'Upload file(s)' }).click();
    await dialog.getByText('A file needs a name').waitFor();
    await name.fill('E2E upload.jpg');
    await screenshot(page, 'media-upload-modal');
    await dialog.getByRole('button', { name: 'Upload file(s)' }).click();
    await dialog.waitFor({ state: 'detached' });
    // The datapoints are asked again a second later: the new thumbnail is there.
    await expect.poll(() => thumbnails.count(), { timeout: 10_000 }).toBe(3);
    await screenshot(page, 'media-trip-events');

    await thumbnails.last().click();
    const modal = page.getByRole('dialog');
    await modal.getByText('E2E upload.jpg').waitFor();
    await modal.getByRole('button', { name: 'Delete' }).click();
    await modal.getByText('Delete this picture for good?').waitFor();
    const mediumCalls: string[] = [];
    page.on('response', (response) => {
      if (/\/api\/media\/\d+(\/links)?$/.test(new URL(response.url()).pathname))
        mediumCalls.push(`${response.request().method()} ${response.status()}`);
    });
    await modal.getByRole('button', { name: 'Yes, delete' }).click();
    await modal.waitFor({ state: 'detached' });
    await expect.poll(() => thumbnails.count(), { timeout: 10_000 }).toBe(2);
    // One clean success message: the deleted medium is not asked for again, so no red
    // "Medium N does not exist" (issue 19 §6).
    // (The upload's own "1 file uploaded." may still be showing on a fast machine.)
    const toasts = page.getByTestId('notification');
    const others = async () =>
      (await toasts.allTextContents()).filter((text) => text !== '1 file uploaded.');
    await expect.poll(others).toEqual(['The picture was deleted.']);
    const deleted = toasts.filter({ hasText: 'The picture was deleted.' });
    expect(await deleted.getAttribute('class')).toContain('bg-success');
    expect(mediumCalls).toEqual(['DELETE 204']);
    await screenshot(page, 'media-trip-deleted');
    await context.close();
  });

  it('validates the media request form and shows a created request in the timeline', async () => {
    const { context, page } = await open('manager');
    await page.goto(`/entities/ASSET/${assetId}?tab=media`);
    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByTestId('media-requests-empty').waitFor();
    await page.getByRole('button', { name: 'Create media request' }).click();
    const form = page.getByTestId('media-request-form');
    // Date and time: now by default.
    const moment = await form.getByLabel('Date and time').inputValue();
    expect(Math.abs(Date.parse(withZoneOffset(moment)) - Date.now())).toBeLessThan(3 * 3600_000);

    await form.getByRole('button', { name: 'Send request' }).click();
    await form.getByText('This field is required').waitFor(); // the media type
    await form.getByLabel('Media type').selectOption('VIDEO');
    await form.getByRole('button', { name: 'Send request' }).click();
    const duration = form.getByLabel('Duration (seconds)');
    expect(await duration.getAttribute('class')).toContain('is-invalid');
    await duration.fill('90');
    await form.getByRole('button', { name: 'Send request' }).click();
    await form.getByText('A video lasts 1 to 60 seconds').waitFor();
    await screenshot(page, 'media-request-invalid');
    expect(await page.getByTestId('media-request').count()).toBe(0);

    await duration.fill('20');
    await form.getByLabel('Rear').check();
    await form.getByRole('button', { name: 'Send request' }).click();
    const request = page.getByTestId('media-request').first();
    await request.waitFor();
    expect(await request.textContent()).toContain('Video of 20 s');
    expect(await request.textContent()).toContain('Front, Rear');
    expect(await request.getByTestId('media-request-state').textContent()).toBe(
      'Waiting for the device',
    );
    await screenshot(page, 'media-requests');
    await context.close();
  });

  it('shows a driver the media in Dutch, without Delete, upload or requesting', async () => {
    const { context, page } = await open('driver', 'nl');
    await page.goto(`/entities/ASSET/${assetId}?tab=media`);
    await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    await showTripPeriod(page);
    const thumbnails = page.getByTestId('media-thumbnail');
    await expect.poll(() => thumbnails.count()).toBe(2);
    expect(await thumbnails.first().textContent()).toContain('Voor: foto');
    await page.getByRole('button', { name: 'Voor: foto openen' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('link', { name: 'Downloaden' }).waitFor();
    expect(await modal.getByRole('button', { name: 'Verwijderen' }).count()).toBe(0);
    await screenshot(page, 'media-modal-driver-nl');
    await modal.getByRole('button', { name: 'Sluiten' }).click();

    await page.getByRole('tab', { name: 'Verzoeken' }).click();
    await page.getByTestId('media-request').first().waitFor();
    expect(await page.getByRole('button', { name: 'Mediaverzoek maken' }).count()).toBe(0);

    const row = await openTripMap(page);
    await expect.poll(() => row.getByTestId('event-media-thumbnail').count()).toBe(2);
    expect(await row.getByRole('button', { name: /uploaden|vragen/ }).count()).toBe(0);
    await context.close();
  });
});

describe('a clip requested from a driving truck', () => {
  it('arrives within a minute and plays (the simulated cameras answer through the device channel)', async () => {
    // A demo truck the simulator keeps driving live: the fleet overview shows it under way.
    const [org] = await api<{ id: number }[]>('/api/organisations', { token });
    const fleet = await api<{ assetId: number; deviceId: number | null; trip: unknown }[]>(
      `/api/organisations/${org!.id}/assets/fleet`,
      { token },
    );
    const driving = fleet.find((entry) => entry.trip && entry.deviceId);
    expect(driving, 'a live-driving demo truck').toBeDefined();
    const { context, page } = await open('manager');
    await page.goto(`/entities/ASSET/${driving!.assetId}?tab=media`);
    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByRole('button', { name: 'Create media request' }).click();
    const form = page.getByTestId('media-request-form');
    await form.getByLabel('Media type').selectOption('VIDEO');
    await form.getByLabel('Duration (seconds)').fill('10');
    // Two minutes ago, in the fleet's zone as the form shows it.
    const twoMinutesAgo = new Date(Date.now() - 2 * minute)
      .toLocaleString('sv-SE', { timeZone: ZONE })
      .replace(' ', 'T')
      .slice(0, 16);
    await form.getByLabel('Date and time').fill(twoMinutesAgo);
    const asked = Date.now();
    const created = page.waitForResponse(
      (r) => r.request().method() === 'POST' && /\/mediarequests$/.test(new URL(r.url()).pathname),
    );
    await form.getByRole('button', { name: 'Send request' }).click();
    // This request, not the first of the list: the portal's own clip requests of the truck's live
    // safety cases join the list while it waits, newest first.
    const { id } = (await (await created).json()) as { id: number };
    const request = page.locator(`[data-testid=media-request][data-request-id="${id}"]`);
    // The request updates by itself: synced, then done.
    await expect
      .poll(() => request.getByTestId('media-request-state').textContent(), { timeout: 60_000 })
      .toBe('Done');
    const arrivedSeconds = (Date.now() - asked) / 1000;
    expect(arrivedSeconds).toBeLessThan(60);
    await request.getByRole('button', { name: 'Availability' }).click();
    const state = request.getByTestId('availability-state');
    await expect.poll(() => state.textContent()).toBe('Available');
    await screenshot(page, 'media-request-arrived');
    await request.getByRole('button', { name: 'Open Front video' }).click();
    const video = page.getByRole('dialog').getByTestId('video-player');
    await video.waitFor();
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(8);
    await screenshot(page, 'media-request-clip-playing');
    console.info(`requested clip available after ${arrivedSeconds.toFixed(1)} s`);
    await context.close();
    // The minute is the clip's (asserted above); signing in and playing it come on top.
  }, 150_000);
});
