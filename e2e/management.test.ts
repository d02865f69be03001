import { SETTING_CATEGORIES } from '@fleet/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import { ACCOUNTS, api, newPage, openBrowser, PASSWORD, signIn, type Account } from './fixtures.js';

/** Names unique to this run, so a rerun against the same server finds only its own records. */
const RUN = Date.now().toString(36).slice(-5);

let browser: Browser;
let token: string;
let organisationId: number;

async function login(account: Account): Promise<string> {
  const { organisation, username } = ACCOUNTS[account];
  const { accessToken } = await api<{ accessToken: string }>('/api/login', {
    method: 'POST',
    body: JSON.stringify({ organisation, username, password: PASSWORD }),
  });
  return accessToken;
}

const post = <T>(path: string, body: unknown) =>
  api<T>(path, { method: 'POST', token, body: JSON.stringify(body) });

beforeAll(async () => {
  browser = await openBrowser();
  token = await login('manager');
  const [org] = await api<{ id: number; name: string }[]>('/api/organisations', { token });
  organisationId = org!.id;
});
afterAll(() => browser?.close());

/** Fills the create form of the list screen's 'New …' button and saves. */
async function create(page: Page, list: string, button: string, fields: Record<string, string>) {
  await page.goto(`/management/${list}`);
  await page.getByRole('link', { name: button }).click();
  await page.waitForURL('**/management/entity/edit?type=*');
  for (const [label, value] of Object.entries(fields)) {
    await page.getByLabel(label, { exact: true }).fill(value);
  }
  await page.getByRole('button', { name: 'Save' }).click();
}

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

