import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot as capture } from './browser.js';
import { ACCOUNTS, api, e2e, newPage, openBrowser, PASSWORD, signIn } from './fixtures.js';
import { startSecondServer, type SecondServer } from './second-server.js';

/**
 * Issue 11 §4: the oem mirrors an organisation of a second server of ours. The export key is
 * issued on the second server's own Synchronization screen, the mirror is configured and run on
 * this one's; the copies show in the assets list; with the second server stopped the run fails
 * and is listed on Failed synchronizations with its reason, and a Retry once it is back clears it.
 */

const RUN = Date.now().toString(36).slice(-5);
const MIRROR = `Remote Transport ${RUN}`;
const DUPLICATE = `DUP-${RUN}`;
const REMOTE_ASSETS = [`Remote truck ${RUN} 1`, `Remote truck ${RUN} 2`, `Remote truck ${RUN} 3`];

let browser: Browser;
let remote: SecondServer;
let remoteOrganisation: number;
let mirror: number;
let localToken: string;

type Json = Record<string, unknown>;

async function call<T>(base: string, path: string, token?: string, method = 'GET', body?: Json) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

const signInApi = async (base: string) =>
  (
    await call<{ accessToken: string }>(base, '/api/login', undefined, 'POST', {
      organisation: ACCOUNTS.oem.organisation,
      username: 'oem',
      password: PASSWORD,
    })
  ).accessToken;

const organisationId = async (base: string, token: string, name: string) => {
  const list = await call<{ id: number; name: string }[]>(base, '/api/organisations', token);
  const found = list.find((o) => o.name === name);
  if (!found) throw new Error(`no organisation ${name} on ${base}`);
  return found.id;
};

/** The second server's fleet: three trucks, two drivers, three cameras (one with an identifier this server has already), links. */
async function seedRemote(base: string, token: string, organisation: number) {
  const post = <T>(path: string, body: Json) => call<T>(base, path, token, 'POST', body);
  const assets = [];
  for (const [i, name] of REMOTE_ASSETS.entries())
    assets.push(
      await post<{ id: number }>(`/api/organisations/${organisation}/assets`, {
        name,
        licencePlate: `RT-${i + 1}0-${RUN.slice(0, 2).toUpperCase()}`,
      }),
    );
  const drivers = [];
  for (const lastName of ['Visser', 'Smit'])
    drivers.push(
      await post<{ id: number }>(`/api/organisations/${organisation}/drivers`, {
        firstName: `Remote ${RUN}`,
        lastName,
      }),
    );
  const devices = [];
  for (const identifier of [`RM-${RUN}-1`, `RM-${RUN}-2`, DUPLICATE])
    devices.push(
      await post<{ id: number }>(`/api/organisations/${organisation}/devices`, {
        name: `Camera ${identifier}`,
        identifier,
      }),
    );
  const from = encodeURIComponent(new Date(Date.now() - 86_400_000).toISOString());
  const link = (asset: number, what: string) =>
    call(base, `/api/assets/${asset}/${what}?from=${from}`, token, 'PUT');
  await link(assets[0]!.id, `devices/${devices[0]!.id}`);
  await link(assets[1]!.id, `devices/${devices[1]!.id}`);
  await link(assets[0]!.id, `drivers/${drivers[0]!.id}`);
  await link(assets[2]!.id, `drivers/${drivers[1]!.id}`);
}

/** A screenshot from the top of the page (the top bar stays where the page was scrolled). */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await capture(page, name);
}

/**
 * Leaves the field being edited and waits for the page to settle: leaving it shows or clears its
 * problem, which moves what is below, and a click at the old place would miss.
 */
async function settle(page: Page) {
  await page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
  });
}

/** What the newest run of the Run card says, once it is over. */
async function lastRunEnds(page: Page, status: string) {
  const card = page.getByTestId('last-run');
  await card.getByTestId('sync-status').filter({ hasText: status }).waitFor({ timeout: 30_000 });
  return card;
}

beforeAll(async () => {
  browser = await openBrowser();
  remote = await startSecondServer();
  const remoteToken = await signInApi(remote.url);
  remoteOrganisation = await organisationId(remote.url, remoteToken, 'Demo Transport');
  await seedRemote(remote.url, remoteToken, remoteOrganisation);

  // Here: the organisation that mirrors it.
  const token = await signInApi(e2e().baseUrl);
  localToken = token;
  const reseller = await organisationId(e2e().baseUrl, token, 'Northline Reseller');
  mirror = (
    await api<{ id: number }>(`/api/organisations/${reseller}`, {
      method: 'POST',
      token,
      body: JSON.stringify({ name: MIRROR }),
    })
  ).id;
  // A device made here, in the mirror itself, with an identifier the remote's camera has too.
  await api(`/api/organisations/${mirror}/devices`, {
    method: 'POST',
    token,
    body: JSON.stringify({ name: `Local ${DUPLICATE}`, identifier: DUPLICATE }),
  });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await remote?.remove();
});

