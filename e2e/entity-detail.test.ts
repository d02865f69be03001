import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import {
  type Account,
  api,
  apiToken,
  openAs,
  openBrowser,
  type OpenOptions,
  seedTruckTrip,
  sendRoutePositions,
  ZONE,
} from './fixtures.js';

/**
 * The entity detail screen (spec §2) against a small fleet this file creates through the API:
 * one asset with a device and a driver, and one trip of 35 minutes that ended 5 minutes ago,
 * with a harsh acceleration on the way. It does not depend on the simulator's demo fleet.
 */

const minute = 60_000;

let browser: Browser;
let assetId: number;
let driverId: number;
let assetName: string;
let tripDay: string;

/** Local date YYYY-MM-DD in the fleet's zone. */
const zoneDay = (time: Date) => time.toLocaleDateString('sv-SE', { timeZone: ZONE });

async function seedFleet() {
  const token = await apiToken('manager');
  const [org] = await api<{ id: number; name: string }[]>('/api/organisations', { token });
  const tag = Date.now().toString(36);
  assetName = `E2E truck ${tag}`;
  const end = new Date(Date.now() - 5 * minute);
  const start = new Date(end.getTime() - 35 * minute);
  tripDay = zoneDay(start);
  const truck = await seedTruckTrip(token, org!.id, {
    name: assetName,
    driver: { firstName: 'Eva', lastName: `Tester ${tag}` },
    start,
    minutes: 35,
    stops: true,
    counters: {
      odometer: 1_000_000,
      engineHours: 1000,
      totalFuelUsed: 5000,
      drivingTime: 50_000,
      harshAccelerationCount: 10,
    },
  });
  assetId = truck.assetId;
  driverId = truck.driverId;

  // Positions every 30 s along the same route.
  await sendRoutePositions(truck.device.credential, start);
}

const open = (account: Account, options: OpenOptions = {}) => openAs(browser, account, options);

const tabNames = async (page: Page) => {
  await page.getByRole('tablist').getByRole('tab').first().waitFor();
  return (await page.getByRole('tablist').getByRole('tab').allTextContents()).map((t) => t.trim());
};

async function setPeriod(page: Page, from: string, until: string) {
  const form = page.locator('form:has(input[type=datetime-local])');
  await form.locator('input[type=datetime-local]').nth(0).fill(`${from}T00:00:01`);
  await form.locator('input[type=datetime-local]').nth(1).fill(`${until}T23:59:59`);
  await form.locator('button[type=submit]').click();
}

beforeAll(async () => {
  browser = await openBrowser();
  await seedFleet();
}, 90_000);
afterAll(() => browser?.close());

