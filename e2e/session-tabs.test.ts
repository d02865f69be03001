import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkQuiet } from './a11y.js';
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
  let asked = 0;
  const isRefresh = (r: { url(): string }) => r.url().endsWith('/api/refresh');
  const listeners = tabs.map((tab) => {
    const onRequest = (r: { url(): string }) => void (isRefresh(r) && asked++);
    const onResponse = (r: { url(): string; status(): number }) => {
      if (isRefresh(r)) refreshes.push(r.status());
    };
    tab.on('request', onRequest);
    tab.on('response', onResponse);
    return () => {
      tab.off('request', onRequest);
      tab.off('response', onResponse);
    };
  });
  await Promise.all(tabs.map((tab) => tab.goto('/overview')));
  // each tab shows the signed-in shell, or goes to the sign-in page
  await Promise.all(
    tabs.map((tab) =>
      Promise.race([
        tab.getByRole('button', { name: 'User menu' }).getByText(ACCOUNTS.manager.name).waitFor(),
        tab.waitForURL('**/login'),
      ]).catch(() => undefined),
    ),
  );
  // A sign-out would come with the second tab's failed refresh: wait until every refresh asked
  // for has its answer, and both tabs have done what they do with it (no call under way).
  await expect.poll(() => refreshes.length === asked, { timeout: 15_000 }).toBe(true);
  await Promise.all(tabs.map((tab) => networkQuiet(tab)));
  for (const stop of listeners) stop();
  return refreshes;
}

/** Both tabs on the overview, the session stored, and alive on the server (not a revoked family). */
async function signedIn(tabs: Page[]): Promise<boolean> {
  if (tabs.some((tab) => new URL(tab.url()).pathname !== '/overview')) return false;
  const user = await storedUser(tabs[1]!);
  if (!user) return false;
  return api(`/api/users/${user.user_id}`, { token: user.accessToken }).then(
    () => true,
    () => false,
  );
}

/** Runs the tries; a try that signed the tabs out signs in again for the next. */
async function tries(tabs: Page[], check: (refreshes: number[], attempt: number) => void) {
  const outcomes: string[] = [];
  for (let attempt = 1; attempt <= TRIES; attempt++) {
    const refreshes = await loadBothExpired(tabs);
    if (await signedIn(tabs)) {
      outcomes.push('signed in');
      check(refreshes, attempt);
    } else {
      outcomes.push(`signed out (refreshes ${refreshes.join(', ')})`);
      await signIn(tabs[0]!, 'manager');
    }
  }
  // the issue: signed out in 3 of 4 tries; the old code here: 1 of 4 with Web Locks, 2 of 4 without
  expect(outcomes).toEqual(Array(TRIES).fill('signed in'));
}

describe('two tabs that load at once with an expired access token', () => {
  it(`both stay signed in, ${TRIES} tries out of ${TRIES}; the tabs refresh once`, async () => {
    const { context, tabs } = await twoTabs(false);
    // Web Locks: the tab that waited took the other's new tokens
    await tries(tabs, (refreshes, attempt) => expect(refreshes, `try ${attempt}`).toEqual([200]));
    await context.close();
  });

  it('both stay signed in without Web Locks: the server answers the second refresh with the same pair', async () => {
    const { context, tabs } = await twoTabs(true);
    expect(await tabs[0]!.evaluate(() => navigator.locks)).toBeUndefined();
    await tries(tabs, (refreshes, attempt) =>
      expect(
        refreshes.every((status) => status === 200),
        `try ${attempt}: ${refreshes}`,
      ).toBe(true),
    );
    await context.close();
  });
});
