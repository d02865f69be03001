import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import { ACCOUNTS, api, apiToken, newPage, openAs, openBrowser, PASSWORD } from './fixtures.js';

/** Issue 19 §8: navigation keeps your place. Waits for what the screens show, never for time. */
let browser: Browser;
/** Where the fleet overview is scrolled to before a detail screen opens (issue 19 §8). */
const SCROLLED = 700;
let assetId: number;
let assetName: string;

beforeAll(async () => {
  browser = await openBrowser();
  const token = await apiToken('manager');
  const [organisation] = await api<{ id: number }[]>('/api/organisations', { token });
  const assets = await api<{ id: number; name: string }[]>(
    `/api/organisations/${organisation!.id}/assets`,
    { token },
  );
  ({ id: assetId, name: assetName } = assets[0]!);
}, 60_000);
afterAll(() => browser?.close());

describe('navigation keeps your place', () => {
  it('a deep link opened while signed out leads there after sign-in', async () => {
    const { context, page } = await newPage(browser);
    const target = `/entities/ASSET/${assetId}?tab=media`;
    await page.goto(target);
    await page.waitForURL('**/login');
    const { organisation, username } = ACCOUNTS.manager;
    await page.getByLabel('Organisation').fill(organisation);
    await page.getByLabel('User name').fill(username);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(target);
    await context.close();
  });

  it('Back from a detail screen returns to the saved scroll position once the data is shown', async () => {
    // 900 px wide: one card per row, so ten cards are far longer than 700 px + the window.
    const { context, page } = await openAs(browser, 'manager', { width: 900 });
    const cards = page.getByTestId('fleet-card');
    await cards.nth(9).waitFor();
    await page.evaluate((top) => window.scrollTo({ top, behavior: 'instant' }), SCROLLED);
    expect(await page.evaluate(() => window.scrollY)).toBe(SCROLLED);
    // The asset link of a card in view there: clicking it scrolls nothing.
    const shown = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="fleet-card"] .card-header a')).findIndex(
        (link) => {
          const { top, bottom } = link.getBoundingClientRect();
          return top > 100 && bottom < window.innerHeight - 100;
        },
      ),
    );
    expect(shown).toBeGreaterThanOrEqual(0);
    const link = cards.nth(shown).locator('.card-header a');
    const name = (await link.textContent())!;
    await link.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    // A reload on the detail screen drops the list's data: Back shows the overview before its
    // cards arrive (the 190 px instead of 700). The fleet call is held until it does.
    await page.reload();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname.endsWith('/assets/fleet'),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: ACCOUNTS.manager.organisation }).waitFor();
    await page.getByRole('status').first().waitFor();
    expect(await cards.count()).toBe(0);
    release();
    await cards.nth(9).waitFor();
    await expect
      .poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 })
      .toSatisfy((y: number) => Math.abs(y - SCROLLED) <= 2);
    await context.close();
  });

  it('management lists link names to details, offer Edit and Delete only where allowed, name the organisation', async () => {
    const { context, page } = await openAs(browser, 'manager');
    await page.goto('/management/assets');
    await page.locator('h1 + p', { hasText: 'Demo Transport' }).waitFor();
    const name = page.getByRole('cell').getByRole('link', { name: assetName, exact: true });
    await page.getByRole('searchbox').fill(assetName);
    await name.waitFor();
    expect(await name.getAttribute('href')).toBe(`/entities/ASSET/${assetId}`);

    await page.goto('/management/users');
    await page.getByRole('cell', { name: ACCOUNTS.driver.name, exact: true }).waitFor();
    const deletes = (who: string) => page.getByRole('button', { name: `Delete: ${who}` }).count();
    expect(await deletes(ACCOUNTS.driver.name)).toBe(1);
    // Own account, and INTEGRATOR (raw data, a role a USER may not grant): the server refuses.
    expect(await deletes(ACCOUNTS.manager.name)).toBe(0);
    expect(await deletes(ACCOUNTS.integrator.name)).toBe(0);
    // Edit likewise: not on INTEGRATOR; on one's own account it is (name and password).
    const edits = (who: string) => page.getByRole('link', { name: `Edit: ${who}` }).count();
    expect(await edits(ACCOUNTS.driver.name)).toBe(1);
    expect(await edits(ACCOUNTS.manager.name)).toBe(1);
    expect(await edits(ACCOUNTS.integrator.name)).toBe(0);
    await screenshot(page, 'management-users-delete');

    await page.goto('/management/overview');
    await page.locator('h1 + p', { hasText: 'Demo Transport' }).waitFor();
    await page.goto('/management/organisationsettings');
    await page.locator('h1 + p', { hasText: 'Demo Transport' }).waitFor();
    await context.close();
  });

  it('entity-interval shows the driving style per day, week or month', async () => {
    const { context, page } = await openAs(browser, 'manager');
    await page.goto(`/entities/ASSET/${assetId}/interval`);
    await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    await page.locator('h1 + p', { hasText: 'Driving style per interval' }).waitFor();
    const answered = page
      .getByTestId('entity-intervals')
      .or(page.getByText('Nothing in this period.'));
    await answered.waitFor();
    await page.getByRole('button', { name: 'Week' }).click();
    // the choice goes through the address (setParams): awaited, not read at once
    await page.getByRole('button', { name: 'Week', pressed: true }).waitFor();
    await answered.waitFor();
    expect(await page.getByText('This screen is not available yet').count()).toBe(0);
    await screenshot(page, 'entity-interval-week');
    await context.close();
  });
});
