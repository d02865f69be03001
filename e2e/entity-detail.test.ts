import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import { ACCOUNTS, e2e, openBrowser, PASSWORD, signIn, type Account } from './fixtures.js';

/**
 * The entity detail screen (spec §2) against a small fleet this file creates through the API:
 * one asset with a device and a driver, and one trip of 35 minutes that ended 5 minutes ago,
 * with a harsh acceleration on the way. It does not depend on the simulator's demo fleet.
 */

// The server cuts days in the fleet's time zone; the browser sits in the same one.
const ZONE = 'Europe/Amsterdam';
const minute = 60_000;

let browser: Browser;
let assetId: number;
let assetName: string;
let tripDay: string;

async function call<T>(path: string, init: RequestInit & { token?: string } = {}): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const response = await fetch(`${e2e().baseUrl}${path}`, { ...init, headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${body}`);
  return (body ? JSON.parse(body) : undefined) as T;
}

/** Local date YYYY-MM-DD in the fleet's zone. */
const zoneDay = (time: Date) => time.toLocaleDateString('sv-SE', { timeZone: ZONE });

async function seedFleet() {
  const { organisation, username } = ACCOUNTS.manager;
  const { accessToken: token } = await call<{ accessToken: string }>('/api/login', {
    method: 'POST',
    body: JSON.stringify({ organisation, username, password: PASSWORD }),
  });
  const [org] = await call<{ id: number; name: string }[]>('/api/organisations', { token });
  const tag = Date.now().toString(36);
  assetName = `E2E truck ${tag}`;
  const asset = await call<{ id: number }>(`/api/organisations/${org!.id}/assets`, {
    method: 'POST',
    token,
    body: JSON.stringify({ name: assetName }),
  });
  assetId = asset.id;
  const driver = await call<{ id: number }>(`/api/organisations/${org!.id}/drivers`, {
    method: 'POST',
    token,
    body: JSON.stringify({ firstName: 'Eva', lastName: `Tester ${tag}` }),
  });
  const device = await call<{ id: number; credential: string }>(
    `/api/organisations/${org!.id}/devices`,
    {
      method: 'POST',
      token,
      body: JSON.stringify({ name: `E2E unit ${tag}`, identifier: `E2E-${tag}` }),
    },
  );
  const end = new Date(Date.now() - 5 * minute);
  const start = new Date(end.getTime() - 35 * minute);
  tripDay = zoneDay(start);
  const linkFrom = encodeURIComponent(new Date(start.getTime() - 60 * minute).toISOString());
  for (const link of [`devices/${device.id}`, `drivers/${driver.id}`]) {
    await call(`/api/assets/${assetId}/${link}?from=${linkFrom}`, { method: 'PUT', token });
  }

  // From Utrecht eastwards, about 1 km a minute.
  const at = (m: number) => ({ latitude: 5209000 + m * 20, longitude: 512000 + m * 1300 });
  const counters = (m: number) => ({
    odometer: 1_000_000 + m * 1000,
    engineHours: 1000 + m / 60,
    totalFuelUsed: 5000 + m * 0.35,
    drivingTime: 50_000 + m * 55,
    idleTime: 9_000 + m * 5,
    harshAccelerationCount: m >= 10 ? 11 : 10,
  });
  const time = (m: number) => new Date(start.getTime() + m * minute).toISOString();
  const records = [
    { timestamp: time(0), transferReason: 'TRIP_START', location: at(0), speed: 0, ...counters(0) },
    ...Array.from({ length: 34 }, (_, i) => ({
      timestamp: time(i + 1),
      transferReason: 'PERIODIC',
      location: at(i + 1),
      speed: 60,
      ...counters(i + 1),
    })),
    {
      timestamp: new Date(start.getTime() + 10 * minute + 20_000).toISOString(),
      transferReason: 'EVENTS',
      location: at(10.3),
      speed: 40,
      events: [{ eventType: 'HARSH_ACCELERATION' }],
      ...counters(10),
    },
    {
      timestamp: time(35),
      transferReason: 'TRIP_STOP',
      location: at(35),
      speed: 0,
      ...counters(35),
    },
  ];
  const send = (path: string, body: unknown) =>
    fetch(`${e2e().baseUrl}/device-api/v1/${path}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${device.credential}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    }).then(async (r) => {
      if (!r.ok) throw new Error(`${path}: ${r.status} ${await r.text()}`);
    });
  await send('records', { records });
  await send('datapoints', {
    datapoints: Array.from({ length: 71 }, (_, i) => ({
      timestamp: new Date(start.getTime() + i * 30_000).toISOString(),
      location: at(i / 2),
      speed: 60,
    })),
  });

  // Trips are computed in the background: wait for this one.
  const window = `from=${encodeURIComponent(time(-10))}&until=${encodeURIComponent(new Date().toISOString())}`;
  for (let i = 0; i < 60; i++) {
    const trips = await call<unknown[]>(`/api/assets/${assetId}/trips?${window}`, { token });
    if (trips.length) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the seeded trip was not computed in 30 s');
}

async function open(account: Account, { width = 1400, language = 'en' } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: 'en-US',
    timezoneId: ZONE,
    baseURL: e2e().baseUrl,
  });
  const page = await context.newPage();
  await signIn(page, account);
  // Let the landing page settle before moving on.
  await page.getByRole('heading', { level: 1, name: ACCOUNTS[account].organisation }).waitFor();
  // The sign-in helper reads English labels; the language choice applies from the next page load.
  if (language === 'nl') await page.evaluate(() => localStorage.setItem('language', 'nl'));
  return { context, page };
}

const tabNames = async (page: Page) =>
  (await page.getByRole('tablist').getByRole('tab').allTextContents()).map((t) => t.trim());

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
      'Monitoring',
      'Heatmap',
    ]);
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
    const events = entries.filter({ hasText: 'Events' }).first();
    await events.getByRole('button', { name: 'Events' }).click();
    await events.getByText('Harsh acceleration').waitFor();
    await screenshot(integrator.page, 'entity-raw-data-1400');
    await integrator.context.close();
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
      expect(await day.textContent()).toContain('Eva Tester');
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
      await page.waitForTimeout(500);
      await screenshot(page, `entity-trip-map-${width}-${language}`);

      await page.getByRole('tab', { name: 'Heatmap' }).click();
      await page.getByLabel(en ? 'Harsh acceleration' : 'Hard accelereren').check();
      await page.getByTestId('heatmap-map').locator('canvas').waitFor();
      await expect
        .poll(() => page.getByTestId('heatmap-features').getAttribute('data-count'), {
          timeout: 15_000,
        })
        .toBe('1');
      await page.waitForTimeout(500);
      await screenshot(page, `entity-heatmap-${width}-${language}`);
      await context.close();
    });
  }
});
