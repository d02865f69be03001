import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import {
  ACCOUNTS,
  api,
  openAs,
  openBrowser,
  PASSWORD,
  seedTruckTrip,
  type OpenOptions,
} from './fixtures.js';

/**
 * The fleet overview and the fleet driving style (spec §2) against trucks this file creates
 * through the API: one that drove from Utrecht and stopped 5 minutes ago (with a harsh
 * acceleration), and one that left Utrecht 20 minutes ago and is still driving. Other tests and
 * the simulator may add more of the fleet; the checks hold whatever else is there.
 */

const minute = 60_000;
let browser: Browser;
const tag = Date.now().toString(36);
const stopped = { name: `E2E stopped ${tag}`, id: 0 };
const driving = { name: `E2E driving ${tag}`, id: 0 };
/** Where both trucks start, and their devices' counters then. */
const ORIGIN = { latitude: 5209100, longitude: 512100 };
const COUNTERS = {
  odometer: 2_000_000,
  engineHours: 2000,
  totalFuelUsed: 8000,
  drivingTime: 80_000,
  harshAccelerationCount: 20,
};

async function seedFleet() {
  const { organisation, username } = ACCOUNTS.manager;
  const { accessToken: token } = await api<{ accessToken: string }>('/api/login', {
    method: 'POST',
    body: JSON.stringify({ organisation, username, password: PASSWORD }),
  });
  const [org] = await api<{ id: number }[]>('/api/organisations', { token });
  const now = Date.now();
  stopped.id = (
    await seedTruckTrip(token, org!.id, {
      name: stopped.name,
      start: new Date(now - 40 * minute),
      minutes: 35,
      stops: true,
      counters: COUNTERS,
      origin: ORIGIN,
    })
  ).assetId;
  driving.id = (
    await seedTruckTrip(token, org!.id, {
      name: driving.name,
      start: new Date(now - 20 * minute),
      minutes: 19,
      stops: false,
      counters: COUNTERS,
      origin: ORIGIN,
    })
  ).assetId;

  // Both trips are computed; wait until the overview lists both with their driving style too.
  for (let i = 0; i < 60; i++) {
    const fleet = await api<{ assetId: number; trip: unknown; drivingStyleData: unknown }[]>(
      `/api/organisations/${org!.id}/assets/fleet`,
      { token },
    );
    const mine = fleet.filter((e) => e.assetId === stopped.id || e.assetId === driving.id);
    if (mine.length === 2 && mine.every((e) => e.drivingStyleData)) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the seeded trips were not computed in 30 s');
}

const open = (options: OpenOptions = {}) => openAs(browser, 'manager', options);

const card = (page: Page, name: string) =>
  page.getByTestId('fleet-card').filter({ has: page.getByRole('link', { name, exact: true }) });

beforeAll(async () => {
  browser = await openBrowser();
  await seedFleet();
}, 90_000);
afterAll(() => browser?.close());

describe('fleet overview', () => {
  it('shows a card per asset, newest data first, with status, trip and last data', async () => {
    const { context, page } = await open();
    await page.getByRole('heading', { level: 1, name: 'Demo Transport' }).waitFor();
    expect(await page.locator('h1 + p').textContent()).toBe('Fleet overview');
    await page.getByTestId('fleet-card').first().waitFor();

    const cards = page.getByTestId('fleet-card');
    expect(await cards.count()).toBeGreaterThanOrEqual(2);
    expect(await cards.count()).toBeLessThanOrEqual(10);
    const times = await page.getByTestId('fleet-last-data').allTextContents();
    for (const time of times) expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect([...times].sort().reverse()).toEqual(times);
    for (const status of await page.getByTestId('fleet-status').allTextContents()) {
      expect(['Driving', 'Stationary']).toContain(status);
    }

    const moving = card(page, driving.name);
    expect(await moving.getByTestId('fleet-status').textContent()).toBe('Driving');
    await moving.getByText('Under way').waitFor();
    await moving.getByText('Utrecht', { exact: true }).waitFor();

    const parked = card(page, stopped.name);
    expect(await parked.getByTestId('fleet-status').textContent()).toBe('Stationary');
    expect(
      await parked.getByRole('link', { name: `Dirk ${stopped.name} driver` }).getAttribute('href'),
    ).toMatch(/^\/entities\/DRIVER\/\d+$/);
    await parked.getByText('Utrecht', { exact: true }).waitFor();
    expect(await parked.getByTestId('fleet-details').count()).toBe(0);
    await screenshot(page, 'fleet-overview-1400');

    await parked.getByRole('button', { name: 'Details' }).click();
    const details = parked.getByTestId('fleet-details');
    await details.waitFor();
    for (const heading of ['Stats', 'Score', 'Events']) {
      await details.getByRole('heading', { name: heading }).waitFor();
    }
    await details.getByText('Harsh acceleration', { exact: true }).first().waitFor();
    await parked.locator('.collapse.show').waitFor(); // the opening animation is over
    expect(await details.getByText(/^\d+\.\d km$/).count()).toBe(1);
    await screenshot(page, 'fleet-overview-details-1400');

    await parked.getByRole('link', { name: stopped.name, exact: true }).click();
    await page.waitForURL(`**/entities/ASSET/${stopped.id}`);
    await context.close();
  });

  it('reads in Dutch, and at 1000 px', async () => {
    const { context, page } = await open({ width: 1000, language: 'nl' });
    await page.getByTestId('fleet-card').first().waitFor();
    await page.locator('h1 + p', { hasText: 'Vlootoverzicht' }).waitFor();
    await page.getByRole('button', { name: 'Vernieuwen' }).waitFor();
    for (const status of await page.getByTestId('fleet-status').allTextContents()) {
      expect(['Rijdend', 'Stilstaand']).toContain(status);
    }
    await card(page, driving.name).getByText('Onderweg').waitFor();
    await screenshot(page, 'fleet-overview-nl-1000');
    await context.close();
  });
});

describe('fleet overview pages (issue 18 §4)', () => {
  it('asks the server for the page it shows; a page past the end shows the last one', async () => {
    const { context, page } = await open();
    await page.getByTestId('fleet-card').first().waitFor();
    const pastEnd = page.waitForResponse((r) =>
      r.url().includes('/assets/fleet?limit=10&offset=9980'),
    );
    await page.goto('/overview?page=999');
    const total = Number((await pastEnd).headers()['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(2);
    const pages = Math.ceil(total / 10);
    const first = (pages - 1) * 10 + 1;
    await page.getByText(`${first}–${total} of ${total} assets`, { exact: true }).waitFor();
    expect(await page.getByTestId('fleet-card').count()).toBe(total - first + 1);
    expect(new URL(page.url()).search).toBe(pages === 1 ? '' : `?page=${pages}`);
    await context.close();
  });
});

describe('the landing of an OEM without assets of its own', () => {
  it('shows the fleet of the organisations below, each card naming its own, and opens one (issue 19 §7)', async () => {
    const { context, page } = await openAs(browser, 'oem');
    const notice = page.getByTestId('fleet-subtree');
    await notice.waitFor();
    expect(await notice.textContent()).toContain(
      'Fleetwise OEM has no assets of its own. Shown here are the assets of the organisations below it',
    );
    expect(await page.getByText('No asset of this organisation has a device yet.').count()).toBe(0);
    const cards = page.getByTestId('fleet-card');
    await cards.first().waitFor();
    const named = (await page.getByTestId('fleet-organisation').allTextContents()).map((text) =>
      text.replace('Organisation: ', ''),
    );
    expect(named).toHaveLength(await cards.count());
    for (const name of named) expect(['Demo Transport', 'Polder Logistics']).toContain(name);
    // Each organisation below with assets can be opened, with its count of cards.
    const open = notice.getByRole('button', { name: /^Open Polder Logistics \(\d+ assets?\)$/ });
    await notice.getByRole('button', { name: /^Open Demo Transport \(\d+ assets?\)$/ }).waitFor();
    await screenshot(page, 'fleet-overview-oem-subtree');

    await open.click();
    await page.getByRole('heading', { level: 1, name: 'Polder Logistics' }).waitFor();
    await cards.first().waitFor();
    expect(await notice.count()).toBe(0);
    expect(await page.getByTestId('fleet-organisation').count()).toBe(0);
    await screenshot(page, 'fleet-overview-oem-opened');
    await context.close();
  });
});

describe('fleet driving style', () => {
  it('ranks assets and drivers by distance and score, with Best and Worst and averages', async () => {
    const { context, page } = await open();
    await page.getByRole('link', { name: 'Fleet driving style' }).click();
    await page.waitForURL('**/drivingstyle');
    await page.locator('h1 + p', { hasText: 'Fleet driving style' }).waitFor();
    const distance = page.getByTestId('ranking-distance');
    const score = page.getByTestId('ranking-score');
    await distance.getByTestId('ranking-entry').first().waitFor();
    await score.getByTestId('ranking-entry').first().waitFor();
    for (const rankingCard of [distance, score]) {
      expect(await rankingCard.getByRole('tab').allTextContents()).toEqual(['Assets', 'Drivers']);
      await rankingCard.getByRole('heading', { level: 3, name: /^Best \d+$/ }).waitFor();
      expect(await rankingCard.getByTestId('ranking-average').textContent()).toMatch(/^Average /);
      expect(
        await rankingCard
          .locator('.progress')
          .first()
          .evaluate((e) => getComputedStyle(e).height),
      ).toBe('3px');
    }
    await distance.getByRole('link', { name: stopped.name, exact: true }).first().waitFor();
    const shown = (section: string) =>
      distance
        .locator(
          `.tab-pane.active [data-testid=ranking-entry][data-section=${section}] .fw-semibold`,
        )
        .allTextContents();
    const km = (await shown('best')).map((v) => Number(v.replace(' km', '')));
    expect([...km].sort((a, b) => b - a)).toEqual(km);
    // Fewer than 100 assets: the list is split in two, each asset once, the worst ranked from the
    // last, and each separator counts its own section (issue 19 §7).
    const worst = (await shown('worst')).map((v) => Number(v.replace(' km', '')));
    expect(worst.length).toBeGreaterThan(0);
    expect([...worst].sort((a, b) => a - b)).toEqual(worst);
    const pane = distance.locator('.tab-pane.active');
    // the names without their ranks
    const names = await pane
      .getByTestId('ranking-entry')
      .evaluateAll((rows) =>
        rows.map((row) => row.querySelector('.text-truncate')!.lastChild!.textContent),
      );
    expect(names.length).toBeLessThan(100);
    expect(new Set(names).size).toBe(names.length);
    expect(await pane.getByRole('heading', { level: 3 }).allTextContents()).toEqual([
      `Best ${km.length}`,
      `Worst ${worst.length}`,
    ]);
    expect(km.length - worst.length).toBeGreaterThanOrEqual(0);
    expect(km.length - worst.length).toBeLessThanOrEqual(1);
    await screenshot(page, 'driving-style-1400');

    // Drivers, and an UNKNOWN entry (if any) is not a link.
    await distance.getByRole('tab', { name: 'Drivers' }).click();
    await distance
      .getByRole('link', { name: `Dirk ${stopped.name} driver` })
      .first()
      .waitFor();
    expect(await distance.getByRole('link', { name: 'UNKNOWN' }).count()).toBe(0);

    await distance
      .getByRole('link', { name: `Dirk ${stopped.name} driver` })
      .first()
      .click();
    await page.waitForURL(/\/entities\/DRIVER\/\d+$/);
    await context.close();
  });

  it('keeps the period filter across screens: presets, Custom on edit, From and Until required', async () => {
    const { context, page } = await open();
    await page.goto('/drivingstyle');
    const filter = page.getByRole('form', { name: 'Period filter' });
    const period = filter.getByLabel('Period');
    const from = filter.getByLabel('From');
    const until = filter.getByLabel('Until');
    expect(await period.inputValue()).toBe('TODAY');
    expect(await from.inputValue()).toMatch(/T00:00:01$/);
    expect(await until.inputValue()).toMatch(/T23:59:59$/);
    expect(await filter.getByLabel('Group').locator('option').first().textContent()).toBe('All');

    await period.selectOption('LAST_WEEK');
    const lastWeek = await from.inputValue();
    expect(new Date(lastWeek).getDay()).toBe(1); // a Monday
    await from.fill(lastWeek.replace('T00:00:01', 'T06:00:00'));
    expect(await period.inputValue()).toBe('CUSTOM');
    await until.fill('');
    expect(await until.getAttribute('class')).toContain('is-invalid');
    await filter.getByText('This field is required').waitFor();
    expect(await filter.getByRole('button', { name: 'Update' }).isDisabled()).toBe(true);
    await period.selectOption('YESTERDAY');
    expect(await until.getAttribute('class')).not.toContain('is-invalid');

    await page.getByRole('link', { name: 'Fleet overview' }).click();
    await page.waitForURL('**/overview');
    await page.getByRole('link', { name: 'Fleet driving style' }).click();
    expect(
      await page.getByRole('form', { name: 'Period filter' }).getByLabel('Period').inputValue(),
    ).toBe('YESTERDAY');
    await page.reload();
    expect(
      await page.getByRole('form', { name: 'Period filter' }).getByLabel('Period').inputValue(),
    ).toBe('YESTERDAY');
    await page
      .getByRole('form', { name: 'Period filter' })
      .getByLabel('Period')
      .selectOption('TODAY');
    await context.close();
  });

  it('reads in Dutch, and at 1000 px', async () => {
    const { context, page } = await open({ width: 1000, language: 'nl' });
    await page.goto('/drivingstyle');
    await page.locator('h1 + p', { hasText: 'Rijstijl van de vloot' }).waitFor();
    const distance = page.getByTestId('ranking-distance');
    await distance.getByTestId('ranking-entry').first().waitFor();
    await distance.getByText('Rijafstand').waitFor();
    await page.getByTestId('ranking-score').getByText('Totaalscore').waitFor();
    await distance.getByRole('heading', { level: 3, name: /^Beste \d+$/ }).waitFor();
    expect(await distance.getByRole('tab').allTextContents()).toEqual(['Voertuigen', 'Chauffeurs']);
    await screenshot(page, 'driving-style-nl-1000');
    await context.close();
  });
});
