import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNTS, api, e2e, expiredCopy, openBrowser, signIn, storedUser } from './fixtures.js';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const TRIES = 4;

/** One browser context (its tabs share local storage), signed in as the manager, with two tabs. */
async function twoTabs(
  withoutWebLocks: boolean,
): Promise<{ context: BrowserContext; tabs: Page[] }> {
  const context = await browser.newContext({ locale: 'en-US', baseURL: e2e().baseUrl });
  // A browser without the Web Locks API: the server's grace alone must keep both tabs in.
  if (withoutWebLocks)
    await context.addInitScript(() =>
      Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined }),
    );
  const first = await context.newPage();
  await signIn(first, 'manager');
  return { context, tabs: [first, await context.newPage()] };
}

/**
 * Expires the stored access token (same claims, signed by the server's secret, in the past),
 * then loads the overview in both tabs at once: both meet TOKEN_EXPIRED and refresh.
 */
async function loadBothExpired(tabs: Page[]): Promise<number[]> {
  // The second tab waits on a blank page, so no call of its own refreshes before the loads.
  await tabs[1]!.goto('about:blank');
  const expired = await expiredCopy((await storedUser(tabs[0]!))!.accessToken);
  await tabs[0]!.evaluate((token) => {
    const user = JSON.parse(localStorage.getItem('user')!);
    localStorage.setItem('user', JSON.stringify({ ...user, accessToken: token }));
  }, expired);
  const refreshes: number[] = [];
  const listeners = tabs.map((tab) => {
    const listener = (r: { url(): string; status(): number }) => {
      if (r.url().endsWith('/api/refresh')) refreshes.push(r.status());
    };
    tab.on('response', listener);
    return () => tab.off('response', listener);
  });
  await Promise.all(tabs.map((tab) => tab.goto('/overview')));
  for (const tab of tabs)
    await tab.getByRole('button', { name: 'User menu' }).getByText(ACCOUNTS.manager.name).waitFor();
  // a sign-out would come with the second tab's failed refresh: give it time to show
  await tabs[0]!.waitForTimeout(1500);
  for (const stop of listeners) stop();
  return refreshes;
}

async function assertSignedIn(tabs: Page[], tries: string) {
  for (const tab of tabs) expect(new URL(tab.url()).pathname, tries).toBe('/overview');
  const user = await storedUser(tabs[1]!);
  expect(user, `${tries}: the stored session`).not.toBeNull();
  // the session lives on the server too: its token is not of a revoked family
  await api('/api/users/' + user!.user_id, { token: user!.accessToken });
}

describe('two tabs that load at once with an expired access token', () => {
  it(`both stay signed in, ${TRIES} tries out of ${TRIES}; the tabs refresh once`, async () => {
    const { context, tabs } = await twoTabs(false);
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      const refreshes = await loadBothExpired(tabs);
      await assertSignedIn(tabs, `try ${attempt}`);
      // Web Locks: the tab that waited took the other's new tokens
      expect(refreshes, `try ${attempt}`).toEqual([200]);
    }
    await context.close();
  });

  it('both stay signed in without Web Locks: the server answers the second refresh with the same pair', async () => {
    const { context, tabs } = await twoTabs(true);
    expect(await tabs[0]!.evaluate(() => navigator.locks)).toBeUndefined();
    for (let attempt = 1; attempt <= TRIES; attempt++) {
      const refreshes = await loadBothExpired(tabs);
      await assertSignedIn(tabs, `try ${attempt}`);
      expect(
        refreshes.every((status) => status === 200),
        `try ${attempt}: ${refreshes}`,
      ).toBe(true);
    }
    await context.close();
  });
});
