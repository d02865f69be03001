import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot, SCREENSHOTS } from './browser.js';
import {
  ACCOUNTS,
  api,
  e2e,
  newPage,
  openBrowser,
  PASSWORD,
  signIn,
  withZoneOffset,
} from './fixtures.js';

/**
 * The OEM section as the oem user (issue 11 §1, §2): the organisation overview (create under
 * Northline Reseller, rename, move, delete with the typed name) and the admin page (re-process a
 * day of one asset and watch the bar reach the end, query points on the map, driver links,
 * deleting an organisation's data). Only organisations this run creates are deleted: the other
 * browser tests share the server.
 */

/** Names unique to this run, so a rerun against the same server finds only its own records. */
const RUN = Date.now().toString(36).slice(-5);

let browser: Browser;
let token: string;
let ids: Record<string, number>;

beforeAll(async () => {
  browser = await openBrowser();
  const { organisation, username } = ACCOUNTS.oem;
  ({ accessToken: token } = await api<{ accessToken: string }>('/api/login', {
    method: 'POST',
    body: JSON.stringify({ organisation, username, password: PASSWORD }),
  }));
  const organisations = await api<{ id: number; name: string }[]>('/api/organisations', { token });
  ids = Object.fromEntries(organisations.map((o) => [o.name, o.id]));
});
afterAll(() => browser?.close());

const createOrganisation = (name: string, parent: string) =>
  api<{ id: number; name: string }>(`/api/organisations/${ids[parent]}`, {
    method: 'POST',
    token,
    body: JSON.stringify({ name }),
  });

/** Deletes an organisation of this run through the API (the answer is the deletion's progress lines). */
async function deleteOrganisation(id: number, name: string) {
  const response = await fetch(
    `${e2e().baseUrl}/api/organisations/${id}?confirm=${encodeURIComponent(name)}`,
    { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } },
  );
  const lines = (await response.text()).trim().split('\n');
  if (!response.ok || JSON.parse(lines.at(-1)!).status !== 'finished')
    throw new Error(`deleting ${name}: ${response.status} ${lines.at(-1)}`);
}

