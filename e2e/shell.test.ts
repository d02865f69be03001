import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkQuiet } from './a11y.js';
import { screenshot } from './browser.js';
import {
  ACCOUNTS,
  expiredCopy,
  e2e,
  newPage,
  openBrowser,
  signIn,
  storedUser,
  type Account,
} from './fixtures.js';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe('sign-in page', () => {
  it('shows its fields, marks invalid input and explains a failed sign-in', async () => {
    const { context, page } = await newPage(browser);
    await page.goto('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    for (const label of ['Organisation', 'User name', 'Password', 'Remember me']) {
      expect(await page.getByLabel(label).count(), label).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await screenshot(page, 'sign-in-empty');

    await page.getByLabel('User name').fill('manager');
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('This field is required').waitFor();
    expect(await page.getByLabel('Organisation').getAttribute('class')).toContain('is-invalid');
    expect(await page.getByLabel('User name').getAttribute('class')).toContain('is-valid');
    expect(await page.getByLabel('Password').getAttribute('class')).toContain('is-invalid');
    expect(await page.getByText('Enter at least 6 characters').count()).toBe(1);
    await screenshot(page, 'sign-in-validation');

    await page.getByLabel('Organisation').fill('Demo Transport');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'The organisation, user name or password is not correct',
    );
    expect(page.url()).toMatch(/\/login$/);
    expect(await storedUser(page)).toBeNull();
    await screenshot(page, 'sign-in-failed');
    await context.close();
  });

  it('signs in, stores the session under the specified keys and lands on /overview', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    const user = await storedUser(page);
    expect(user).toMatchObject({ user_role: 'USER', organisation_id: user!.user_organisation_id });
    expect(Object.keys(user!).sort()).toEqual(
      [
        'accessToken',
        'organisation_id',
        'refreshToken',
        'user_id',
        'user_organisation_id',
        'user_role',
      ].sort(),
    );
    await page.getByRole('heading', { level: 1, name: 'Demo Transport' }).waitFor();
    // a signed-in user who opens /login is taken to /overview
    await page.goto('/login');
    await page.waitForURL('**/overview');
    await context.close();
  });
});

describe('session guard', () => {
  it('sends a visitor to /login from every screen but /login and /monitoring', async () => {
    const { context, page } = await newPage(browser);
    for (const path of [
      '/overview',
      '/drivingstyle',
      '/management/assets',
      '/oem/admin',
      '/entities/ASSET/1',
    ]) {
      await page.goto(path);
      await page.waitForURL('**/login');
    }
    await page.goto('/monitoring?t=abc');
    await page.waitForLoadState('networkidle');
    expect(new URL(page.url()).pathname).toBe('/monitoring');
    await context.close();
  });
});

/** Sidebar entries by role (spec §2 Sidebar, §6). */
const ALWAYS = [
  'Fleet overview',
  'Fleet driving style',
  'Overview',
  'Assets',
  'Devices',
  'Drivers',
  'Groups',
  'Configuration groups',
  'Users',
];
const RULES: Record<string, Account[]> = {
  Synchronization: ['oem'],
  'Organisation settings': ['oem', 'reseller'],
  Admin: ['oem'],
  'Organisation overview': ['oem'],
  'Failed synchronizations': ['oem'],
};