// Long journeys on a shared machine: each test does many screens (and axe checks each).
describe('management as manager', { timeout: 240_000 }, () => {
  it('adds an asset, a device (credential shown once) and a driver, and links them', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    const assetName = `E2E truck ${RUN}`;

    await page.goto('/management/assets');
    await page.getByRole('heading', { level: 1, name: 'Assets' }).waitFor();
    await page.getByRole('link', { name: 'New asset' }).click();
    await page.getByRole('heading', { level: 1, name: 'New asset' }).waitFor();
    // the contract's schema refuses a blank name before anything is sent
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required').waitFor();
    expect(await page.getByLabel('Name', { exact: true }).getAttribute('class')).toContain(
      'is-invalid',
    );
    await screenshot(page, 'management-edit-asset');
    await page.getByLabel('Name', { exact: true }).fill(assetName);
    await page.getByLabel('Licence plate').fill(`E2-${RUN}`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/management/assets');
    await page.getByRole('searchbox', { name: 'Search' }).fill(RUN);
    await rowOf(page, assetName).waitFor();

    // a device: its credential once, with a warning and a copy button
    await create(page, 'devices', 'New device', {
      Name: `E2E unit ${RUN}`,
      Identifier: `E2E-${RUN}`,
    });
    const dialog = page.getByRole('dialog', { name: 'Device credential' });
    await dialog.waitFor();
    const credential = await dialog.getByLabel('Credential').inputValue();
    expect(credential).toMatch(/^dev_\d+_/);
    expect(await dialog.textContent()).toContain('It is shown only this once');
    expect(await dialog.getByRole('button', { name: 'Copy' }).count()).toBe(1);
    await screenshot(page, 'management-device-credential');
    await dialog.getByRole('button', { name: 'I have copied it' }).click();
    await page.waitForURL('**/management/devices');
    // the dialog fades out: gone once its transition ends, and the credential with it
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Credential').count()).toBe(0);

    // the same identifier again: the server's 409 stands at its field
    await create(page, 'devices', 'New device', {
      Name: `E2E unit twin ${RUN}`,
      Identifier: `E2E-${RUN}`,
    });
    await page.getByText(`The identifier 'E2E-${RUN}' is not available`).waitFor();
    expect(await page.getByLabel('Identifier').getAttribute('class')).toContain('is-invalid');
    await screenshot(page, 'management-edit-device-conflict');

    await create(page, 'drivers', 'New driver', {
      'First name': 'Eva',
      'Last name': `Tester ${RUN}`,
      Phone: '+31 6 1234 5678',
    });
    await page.waitForURL('**/management/drivers');

    // links: the asset's device and driver, now
    await page.goto('/management/assets');
    await page.getByRole('searchbox', { name: 'Search' }).fill(RUN);
    await page.getByRole('link', { name: `Links: ${assetName}` }).click();
    await page.getByRole('heading', { level: 1, name: `Links of ${assetName}` }).waitFor();
    const devices = page.getByRole('region', { name: 'Devices' });
    await devices.getByLabel('Link to').selectOption({ label: `E2E unit ${RUN}` });
    await devices.getByRole('button', { name: 'Link', exact: true }).click();
    await devices.getByRole('status').filter({ hasText: 'Linked' }).waitFor();
    expect(await devices.getByRole('status').textContent()).toMatch(
      /The day \d{4}-\d{2}-\d{2} gets re-processed/,
    );
    await devices
      .getByTestId('link-item')
      .filter({ hasText: `E2E unit ${RUN}` })
      .waitFor();
    const drivers = page.getByRole('region', { name: 'Drivers' });
    await drivers.getByLabel('Link to').selectOption({ label: `Eva Tester ${RUN}` });
    // from a past moment: the days from then to today get re-processed
    await drivers.getByLabel('From a past moment').check();
    const past = new Date(Date.now() - 3 * 86_400_000);
    const local = new Date(past.getTime() - past.getTimezoneOffset() * 60_000)
      .toISOString()
      .slice(0, 19);
    await drivers.getByLabel('From', { exact: true }).fill(local);
    await drivers.getByRole('button', { name: 'Link', exact: true }).click();
    await drivers.getByRole('status').filter({ hasText: 'Linked' }).waitFor();
    expect(await drivers.getByRole('status').textContent()).toMatch(
      /The days \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2} get re-processed/,
    );
    await screenshot(page, 'management-links');

    // a second device on the same asset overlaps: the server's message names the link
    const other = await post<{ id: number; name: string }>(
      `/api/organisations/${organisationId}/devices`,
      { name: `E2E spare ${RUN}`, identifier: `E2E-spare-${RUN}` },
    );
    await page.reload();
    await devices.getByLabel('Link to').selectOption({ label: other.name });
    await devices.getByRole('button', { name: 'Link', exact: true }).click();
    const refusal = devices.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(
      /Refused: Asset \d+ already has device \d+ .*device link \d+/,
    );
    await screenshot(page, 'management-links-overlap');

    // the list shows the asset with its device and driver now
    await page.goto(`/management/assets?search=${RUN}`);
    const row = rowOf(page, assetName);
    await row.waitFor();
    expect(await row.textContent()).toContain(`E2E unit ${RUN}`);
    expect(await row.textContent()).toContain(`Eva Tester ${RUN}`);
    await context.close();
  });

  it('pages the assets by 10 on the server, sorts and searches', async () => {
    for (let i = 1; i <= 12; i++) {
      await post(`/api/organisations/${organisationId}/assets`, {
        name: `Paging ${RUN} ${String(i).padStart(2, '0')}`,
      });
    }
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    const pages: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/organisations/${organisationId}/assets?`))
        pages.push(request.url());
    });
    await page.goto(`/management/assets?search=Paging+${RUN}`);
    await page.getByText('12 in total').waitFor();
    expect(await page.locator('tbody tr').count()).toBe(10);
    await screenshot(page, 'management-list-assets');
    await page.getByRole('navigation', { name: 'Pages' }).getByText('2', { exact: true }).click();
    await rowOf(page, `Paging ${RUN} 12`).waitFor();
    expect(await page.locator('tbody tr').count()).toBe(2);
    expect(page.url()).toContain('page=2');
    // the server was asked for one page of 10 at a time
    expect(pages.some((url) => url.includes('limit=10') && url.includes('offset=10'))).toBe(true);

    // sort by name, descending: 12 first
    await page.getByRole('button', { name: 'Name' }).click();
    await page.getByRole('button', { name: 'Name' }).click();
    await page.waitForURL(/order=desc/);
    await page
      .locator('tbody tr')
      .first()
      .filter({ hasText: `Paging ${RUN} 12` })
      .waitFor();
    await context.close();
  });

  it('adds and removes members of a group, a driver leaving by PUT …/remove', async () => {
    const group = await post<{ id: number; name: string }>(
      `/api/organisations/${organisationId}/groups`,
      { name: `E2E group ${RUN}` },
    );
    const asset = await post<{ id: number; name: string }>(
      `/api/organisations/${organisationId}/assets`,
      { name: `Member truck ${RUN}` },
    );
    const driver = await post<{ id: number }>(`/api/organisations/${organisationId}/drivers`, {
      firstName: 'Mia',
      lastName: `Member ${RUN}`,
    });
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    const removals: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes(`/groups/${group.id}/drivers/`))
        removals.push(`${request.method()} ${new URL(request.url()).pathname}`);
    });
    await page.goto(`/management/groups?search=${RUN}`);
    await page.getByRole('link', { name: `Members: ${group.name}` }).click();
    await page.getByRole('heading', { level: 1, name: `Members of ${group.name}` }).waitFor();
    await page.getByRole('button', { name: `Add: ${asset.name}` }).click();
    await page.getByRole('button', { name: `Remove: ${asset.name}` }).waitFor();
    await page.getByRole('button', { name: `Add: Mia Member ${RUN}` }).click();
    await page.getByRole('button', { name: `Remove: Mia Member ${RUN}` }).waitFor();
    await screenshot(page, 'management-members');
    await page.getByRole('button', { name: `Remove: Mia Member ${RUN}` }).click();
    await page.getByRole('button', { name: `Add: Mia Member ${RUN}` }).waitFor();
    expect(removals).toContain(`PUT /api/groups/${group.id}/drivers/${driver.id}`);
    expect(removals).toContain(`PUT /api/groups/${group.id}/drivers/${driver.id}/remove`);
    const members = await api<{ assets: { id: number }[]; drivers: unknown[] }>(
      `/api/groups/${group.id}/members`,
      { token },
    );
    expect(members.assets.map((a) => a.id)).toEqual([asset.id]);
    expect(members.drivers).toEqual([]);
    await context.close();
  });

  it('edits a threshold and an event mask on the settings page; the values come back exactly', async () => {
    const group = await post<{ id: number; name: string }>(
      `/api/organisations/${organisationId}/configurationgroups`,
      { name: `E2E settings ${RUN}` },
    );
    // the truck of the first test, with its device, joins the group: its settings state shows
    const [truck] = await api<{ id: number }[]>(
      `/api/organisations/${organisationId}/assets?search=${encodeURIComponent(`E2E truck ${RUN}`)}`,
      { token },
    );
    if (truck) {
      await api(`/api/configurationgroups/${group.id}/assets/${truck.id}`, {
        method: 'PUT',
        token,
      });
    }
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    await page.goto(`/management/configurationgroups?search=${RUN}`);
    await page.getByRole('link', { name: `Settings: ${group.name}` }).click();
    await page.getByRole('heading', { level: 1, name: group.name }).waitFor();
    await page.getByText('Configuration group settings').first().waitFor();
    const tabs = page.getByRole('navigation', { name: 'Setting categories' });
    for (const category of SETTING_CATEGORIES) {
      await tabs.getByRole('button', { name: category, exact: true }).click();
      await page.getByRole('heading', { level: 2, name: category, exact: true }).waitFor();
      const inputs = page.locator('[data-testid="setting"] :is(input[type=text], select)');
      expect(await inputs.count(), category).toBeGreaterThan(0);
      for (const input of await inputs.all())
        expect(await input.getAttribute('required')).not.toBeNull();
      await screenshot(page, `management-settings-${category.replace(' ', '-').toLowerCase()}`);
    }

    // Thresholds: over speed
    await tabs.getByRole('button', { name: 'Thresholds', exact: true }).click();
    const overSpeed = page.getByLabel('Over speed', { exact: true });
    await overSpeed.fill('abc');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Some values are not valid').waitFor();
    expect(await overSpeed.getAttribute('class')).toContain('is-invalid');
    await overSpeed.fill('87');

    // Media: the event mask, Idle start video on the driver camera is bit 59 (above 2^53)
    await tabs.getByRole('button', { name: 'Media', exact: true }).click();
    const eventMask = page.getByLabel('Event camera mask', { exact: true });
    const before = BigInt(await eventMask.inputValue());
    await page.getByLabel('Idle start: Video, Driver').check();
    await page.getByLabel('Emergency brake: Picture, Front').setChecked(!(before & 1n));
    // bit 59 set, bit 0 turned round
    const wanted = (before | (1n << 59n)) ^ 1n;
    expect(await eventMask.inputValue()).toBe(wanted.toString());
    await screenshot(page, 'management-settings-event-mask');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The settings were saved').waitFor();
    if (truck) {
      const state = page.getByTestId('device-state').filter({ hasText: `E2E unit ${RUN}` });
      await state.waitFor();
      expect(await state.textContent()).toMatch(/Applied|Not yet applied|Failed/);
    }

    const saved = await api<{ value: string; deviceConfiguration: { parameter: string } }[]>(
      `/api/configurationgroups/${group.id}/deviceconfigurations?defaults=true&definitions=true`,
      { token },
    );
    const value = (parameter: string) =>
      saved.find((s) => s.deviceConfiguration.parameter === parameter)?.value;
    expect(value('overSpeed')).toBe('87');
    expect(value('eventCameraMask')).toBe(wanted.toString());

    // and the page shows them again after a reload
    await page.reload();
    await tabs.getByRole('button', { name: 'Media', exact: true }).click();
    expect(await page.getByLabel('Event camera mask', { exact: true }).inputValue()).toBe(
      wanted.toString(),
    );
    expect(await page.getByLabel('Idle start: Video, Driver').isChecked()).toBe(true);
    await context.close();
  });

  it('shows every list, edit screen, the configs of an asset and the overview', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    for (const list of ['devices', 'drivers', 'groups', 'configurationgroups', 'users']) {
      await page.goto(`/management/${list}`);
      await page.locator('tbody tr').first().waitFor();
      await screenshot(page, `management-list-${list}`);
      await page
        .getByRole('link', { name: /^Edit: / })
        .first()
        .click();
      await page.getByRole('button', { name: 'Save' }).waitFor();
      await screenshot(page, `management-edit-${list}`);
    }
    await page.goto(`/management/assets?search=E2E+truck+${RUN}`);
    await page
      .getByRole('link', { name: /^Configs: / })
      .first()
      .click();
    await page.getByRole('heading', { level: 1, name: /^Device settings of / }).waitFor();
    await screenshot(page, 'management-configs-asset');

    await page.goto('/management/overview');
    await page.getByRole('heading', { level: 1, name: 'Management overview' }).waitFor();
    await page.getByTestId('count-assets').waitFor();
    await screenshot(page, 'management-overview');
    await page.getByTestId('check-devicesWithoutAsset').click();
    await page.waitForURL(/\/management\/devices\?filter=unlinked/);
    await page.getByTestId('list-filter').filter({ hasText: 'Devices without an asset' }).waitFor();
    // the spare device of the first test is fitted to no asset
    await rowOf(page, `E2E spare ${RUN}`).waitFor();
    await context.close();
  });

  it('asks before deleting and shows the server refusing', async () => {
    const asset = await post<{ id: number; name: string }>(
      `/api/organisations/${organisationId}/assets`,
      { name: `Delete me ${RUN}` },
    );
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    await page.goto(`/management/assets?search=Delete+me+${RUN}`);
    await page.getByRole('button', { name: `Delete: ${asset.name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete asset' });
    await dialog.getByText(`Delete ${asset.name}?`).waitFor();
    await screenshot(page, 'management-delete-confirm');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Nothing found.').waitFor();

    // Delete is not offered where the server would refuse it: one's own account (issue 19 §8)
    await page.goto('/management/users?search=manager');
    await page.getByRole('link', { name: /^Edit: Marit de Vries/ }).waitFor();
    expect(await page.getByRole('button', { name: /^Delete: Marit de Vries/ }).count()).toBe(0);

    // a refusal the list cannot foresee still shows the server's reason: the record went meanwhile
    const gone = await post<{ id: number; name: string }>(
      `/api/organisations/${organisationId}/assets`,
      { name: `Gone ${RUN}` },
    );
    await page.goto(`/management/assets?search=Gone+${RUN}`);
    await page.getByRole('button', { name: `Delete: ${gone.name}` }).click();
    await api(`/api/assets/${gone.id}`, { method: 'DELETE', token });
    const confirm = page.getByRole('dialog', { name: 'Delete asset' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    const refusal = confirm.getByRole('alert');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/^The server refused: .+/);
    await screenshot(page, 'management-delete-refused');
    await context.close();
  });
});

describe('management by role', { timeout: 120_000 }, () => {
  it('a driver is offered no writing on the management screens', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'driver');
    await page.goto('/management/users');
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.locator('tbody tr').first().waitFor();
    expect(await page.getByRole('link', { name: 'New user' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /^Edit: / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Delete: / }).count()).toBe(0);
    await context.close();
  });

  it("a manager is offered no change of an integrator's user, and the server's 403 shows on its form", async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    await page.goto('/management/users?search=integrator');
    await page.locator('tbody tr').filter({ hasText: ACCOUNTS.integrator.name }).first().waitFor();
    // issue 19 §8: neither Edit nor Delete where the server would refuse them
    expect(
      await page.getByRole('link', { name: `Edit: ${ACCOUNTS.integrator.name}` }).count(),
    ).toBe(0);
    expect(
      await page.getByRole('button', { name: `Delete: ${ACCOUNTS.integrator.name}` }).count(),
    ).toBe(0);
    // the form opened by its address: saving shows the server's refusal
    const [integrator] = await api<{ id: number; name: string }[]>(
      `/api/organisations/${organisationId}/users?search=integrator`,
      { token },
    );
    await page.goto(`/management/entity/edit?type=users&id=${integrator!.id}`);
    await page.getByLabel('Name', { exact: true }).fill(`${ACCOUNTS.integrator.name} (renamed)`);
    await page.getByRole('button', { name: 'Save' }).click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect((await alert.textContent())?.trim().length).toBeGreaterThan(5);
    await screenshot(page, 'management-users-forbidden');
    const [user] = await api<{ name: string }[]>(
      `/api/organisations/${organisationId}/users?search=integrator`,
      { token },
    );
    expect(user!.name).toBe(ACCOUNTS.integrator.name);
    await context.close();
  });

  it('the role select offers only the roles the caller may grant', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    await page.goto('/management/entity/edit?type=users');
    await page.getByLabel('Role').waitFor();
    const options = await page.getByLabel('Role').locator('option').allTextContents();
    expect(options.sort()).toEqual(['Driver', 'User']);
    await context.close();
  });

  it('reads in Dutch', async () => {
    const { context, page } = await newPage(browser);
    await signIn(page, 'manager');
    await page.evaluate(() => localStorage.setItem('language', 'nl'));
    await page.goto('/management/assets');
    await page.getByRole('link', { name: 'Nieuw voertuig' }).waitFor();
    await screenshot(page, 'management-list-assets-nl');
    await context.close();
  });
});