describe('synchronisation with a second server', { timeout: 240_000 }, () => {
  let apiKey = '';

  it('issues an export key on the second server’s Synchronization screen, shown once', async () => {
    const context = await browser.newContext({
      viewport: { width: 1400, height: 900 },
      locale: 'en-US',
      baseURL: remote.url,
    });
    const page = await context.newPage();
    await signIn(page, 'oem');
    await page.goto(`/management/synchronization?organisation=${remoteOrganisation}`);
    await page.getByRole('heading', { level: 1, name: 'Synchronization' }).waitFor();
    await page.getByText('Demo Transport', { exact: true }).first().waitFor();
    // Demo Transport mirrors nothing itself: the form to start one.
    await page.getByTestId('not-configured').waitFor();
    const keys = page.getByTestId('api-keys');
    await keys.getByText('No keys issued.').waitFor();

    await keys.getByRole('button', { name: 'Issue a key' }).click();
    await keys.getByText('This field is required').waitFor();
    await keys.getByPlaceholder('e.g. the server that reads it').fill(`Portal ${RUN}`);
    await keys.getByRole('button', { name: 'Issue a key' }).click();
    const dialog = page.getByRole('dialog', { name: /The new API key/ });
    await dialog.getByText('it is shown this once').waitFor();
    apiKey = await dialog.getByLabel('API key').inputValue();
    expect(apiKey).toMatch(/^fwk_\d+_\S{16,}$/);
    await screenshot(page, 'sync-api-key-issued');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = keys.getByTestId('api-key').filter({ hasText: `Portal ${RUN}` });
    await row.getByText('Active').waitFor();
    // The list shows how the key starts, never the key.
    expect(await keys.textContent()).not.toContain(apiKey);
    expect(
      apiKey.startsWith(
        (await row.locator('td.font-monospace').textContent())!.replaceAll('…', ''),
      ),
    ).toBe(true);

    // A spare key, revoked: listed as such, with nothing more to do.
    await keys.getByPlaceholder('e.g. the server that reads it').fill(`Spare ${RUN}`);
    await keys.getByRole('button', { name: 'Issue a key' }).click();
    await dialog.getByRole('button', { name: 'Done' }).click();
    const spare = keys.getByTestId('api-key').filter({ hasText: `Spare ${RUN}` });
    await spare.getByRole('button', { name: `Revoke Spare ${RUN}` }).click();
    const confirm = page.getByRole('dialog', { name: `Revoke the key Spare ${RUN}?` });
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText(`The key Spare ${RUN} was revoked`).waitFor();
    await spare.getByText('Revoked').waitFor();
    expect(await spare.getByRole('button').count()).toBe(0);
    await row.getByText('Active').waitFor();
    await screenshot(page, 'sync-api-keys');
    await context.close();
  });

  it('configures the mirror of a new organisation: the form checks, the remote organisation is picked', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'oem');
    // The organisation chosen in the top bar, then Management → Synchronization.
    await page.getByLabel('Organisations').click();
    await page.getByLabel('Organisations').fill(MIRROR);
    await page
      .getByRole('listbox', { name: 'Organisation list' })
      .getByRole('option')
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: MIRROR }).waitFor();
    await page.getByRole('link', { name: 'Synchronization', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Synchronization' }).waitFor();
    await page.getByTestId('not-configured').waitFor();
    await page.getByText('Save the configuration first').waitFor();
    await screenshot(page, 'sync-not-configured');

    const field = (label: string) => page.getByLabel(label, { exact: true });
    // The contract's rules before anything is sent.
    await field('Server URL').fill('ftp://remote.example');
    await field('API key').fill('short');
    await settle(page);
    await field('Devices').uncheck();
    await field('Interval (minutes)').fill('2');
    await settle(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Enter an http or https address').waitFor();
    await page.getByText('Enter at least 8 characters').waitFor();
    await page
      .getByText('Device links can only be synchronised together with assets and devices')
      .waitFor();
    await page.getByText('Enter a whole number from 5 to 10080').waitFor();
    expect(await field('Server URL').getAttribute('class')).toContain('is-invalid');
    await screenshot(page, 'sync-invalid');

    // An address the pattern lets through and the server refuses: its message at the field.
    await field('Server URL').fill('http://remote.example:99999');
    await field('API key').fill(apiKey);
    await field('Devices').check();
    await field('Interval (minutes)').fill('60');
    await settle(page);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('server is not an address').waitFor();
    expect(await field('Server URL').getAttribute('class')).toContain('is-invalid');

    await field('Server URL').fill(remote.url);
    await settle(page);
    // Runs by hand only for now (a scheduled run is due at once when enabled).
    await field('Scheduled runs').uncheck();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The synchronisation configuration was saved').waitFor();
    await page.getByText('A key is set').waitFor();
    expect(await field('New API key').inputValue()).toBe('');
    // Nothing runs until a remote organisation is chosen.
    const runCard = page.getByTestId('run-card');
    await runCard.getByText('Choose the remote organisations to mirror first').waitFor();
    expect(await runCard.getByRole('button', { name: 'Synchronise now' }).isDisabled()).toBe(true);

    // The remote offers the key's organisation: Demo Transport.
    const offered = page.getByTestId('remote-organisations');
    await offered.getByLabel(/Demo Transport/).check();
    await page.getByRole('button', { name: 'Save selection' }).click();
    await page.getByText('The remote organisations were saved').waitFor();
    await runCard.getByText('Scheduled runs are off.').waitFor();
    expect(await runCard.getByRole('button', { name: 'Synchronise now' }).isEnabled()).toBe(true);
    expect(await offered.getByLabel(/Demo Transport/).isChecked()).toBe(true);
    await page.getByText(`id ${remoteOrganisation}`).waitFor();

    await page.reload();
    await page.getByText('A key is set').waitFor();
    expect(await field('Server URL').inputValue()).toBe(remote.url);
    expect(
      await page
        .getByTestId('remote-organisations')
        .getByLabel(/Demo Transport/)
        .isChecked(),
    ).toBe(true);
    await page.getByText('Not run yet.').waitFor();
    await screenshot(page, 'sync-configured');
    await context.close();
  });

  it('runs it: the progress while it reads, then the counts and the record it could not take', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'oem');
    await page.goto(`/management/synchronization?organisation=${mirror}`);
    await page.getByRole('heading', { level: 1, name: 'Synchronization' }).waitFor();
    await page.getByText(MIRROR).first().waitFor();
    const runCard = page.getByTestId('run-card');
    await runCard.waitFor();

    // A remote that answers nothing for a while: the run is seen running.
    remote.pause();
    try {
      await runCard.getByRole('button', { name: 'Synchronise now' }).click();
      await runCard.getByTestId('sync-progress').waitFor();
      await runCard.getByTestId('sync-status').filter({ hasText: 'Running' }).waitFor();
      await screenshot(page, 'sync-running');
    } finally {
      remote.resume();
    }

    // Three trucks, two drivers, two of the three cameras, two device and two driver links.
    const run = await lastRunEnds(page, 'Partial');
    expect(await run.getByTestId('count-created').textContent()).toBe('11');
    const result = page.getByTestId('sync-result').first();
    await result.getByTestId('sync-status').filter({ hasText: 'Partial' }).waitFor();
    await result.getByRole('button', { name: /Details/ }).click();
    const errors = result.getByTestId('result-errors');
    await errors.getByText(DUPLICATE).waitFor();
    expect(await errors.getByRole('row').count()).toBe(2); // the header and the one camera
    expect(await result.getByRole('table', { name: 'Per kind' }).getByRole('row').count()).toBe(6);
    await screenshot(page, 'sync-result-error-expanded');

    // The copies are in the organisation's lists.
    await page.getByRole('link', { name: 'Assets', exact: true }).click();
    await page.waitForURL('**/management/assets');
    for (const name of REMOTE_ASSETS) await page.getByText(name, { exact: true }).waitFor();
    await screenshot(page, 'sync-mirrored-assets');
    await context.close();
  });

  it('scheduled: switched on, it runs by itself', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'oem');
    await page.goto(`/management/synchronization?organisation=${mirror}`);
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await field('Scheduled runs').check();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('The synchronisation configuration was saved').waitFor();
    // Switched on, a run is due at once: the server's scheduler looks every 10 s.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const results = await api<{ trigger: string; status: string }[]>(
        `/sync-api/organisations/${mirror}/results`,
        { token: localToken },
      );
      const scheduled = results.find((r) => r.trigger === 'SCHEDULED');
      if (scheduled && !['QUEUED', 'RUNNING'].includes(scheduled.status)) break;
      if (Date.now() > deadline) throw new Error('no scheduled run in 60 s');
      await new Promise((r) => setTimeout(r, 1000));
    }
    await page.reload();
    const newest = page.getByTestId('sync-result').first();
    await newest.getByText(/Scheduled/).waitFor();
    // Nothing changed on the remote: read by changes, all unchanged (the camera it refused again).
    await newest.getByTestId('sync-status').filter({ hasText: 'Partial' }).waitFor();
    expect(await newest.getByTestId('count-created').textContent()).toBe('0');
    expect(await newest.getByTestId('count-unchanged').textContent()).toBe('11');
    await page
      .getByTestId('next-run')
      .getByText(/^Next scheduled run: \d{4}-/)
      .waitFor();
    await context.close();
  });

  it('a remote that is down: the run fails with the reason, listed on Failed synchronizations; Retry once it is back', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'oem');
    await page.goto(`/management/synchronization?organisation=${mirror}`);
    const runCard = page.getByTestId('run-card');
    await runCard.getByTestId('sync-status').first().waitFor();

    await remote.stop();
    await runCard.getByRole('button', { name: 'Synchronise now' }).click();
    await lastRunEnds(page, 'Failed');
    const reason = `Cannot reach ${remote.url}: connection refused`;
    await runCard.getByTestId('last-run-reason').filter({ hasText: reason }).waitFor();
    const failedResult = page.getByTestId('sync-result').first();
    await failedResult.getByTestId('result-reason').filter({ hasText: reason }).waitFor();
    await failedResult.getByText(/^Next retry: \d{4}-/).waitFor();
    // The picker says the remote cannot be asked, and still shows what is mirrored.
    await page.getByRole('button', { name: 'Ask again' }).click();
    await page
      .getByTestId('remote-failed')
      .getByText(/could not be asked/)
      .waitFor();
    await screenshot(page, 'sync-failed');
    await context.close();

    // A fresh sign-in views the OEM's own organisation; the list covers its whole subtree.
    const fresh = await newPage(browser);
    const list = fresh.page;
    await signIn(list, 'oem');
    await list.getByRole('link', { name: 'Failed synchronizations' }).click();
    await list.getByRole('heading', { level: 1, name: 'Failed synchronizations' }).waitFor();
    const row = list.getByTestId('failed-synchronization').filter({ hasText: MIRROR });
    await row.getByTestId('failure-reason').filter({ hasText: reason }).waitFor();
    expect(await row.getByTestId('next-retry').textContent()).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    );
    await screenshot(list, 'failed-synchronizations');

    // Retry while it is still down: it runs, and fails again (a later attempt).
    await row.getByRole('button', { name: `Retry ${MIRROR}` }).click();
    await list.getByText(`A run of ${MIRROR} was queued`).waitFor();
    await row.getByTestId('sync-status').filter({ hasText: 'Failed' }).waitFor({ timeout: 30_000 });
    await row.getByText(/attempt [2-9]/).waitFor();

    // The organisation's link: its synchronization, viewed from now on.
    await row.getByRole('link', { name: MIRROR }).click();
    await list.getByRole('heading', { level: 1, name: 'Synchronization' }).waitFor();
    await list.getByText(MIRROR).first().waitFor();
    await lastRunEnds(list, 'Failed');
    expect(new URL(list.url()).search).toBe('');
    await list.goBack();
    await list.getByRole('heading', { level: 1, name: 'Failed synchronizations' }).waitFor();

    // Back up: Retry clears it; the row shows the success until the list is asked again.
    await remote.start();
    await row.getByRole('button', { name: `Retry ${MIRROR}` }).click();
    await row
      .getByTestId('sync-status')
      .filter({ hasText: /Success|Partial/ })
      .waitFor({
        timeout: 30_000,
      });
    await list.reload();
    await list.getByRole('heading', { level: 1, name: 'Failed synchronizations' }).waitFor();
    await list.getByTestId('no-failures').waitFor();
    expect(await list.getByTestId('failed-synchronization').count()).toBe(0);
    await screenshot(list, 'failed-synchronizations-empty');
    await fresh.context.close();
  });

  it('is the OEM’s: another role sees why, and asks the server nothing', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/sync-api/')) asked.push(request.url());
    });
    for (const path of ['/management/synchronization', '/oem/failedsynchronizations']) {
      await page.goto(path);
      await page.getByText('Only OEM users synchronise organisations').waitFor();
    }
    expect(asked).toEqual([]);
    await screenshot(page, 'failed-synchronizations-not-oem');
    await context.close();
  });

  it('in Dutch', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'oem');
    await page.evaluate(() => localStorage.setItem('language', 'nl'));
    await page.goto(`/management/synchronization?organisation=${mirror}`);
    await page.getByRole('heading', { level: 1, name: 'Synchronisatie' }).waitFor();
    await page.getByText('Er is een sleutel ingesteld').waitFor();
    await page.getByTestId('sync-result').first().waitFor();
    await screenshot(page, 'sync-nl');
    await page.goto('/oem/failedsynchronizations');
    await page.getByRole('heading', { level: 1, name: 'Mislukte synchronisaties' }).waitFor();
    await screenshot(page, 'failed-synchronizations-nl');
    await context.close();
  });
});
