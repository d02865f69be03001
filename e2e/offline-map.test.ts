import path from 'node:path';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, SCREENSHOTS } from './browser.js';
import {
  api,
  apiToken,
  openAs,
  openBrowser,
  seedTruckTrip,
  sendRoutePositions,
  ZONE,
} from './fixtures.js';

/**
 * Maps without a tile server (issue 19 §4): the test server names no MAP_STYLE_URL, so the maps
 * ask OpenStreetMap, which these tests make unreachable (as offline or air-gapped). The maps
 * draw the built-in base map (land, sea, borders) with a notice, and ask the tile server once.
 * Against a truck this file creates: one trip from Utrecht eastwards that ended 5 minutes ago.
 */

const minute = 60_000;
const TILE_HOST = 'tile.openstreetmap.org';
/** The base map's colours (apps/web/src/components/map/base-map.ts). */
const LAND: RGB = [0xf2, 0xef, 0xe9];
const WATER: RGB = [0xaa, 0xd3, 0xdf];
const WHITE: RGB = [0xff, 0xff, 0xff];
type RGB = [number, number, number];

let browser: Browser;
let assetId: number;
let tripDay: string;

const zoneDay = (time: Date) => time.toLocaleDateString('sv-SE', { timeZone: ZONE });

async function seed() {
  const token = await apiToken('manager');
  const [org] = await api<{ id: number }[]>('/api/organisations', { token });
  const end = new Date(Date.now() - 5 * minute);
  const start = new Date(end.getTime() - 35 * minute);
  tripDay = zoneDay(start);
  const truck = await seedTruckTrip(token, org!.id, {
    name: `Offline map truck ${Date.now().toString(36)}`,
    start,
    minutes: 35,
    stops: true,
    counters: {
      odometer: 3_000_000,
      engineHours: 3000,
      totalFuelUsed: 9000,
      drivingTime: 70_000,
      harshAccelerationCount: 30,
    },
  });
  assetId = truck.assetId;
  await sendRoutePositions(truck.device.credential, start);
}

beforeAll(async () => {
  browser = await openBrowser();
  await seed();
}, 90_000);
afterAll(() => browser?.close());

/** Shares of the map's pixels near the land, the sea and white. */
async function colours(map: Locator) {
  const png = await map.locator('canvas').screenshot();
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const near = (i: number, [r, g, b]: RGB) =>
    Math.abs(data[i]! - r) + Math.abs(data[i + 1]! - g) + Math.abs(data[i + 2]! - b) <= 12;
  const count = { land: 0, water: 0, white: 0 };
  for (let i = 0; i < data.length; i += info.channels) {
    if (near(i, LAND)) count.land++;
    else if (near(i, WATER)) count.water++;
    else if (near(i, WHITE)) count.white++;
  }
  const pixels = data.length / info.channels;
  return {
    land: count.land / pixels,
    water: count.water / pixels,
    white: count.white / pixels,
  };
}

/** Signed in as the manager, the tile server unreachable; counts what is asked of it. */
async function offline(): Promise<{ context: BrowserContext; page: Page; asked: string[] }> {
  const { context, page } = await openAs(browser, 'manager');
  const asked: string[] = [];
  await context.route(`https://${TILE_HOST}/**`, (route) => {
    asked.push(route.request().url());
    return route.abort('internetdisconnected');
  });
  return { context, page, asked };
}

async function openTripMap(page: Page): Promise<Locator> {
  await page.goto(`/entities/ASSET/${assetId}?tab=trips`);
  await page.locator('#entity-trip-day').fill(tripDay);
  const trip = page.getByTestId('trip-card').first();
  await trip.getByRole('button', { name: 'Map' }).click();
  const map = trip.getByTestId('trip-map');
  await expect
    .poll(() => trip.getByTestId('trip-route-features').getAttribute('data-count'), {
      timeout: 15_000,
    })
    .toBe('1');
  return map;
}

describe('maps with no tile server', () => {
  it('draw the built-in base map under the trip and the heatmap, with a notice, asking the tile server once', async () => {
    const { context, page, asked } = await offline();
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    const map = await openTripMap(page);
    await map.getByTestId('base-map-notice').waitFor();
    expect(await map.getByTestId('base-map-notice').textContent()).toBe(
      'Detailed map unavailable: showing the built-in base map',
    );
    expect(await map.getAttribute('data-base-map')).toBe('built-in');
    // Utrecht eastwards at street zoom: land under the route, not a white canvas.
    await expect
      .poll(async () => (await colours(map)).land, { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    expect((await colours(map)).white).toBeLessThan(0.05);
    await map.screenshot({ path: path.join(SCREENSHOTS, 'offline-trip-map.png') });
    await screenshot(page, 'offline-trip-map-page');

    // The heatmap starts over the Netherlands at zoom 7: land, the North Sea and borders.
    await page.getByRole('tab', { name: 'Heatmap' }).click();
    await page.getByLabel('Harsh acceleration').check();
    const heatmap = page.getByTestId('heatmap-map');
    await heatmap.getByTestId('base-map-notice').waitFor();
    await expect
      .poll(() => page.getByTestId('heatmap-features').getAttribute('data-count'), {
        timeout: 15_000,
      })
      .toBe('1');
    await expect
      .poll(async () => (await colours(heatmap)).land, { timeout: 15_000 })
      .toBeGreaterThan(0.4);
    const shares = await colours(heatmap);
    expect(shares.water).toBeGreaterThan(0.05);
    expect(shares.white).toBeLessThan(0.05);
    await heatmap.screenshot({ path: path.join(SCREENSHOTS, 'offline-heatmap.png') });
    await screenshot(page, 'offline-heatmap-page');

    // One question to the tile server for the page, not one failed request per tile.
    expect(asked).toHaveLength(1);
    expect(
      errors.filter((text) => /tile|openstreetmap|AJAXError/i.test(text)).length,
    ).toBeLessThanOrEqual(1);
    await context.close();
  });

  it('switches to the base map when the tile server fails after answering', async () => {
    const { context, page } = await openAs(browser, 'manager');
    const png = await sharp({
      create: { width: 256, height: 256, channels: 3, background: '#dddddd' },
    })
      .png()
      .toBuffer();
    let answered = 0;
    let refused = 0;
    // The first tile loads, every one after it fails: a server going down.
    await context.route(`https://${TILE_HOST}/**`, (route) => {
      if (answered === 0) {
        answered++;
        return route.fulfill({ status: 200, contentType: 'image/png', body: png });
      }
      refused++;
      return route.abort('connectionrefused');
    });
    const map = await openTripMap(page);
    await map.getByTestId('base-map-notice').waitFor();
    expect(await map.getAttribute('data-base-map')).toBe('built-in');
    await expect
      .poll(async () => (await colours(map)).land, { timeout: 15_000 })
      .toBeGreaterThan(0.5);
    // The route survives the switch; the tile server is not asked again.
    expect(await map.getByTestId('trip-route-features').getAttribute('data-count')).toBe('1');
    const refusedAtSwitch = refused;
    await page.getByRole('tab', { name: 'Heatmap' }).click();
    await page.getByTestId('heatmap-map').getByTestId('base-map-notice').waitFor();
    expect(refused).toBe(refusedAtSwitch);
    await context.close();
  });
});
