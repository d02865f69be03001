import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import { ACCOUNTS, api, apiToken, newPage, openAs, openBrowser, PASSWORD } from './fixtures.js';

/** Issue 19 §8: navigation keeps your place. Waits for what the screens show, never for time. */
let browser: Browser;
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

  it('management lists link names to details, offer Delete only where allowed, name the organisation', async () => {
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
    expect(await page.getByRole('button', { name: 'Week' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await answered.waitFor();
    expect(await page.getByText('This screen is not available yet').count()).toBe(0);
    await screenshot(page, 'entity-interval-week');
    await context.close();
  });
});