describe('shell', () => {
  it.each(Object.keys(ACCOUNTS) as Account[])(
    'shows %s the sidebar of its role',
    async (account) => {
      const { context, page } = await newPage(browser);
      await signIn(page, account);
      const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
      // the shell is a lazy chunk: wait for it before reading the menu
      await sidebar.getByRole('link', { name: 'Fleet overview' }).waitFor();
      const entries = (await sidebar.getByRole('link').allTextContents()).map((t) => t.trim());
      for (const entry of ALWAYS) expect(entries, entry).toContain(entry);
      for (const [entry, roles] of Object.entries(RULES)) {
        expect(entries.includes(entry), `${entry} for ${account}`).toBe(roles.includes(account));
      }
      // the name arrives with GET users/{id}
      await page
        .getByRole('button', { name: 'User menu' })
        .getByText(ACCOUNTS[account].name)
        .waitFor();
      if (account === 'oem' || account === 'manager')
        await screenshot(page, `shell-${account}-1400`);
      await context.close();
    },
  );

  it.each(['oem', 'manager'] as Account[])(
    'at 1000 px opens and closes the sidebar for %s',
    async (account) => {
      const { context, page } = await newPage(browser, 1000);
      await signIn(page, account);
      const sidebar = page.getByRole('navigation', { name: 'Sidebar' });
      await page.getByRole('button', { name: 'Toggle sidebar' }).waitFor();
      expect(await sidebar.isVisible()).toBe(false);
      await screenshot(page, `shell-${account}-1000-closed`);
      await page.getByRole('button', { name: 'Toggle sidebar' }).click();
      await sidebar.waitFor({ state: 'visible' });
      await screenshot(page, `shell-${account}-1000-open`);
      await sidebar.getByRole('link', { name: 'Fleet driving style' }).click();
      await page.waitForURL('**/drivingstyle');
      await sidebar.waitFor({ state: 'hidden' });
      await context.close();
    },
  );

  it.each([
    ['oem', 'en'],
    ['manager', 'nl'],
  ] as const)('opens every screen of the sidebar for %s (%s)', async (account, language) => {
    const { context, page } = await newPage(browser);
    await signIn(page, account);
    if (language !== 'en') {
      await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
      await page.reload();
    }
    const sidebar = page.getByRole('navigation', {
      name: language === 'en' ? 'Sidebar' : 'Zijbalk',
    });
    await sidebar.getByRole('link').first().waitFor();
    const hrefs = await sidebar
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.getAttribute('href')!));
    expect(hrefs.length).toBeGreaterThanOrEqual(ALWAYS.length);
    for (const href of new Set(hrefs)) {
      await page.goto(href);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // each screen is checked by axe when the context closes (a11y.ts)
    }
    await context.close();
  });

  it('switches organisation: the picker lists the subtree indented, and switching goes to the overview', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'oem');
    await page.getByRole('link', { name: 'Fleet driving style' }).click();
    await page.waitForURL('**/drivingstyle');
    await page.getByLabel('Organisations').click();
    const options = page.getByRole('listbox', { name: 'Organisation list' }).getByRole('option');
    // The demo's organisations, in order (other browser tests add some of their own).
    const demo = [
      'Fleetwise OEM',
      '> Northline Reseller',
      '>> Demo Transport',
      '>> Polder Logistics',
    ];
    expect(
      (await options.allTextContents()).map((t) => t.trim()).filter((t) => demo.includes(t)),
    ).toEqual(demo);
    await page.getByLabel('Organisations').fill('polder');
    expect(await options.count()).toBe(1);
    // The screen being left asks nothing for the new organisation (issue 7 §6).
    const reports: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/reports/')) reports.push(request.url());
    });
    await options.first().click();
    await page.waitForURL('**/overview');
    await page.getByRole('heading', { level: 1, name: 'Polder Logistics' }).waitFor();
    const user = await storedUser(page);
    expect(user!.organisation_id).not.toBe(user!.user_organisation_id);
    // every call of the switch answered (the push channel's stream stays open: not counted)
    await networkQuiet(page);
    expect(reports).toEqual([]);
    await context.close();
  });

  it('leads /entities to the fleet overview, not to Page not found (spec §2)', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    await page.goto('/entities');
    await page.waitForURL('**/overview');
    await page.getByRole('heading', { level: 1, name: ACCOUNTS.manager.organisation }).waitFor();
    expect(await page.getByText('Page not found').count()).toBe(0);
    await context.close();
  });

  it('logs out: the session ends on the server, the stored user is cleared and the visitor is back at /login', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'reseller');
    const before = await storedUser(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    expect(await storedUser(page)).toBeNull();
    // A copy of the tokens taken before the logout no longer works.
    const refreshed = await fetch(`${e2e().baseUrl}/api/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: before!.refreshToken }),
    });
    expect(refreshed.status).toBe(401);
    const organisations = await fetch(`${e2e().baseUrl}/api/organisations`, {
      headers: { authorization: `Bearer ${before!.accessToken}` },
    });
    expect(organisations.status).toBe(401);
    await page.goto('/overview');
    await page.waitForURL('**/login');
    await context.close();
  });
});

describe('token refresh', () => {
  it('refreshes an expired access token once and carries on', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'integrator');
    const before = (await storedUser(page))!;
    const expired = await expiredCopy(before.accessToken);
    await page.evaluate((token) => {
      const user = JSON.parse(localStorage.getItem('user')!);
      localStorage.setItem('user', JSON.stringify({ ...user, accessToken: token }));
    }, expired);
    const refreshes: number[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('/api/refresh')) refreshes.push(r.status());
    });
    await page.reload();
    // the shell's calls (user, organisations) answer TOKEN_EXPIRED, then succeed after one refresh
    await page
      .getByRole('button', { name: 'User menu' })
      .getByText(ACCOUNTS.integrator.name)
      .waitFor();
    const after = (await storedUser(page))!;
    expect(refreshes).toEqual([200]);
    expect(after.accessToken).not.toBe(expired);
    expect(after.refreshToken).not.toBe(before.refreshToken);
    expect(new URL(page.url()).pathname).toBe('/overview');
    await context.close();
  });

  it('logs out when the refresh fails too', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'driver');
    const expired = await expiredCopy((await storedUser(page))!.accessToken);
    await page.evaluate((token) => {
      const user = JSON.parse(localStorage.getItem('user')!);
      localStorage.setItem(
        'user',
        JSON.stringify({ ...user, accessToken: token, refreshToken: 'spent' }),
      );
    }, expired);
    await page.reload();
    await page.waitForURL('**/login');
    expect(await storedUser(page)).toBeNull();
    await context.close();
  });
});