/** A truck of Demo Transport with a trip in the period the admin page's inputs show. */
async function truckThatDrove(from: string, until: string): Promise<number> {
  const assets = await api<{ id: number; deviceId: number | null }[]>(
    `/api/organisations/${ids['Demo Transport']}/assets`,
    { token },
  );
  const query = `from=${encodeURIComponent(withZoneOffset(from))}&until=${encodeURIComponent(withZoneOffset(until))}`;
  for (const asset of assets.filter((a) => a.deviceId !== null)) {
    const trips = await api<unknown[]>(`/api/assets/${asset.id}/trips?${query}`, { token });
    if (trips.length) return asset.id;
  }
  throw new Error(`no truck of Demo Transport drove between ${from} and ${until}`);
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Records every value the progress bar shows, from now on, in the page. */
const watchProgress = (page: Page, testId: string) =>
  page.evaluate((id) => {
    const seen: number[] = [];
    (window as unknown as { progress: number[] }).progress = seen;
    const note = () => {
      const bar = document.querySelector(`[data-testid="${id}"]`);
      const value = Number(bar?.getAttribute('aria-valuenow'));
      if (bar && seen.at(-1) !== value) seen.push(value);
    };
    new MutationObserver(note).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  }, testId);
const progressSeen = (page: Page) =>
  page.evaluate(() => (window as unknown as { progress: number[] }).progress);

describe('the OEM section as oem', { timeout: 240_000 }, () => {
  it('creates an organisation under Northline Reseller, renames, moves and deletes it', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'oem');
    await page.goto('/oem/organisations');
    await page.getByRole('heading', { level: 1, name: 'Organisation overview' }).waitFor();
    // the tree: Northline below the OEM, its customers below it
    await rowOf(page, 'Polder Logistics').waitFor();
    expect(await rowOf(page, 'Demo Transport').getByRole('cell').nth(1).textContent()).toBe(
      'Northline Reseller',
    );
    // nobody deletes their own organisation: no button for it
    expect(await page.getByRole('button', { name: 'Delete: Fleetwise OEM' }).count()).toBe(0);
    await screenshot(page, 'oem-organisations');

    // create, under Northline Reseller
    const name = `E2E Haulage ${RUN}`;
    await page.getByRole('link', { name: 'New organisation' }).click();
    await page.getByRole('heading', { level: 1, name: 'New organisation' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(name);
    await page.getByLabel('Parent organisation').selectOption({ label: '> Northline Reseller' });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/oem/organisations');
    await page.getByRole('searchbox', { name: 'Search' }).fill(RUN);
    await rowOf(page, name).waitFor();
    expect(await rowOf(page, name).getByRole('cell').nth(1).textContent()).toBe(
      'Northline Reseller',
    );

    // rename and move under Polder Logistics: the parent picker has no place below itself
    const renamed = `E2E Renamed ${RUN}`;
    await page.getByRole('link', { name: `Edit: ${name}` }).click();
    const parent = page.getByLabel('Parent organisation');
    await parent.waitFor();
    expect(await parent.inputValue()).toBe(String(ids['Northline Reseller']));
    const options = await parent.locator('option').allTextContents();
    expect(options).toContain('>> Polder Logistics');
    expect(options.some((o) => o.includes(name))).toBe(false);
    await page.getByLabel('Name', { exact: true }).fill(renamed);
    await parent.selectOption({ label: '>> Polder Logistics' });
    await screenshot(page, 'oem-organisation-edit');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/oem/organisations');
    await page.getByRole('searchbox', { name: 'Search' }).fill(RUN);
    await rowOf(page, renamed).waitFor();
    expect(await rowOf(page, renamed).getByRole('cell').nth(1).textContent()).toBe(
      'Polder Logistics',
    );
    // the top bar's picker knows it, one level deeper
    await page.getByRole('combobox', { name: 'Organisations' }).click();
    await page.getByRole('option', { name: `>>> ${renamed}` }).waitFor();
    await page.keyboard.press('Escape');

    // delete: the button waits for the typed name
    await page.getByRole('button', { name: `Delete: ${renamed}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${renamed}` });
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: 'Delete organisation' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${renamed} to confirm`).fill(renamed.toLowerCase());
    await dialog.getByText('This is not the name of the organisation.').waitFor();
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel(`Type ${renamed} to confirm`).fill(renamed);
    expect(await confirm.isEnabled()).toBe(true);
    await screenshot(page, 'oem-organisation-delete');
    await confirm.click();
    await page.getByText(`${renamed} and everything below it were deleted`).waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Nothing found.').waitFor();
    expect(
      (await api<{ name: string }[]>('/api/organisations', { token })).map((o) => o.name),
    ).not.toContain(renamed);
    await context.close();
  });

  it("shows the server's reason when it refuses a deletion", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'oem');
    const name = `E2E Refused ${RUN}`;
    const created = await createOrganisation(name, 'Northline Reseller');
    await page.goto(`/oem/organisations?search=${RUN}`);
    await page.getByRole('button', { name: `Delete: ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}` });
    await dialog.getByLabel(`Type ${name} to confirm`).fill(name);
    // meanwhile someone renames it: the name typed no longer confirms it
    await api(`/api/organisations/${created.id}`, {
      method: 'PUT',
      token,
      body: JSON.stringify({ name: `${name} bis` }),
    });
    await dialog.getByRole('button', { name: 'Delete organisation' }).click();
    await dialog
      .getByText(
        `Not deleted: confirm must be the organisation's name exactly: type '${name} bis' to delete it`,
      )
      .waitFor();
    await screenshot(page, 'oem-organisation-delete-refused');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await deleteOrganisation(created.id, `${name} bis`);
    await context.close();
  });

  it('re-processes a day of one asset to the end, draws its query points and driver links, and deletes an organisation’s data', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'oem');
    await page.goto('/oem/admin');
    await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
    await screenshot(page, 'oem-admin');

    // Re-process yesterday (the default period) of a truck of Demo Transport that drove then
    const reprocess = page.getByTestId('reprocess-card');
    const from = await reprocess.getByLabel('From').inputValue();
    const until = await reprocess.getByLabel('Until').inputValue();
    const truck = await truckThatDrove(from, until);
    await reprocess.getByLabel('One asset').check();
    await reprocess
      .getByLabel('Organisation', { exact: true })
      .selectOption({ label: '>> Demo Transport' });
    const asset = reprocess.getByLabel('Asset', { exact: true });
    await expect
      .poll(() => asset.locator('option').count(), { timeout: 15_000 })
      .toBeGreaterThan(1);
    await asset.selectOption(String(truck));
    await watchProgress(page, 'reprocess-progress');
    await reprocess.getByRole('button', { name: 'Start' }).click();
    const result = reprocess.getByTestId('reprocess-result');
    await result.waitFor({ timeout: 60_000 });
    const bar = reprocess.getByTestId('reprocess-progress');
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    const seen = await progressSeen(page);
    expect(seen.at(-1)).toBe(100);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(await result.textContent()).toMatch(/Asset-days rebuilt\s*[1-9]/);
    expect(await result.textContent()).toMatch(/Records read\s*[1-9]/);
    await screenshot(page, 'oem-admin-reprocess');

    // Query points of the same truck and day: on the map and in the table
    const points = page.getByTestId('querypoints-card');
    await points
      .getByLabel('Organisation', { exact: true })
      .selectOption({ label: '>> Demo Transport' });
    await expect
      .poll(() => points.getByLabel('Asset', { exact: true }).locator('option').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
    await points.getByLabel('Asset', { exact: true }).selectOption(String(truck));
    await points.getByRole('button', { name: 'Show' }).click();
    await points.getByTestId('querypoints-table').waitFor({ timeout: 30_000 });
    const markers = points.getByTestId('querypoints-markers-features');
    await expect
      .poll(async () => Number(await markers.getAttribute('data-count')), { timeout: 30_000 })
      .toBeGreaterThan(0);
    expect(await points.getByTestId('querypoints-route-features').getAttribute('data-count')).toBe(
      '1',
    );
    expect(await points.getByTestId('querypoints-table').locator('tbody tr').count()).toBe(10);
    await screenshot(page, 'oem-admin-querypoints');
    // the map up close (the page's full-length shot makes it small)
    await points.getByTestId('querypoints-map').locator('[data-map-idle]').waitFor();
    await points
      .getByTestId('querypoints-map')
      .screenshot({ path: path.join(SCREENSHOTS, 'oem-admin-querypoints-map.png') });

    // Driver links of the same truck and day: a timeline (or, if it had none, says so)
    const links = page.getByTestId('driverlinks-card');
    await links
      .getByLabel('Organisation', { exact: true })
      .selectOption({ label: '>> Demo Transport' });
    await expect
      .poll(() => links.getByLabel('Asset', { exact: true }).locator('option').count(), {
        timeout: 15_000,
      })
      .toBeGreaterThan(1);
    await links.getByLabel('Asset', { exact: true }).selectOption(String(truck));
    await links.getByRole('button', { name: 'Show' }).click();
    await links
      .getByTestId('driverlinks-timeline')
      .or(links.getByText('No driver was linked in this period.'))
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'oem-admin-driverlinks');

    // Delete the data of an organisation of this run
    const name = `E2E Data ${RUN}`;
    await createOrganisation(name, 'Northline Reseller');
    await page.reload();
    const remove = page.getByTestId('deletedata-card');
    await remove.getByLabel('Organisation', { exact: true }).selectOption({ label: `>> ${name}` });
    const button = remove.getByRole('button', { name: 'Delete data' });
    expect(await button.isDisabled()).toBe(true);
    await remove.getByLabel(`Type ${name} to confirm`).fill(name);
    await button.click();
    await remove.getByTestId('deletedata-result').waitFor({ timeout: 30_000 });
    expect(await remove.getByTestId('deletedata-progress').getAttribute('aria-valuenow')).toBe(
      '100',
    );
    await screenshot(page, 'oem-admin-deletedata');
    await context.close();
    const left = await api<{ id: number; name: string }[]>(
      `/api/organisations/${ids['Northline Reseller']}/organisations?search=${RUN}`,
      { token },
    );
    for (const row of left) await deleteOrganisation(row.id, row.name);
  });

  it('speaks Dutch on both screens', async () => {
    const { context, page } = await newPage(browser, 1000);
    await signIn(page, 'oem');
    await page.evaluate(() => localStorage.setItem('language', 'nl'));
    await page.goto('/oem/organisations');
    await page.getByRole('heading', { level: 1, name: 'Organisatieoverzicht' }).waitFor();
    await page.getByRole('columnheader', { name: /Bovenliggend/ }).waitFor();
    await page.getByRole('link', { name: 'Nieuwe organisatie' }).waitFor();
    await screenshot(page, 'oem-organisations-nl-1000');
    await page.goto('/oem/admin');
    await page.getByRole('heading', { level: 2, name: 'Ruwe gegevens herverwerken' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Querypunten' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Chauffeurskoppelingen' }).waitFor();
    await page
      .getByRole('heading', { level: 2, name: 'Gegevens van een organisatie verwijderen' })
      .waitFor();
    await screenshot(page, 'oem-admin-nl-1000');
    await context.close();
  });
});