describe('entity detail', () => {
  it('shows an asset with its tabs; Raw data only for OEM and INTEGRATOR', async () => {
    const manager = await open('manager');
    await manager.page.goto(`/entities/ASSET/${assetId}`);
    await manager.page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    expect(await manager.page.locator('h1 + p').textContent()).toBe('Details');
    expect(await tabNames(manager.page)).toEqual([
      'Calendar',
      'Trips',
      'Driving style',
      'Media',
      'Safety',
      'Monitoring',
      'Heatmap',
    ]);
    // the tabs the other tests do not open; axe checks each when the context closes (a11y.ts)
    for (const tab of ['Driving style', 'Media', 'Monitoring']) {
      await manager.page.getByRole('tab', { name: tab }).click();
      // .first(): the Media panel holds tab panels of its own (Media, Requests)
      await manager.page.getByRole('tabpanel', { name: tab }).first().waitFor();
    }
    await manager.page.goto(`/entities/DRIVER/${driverId}`);
    await manager.page.getByRole('heading', { level: 1, name: /Eva Tester/ }).waitFor();
    await manager.context.close();

    const integrator = await open('integrator');
    await integrator.page.goto(`/entities/ASSET/${assetId}`);
    await integrator.page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    expect(await tabNames(integrator.page)).toContain('Raw data');
    await integrator.page.getByRole('tab', { name: 'Raw data' }).click();
    await setPeriod(integrator.page, tripDay, zoneDay(new Date()));
    const entries = integrator.page.getByTestId('raw-data-entry');
    await entries.first().waitFor();
    // newest first: the trip stop leads
    expect(await entries.first().textContent()).toContain('Trip stop');
    await entries.nth(1).getByRole('button', { name: 'Data' }).click();
    const table = integrator.page.getByTestId('raw-data-table');
    await table.waitFor();
    expect(await table.getByRole('row', { name: /odometer/ }).textContent()).toContain('1034000');
    // 10 per page (spec §9); the harsh acceleration's entry is on a later page.
    expect(await entries.count()).toBe(10);
    const pager = integrator.page.getByRole('navigation', { name: 'Raw data pages' });
    // The page shown stays until the next arrives (aria-busy meanwhile): wait for each page.
    const range = integrator.page.getByTestId('raw-data-total');
    const shown = integrator.page.locator('[data-testid="raw-data-timeline"][aria-busy="false"]');
    for (let page = 1; page < 10; page++) {
      if ((await entries.filter({ hasText: 'Events' }).count()) > 0) break;
      const before = await range.textContent();
      await pager.getByRole('button', { name: 'Next' }).click();
      await expect.poll(() => range.textContent()).not.toBe(before);
      await shown.waitFor();
    }
    const events = entries.filter({ hasText: 'Events' }).first();
    await events.getByRole('button', { name: 'Events' }).click();
    await events.getByText('Harsh acceleration').waitFor();
    await screenshot(integrator.page, 'entity-raw-data-1400');
    await integrator.context.close();
  });

  it('pages the raw data of This year to its last page, the oldest record with its differences (issue 19 §2)', async () => {
    const { context, page } = await open('integrator');
    await page.goto(`/entities/ASSET/${assetId}?tab=rawdata`);
    await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    await page.getByRole('tab', { name: 'Raw data' }).click();
    await page.getByLabel('Period', { exact: true }).selectOption('THIS_YEAR');
    const total = page.getByTestId('raw-data-total');
    await total.waitFor();
    const count = Number(/(\d+) records? in this period/.exec((await total.textContent())!)![1]);
    expect(count).toBeGreaterThan(10);
    await page
      .getByRole('navigation', { name: 'Raw data pages' })
      .getByRole('button', { name: 'Last' })
      .click();
    const last = count - 10 * (Math.ceil(count / 10) - 1);
    await expect.poll(() => total.textContent()).toContain(`${count - last + 1}–${count},`);
    const entries = page.getByTestId('raw-data-entry');
    await expect.poll(() => entries.count()).toBe(last);
    // The oldest record of the period: nothing before it, nothing to differ from but itself.
    const oldest = entries.last();
    expect(await oldest.textContent()).toContain('Trip start');
    await oldest.getByRole('button', { name: 'Data' }).click();
    const odometer = oldest.getByTestId('raw-data-table').getByRole('row', { name: /odometer/ });
    const cells = await odometer.getByRole('cell').allTextContents();
    expect(cells.slice(2)).toEqual(['', '0', '0']);
    await screenshot(page, 'entity-raw-data-last-page');
    await context.close();
  });

  it('shows a calendar day\'s links loading, never "None linked", until they arrive (issue 19 §11)', async () => {
    const { context, page } = await open('manager');
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/assets\/\d+\/driverlinks/, async (route) => {
      await released;
      await route.continue();
    });
    await page.goto(`/entities/ASSET/${assetId}`);
    await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    await setPeriod(page, tripDay, tripDay);
    const links = page
      .locator(`[data-testid=calendar-day][data-day="${tripDay}"]`)
      .getByTestId('calendar-links');
    await links.getByRole('status', { name: 'Loading the links' }).waitFor();
    expect(await links.textContent()).not.toContain('None linked');
    release();
    await links.getByText(/Eva Tester/).waitFor();
    await context.close();
  });

  for (const [width, language] of [
    [1400, 'en'],
    [1000, 'nl'],
    [1000, 'en'],
    [1400, 'nl'],
  ] as const) {
    it(`opens a calendar day in Trips, draws the trip's route and the heatmap (${width} px, ${language})`, async () => {
      const { context, page } = await open('manager', { width, language });
      const en = language === 'en';
      await page.goto(`/entities/ASSET/${assetId}`);
      await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
      await setPeriod(page, tripDay, tripDay);
      const day = page.locator(`[data-testid=calendar-day][data-day="${tripDay}"]`);
      await day.waitFor();
      expect(await day.textContent()).toContain('35.0 km');
      // The driver links come in a call of their own: wait for them, not for time (issue 19 §11).
      await day
        .getByTestId('calendar-links')
        .getByText(/Eva Tester/)
        .waitFor();
      await screenshot(page, `entity-calendar-${width}-${language}`);

      await day.getByRole('button', { name: en ? 'Trips' : 'Ritten' }).click();
      expect(new URL(page.url()).searchParams.get('tab')).toBe('trips');
      expect(await page.locator('#entity-trip-day').inputValue()).toBe(tripDay);
      const trip = page.getByTestId('trip-card').first();
      await trip.waitFor();
      expect(await trip.textContent()).toContain('Eva Tester');

      await trip.getByRole('button', { name: 'Details' }).click();
      await trip
        .getByTestId('trip-events')
        .getByText(en ? 'Harsh acceleration' : 'Hard accelereren')
        .waitFor();
      await screenshot(page, `entity-trip-details-${width}-${language}`);

      await trip.getByRole('button', { name: en ? 'Map' : 'Kaart' }).click();
      await trip.getByTestId('trip-map').locator('canvas').waitFor();
      const route = trip.getByTestId('trip-route-features');
      await expect.poll(() => route.getAttribute('data-count'), { timeout: 15_000 }).toBe('1');
      // start, finish and the harsh acceleration
      expect(await trip.getByTestId('trip-markers-features').getAttribute('data-count')).toBe('3');
      // Drawn: the map is idle (nothing loading or moving), not half a second later.
      await trip.getByTestId('trip-map').locator('[data-map-idle]').waitFor();
      await screenshot(page, `entity-trip-map-${width}-${language}`);

      await page.getByRole('tab', { name: 'Heatmap' }).click();
      await page.getByLabel(en ? 'Harsh acceleration' : 'Hard accelereren').check();
      await page.getByTestId('heatmap-map').locator('canvas').waitFor();
      await expect
        .poll(() => page.getByTestId('heatmap-features').getAttribute('data-count'), {
          timeout: 15_000,
        })
        .toBe('1');
      await page.getByTestId('heatmap-map').locator('[data-map-idle]').waitFor();
      await screenshot(page, `entity-heatmap-${width}-${language}`);
      await context.close();
    });
  }

  it('shows each day once in a browser in UTC: the days are the fleet’s (issue 7 §6)', async () => {
    const { context, page } = await open('manager', { timezoneId: 'UTC' });
    await page.goto(`/entities/ASSET/${assetId}`);
    await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    // This week: today and the days before it, as the fleet counts them.
    await page.getByLabel('Period', { exact: true }).selectOption('THIS_WEEK');
    const cards = page.getByTestId('calendar-day');
    await cards.first().waitFor();
    const days = await cards.evaluateAll((list) => list.map((c) => c.getAttribute('data-day')));
    expect(new Set(days).size).toBe(days.length);
    expect(days.at(-1)).toBe(zoneDay(new Date()));
    // The period filter shows the fleet's midnight, whatever the browser's zone.
    expect(await page.locator('input[type=datetime-local]').nth(1).inputValue()).toBe(
      `${zoneDay(new Date())}T23:59:59`,
    );
    await context.close();
  });

  it('opens Details and Map each on its own; a failed events call shows its error', async () => {
    const { context, page } = await open('manager');
    await page.goto(`/entities/ASSET/${assetId}?tab=trips`);
    await page.locator('#entity-trip-day').fill(tripDay);
    const trip = page.getByTestId('trip-card').first();
    await trip.waitFor();
    await trip.getByRole('button', { name: 'Details' }).click();
    await trip.getByTestId('trip-details').waitFor();
    await trip.getByRole('button', { name: 'Map' }).click();
    await trip.getByTestId('trip-map-panel').waitFor();
    expect(await trip.getByTestId('trip-details').count()).toBe(1);
    await trip.getByRole('button', { name: 'Details' }).click();
    await trip.getByTestId('trip-details').waitFor({ state: 'detached' });
    expect(await trip.getByTestId('trip-map-panel').count()).toBe(1);
    await context.close();

    const failing = await open('manager');
    await failing.page.route('**/api/assets/*/events?*', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ code: 'UNAVAILABLE', message: 'Events are resting' }),
      }),
    );
    await failing.page.goto(`/entities/ASSET/${assetId}?tab=trips`);
    await failing.page.locator('#entity-trip-day').fill(tripDay);
    const card = failing.page.getByTestId('trip-card').first();
    await card.getByRole('button', { name: 'Details' }).click();
    await card
      .getByTestId('events-error')
      .getByText('Events are resting')
      .waitFor({ timeout: 20_000 });
    await failing.context.close();
  });

  it('marks period fields valid, invalid and dirty (spec §5)', async () => {
    const { context, page } = await open('manager');
    await page.goto(`/entities/ASSET/${assetId}`);
    const from = page.locator('input[type=datetime-local]').nth(0);
    await from.waitFor();
    expect(await from.getAttribute('class')).toContain('is-valid');
    expect(await from.getAttribute('class')).not.toContain('is-dirty');
    await from.fill(`${tripDay}T00:00:02`);
    expect(await from.getAttribute('class')).toContain('is-dirty');
    await from.fill('');
    expect(await from.getAttribute('class')).toContain('is-invalid');
    await context.close();
  });
});
