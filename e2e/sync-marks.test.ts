import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import { ACCOUNTS, api, e2e, newPage, openBrowser, PASSWORD, signIn } from './fixtures.js';

/**
 * Synchronised and deactivated records as the management screens show them
 * (docs/synchronisation.md). The server mirrors an organisation of its own through its export
 * side, the way a second server would be mirrored: a real run makes the copies.
 */
const RUN = Date.now().toString(36).slice(-5);

let browser: Browser;
let token: string;
let mirror: number;
const names = {
  synced: `Synced truck ${RUN}`,
  leaving: `Leaving truck ${RUN}`,
  local: `Local truck ${RUN}`,
};

const call = <T>(path: string, method = 'GET', body?: unknown) =>
  api<T>(path, { method, token, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });

/** Runs the mirror's synchronisation now and waits for it to end successfully. */
async function synchronise(): Promise<void> {
  const queued = await call<{ id: number }>(`/sync-api/organisations/${mirror}/sync`, 'PUT');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const results = await call<{ id: number; status: string; reason: string | null }[]>(
      `/sync-api/organisations/${mirror}/results`,
    );
    const run = results.find((r) => r.id === queued.id);
    if (run && !['QUEUED', 'RUNNING'].includes(run.status)) {
      expect(run, JSON.stringify(run)).toMatchObject({ status: 'SUCCESS' });
      return;
    }
    if (Date.now() > deadline) throw new Error(`run ${queued.id} did not end`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

beforeAll(async () => {
  browser = await openBrowser();
  const { organisation, username } = ACCOUNTS.oem;
  token = (
    await api<{ accessToken: string }>('/api/login', {
      method: 'POST',
      body: JSON.stringify({ organisation, username, password: PASSWORD }),
    })
  ).accessToken;
  const [oem] = await call<{ id: number }[]>('/api/organisations');
  const create = (name: string) =>
    call<{ id: number }>(`/api/organisations/${oem!.id}`, 'POST', { name });
  const source = (await create(`Source ${RUN}`)).id;
  mirror = (await create(`Mirror ${RUN}`)).id;
  const asset = (organisationId: number, name: string) =>
    call<{ id: number }>(`/api/organisations/${organisationId}/assets`, 'POST', { name });
  await asset(source, names.synced);
  const leaving = await asset(source, names.leaving);
  await asset(mirror, names.local);

  const { key } = await call<{ key: string }>(`/sync-api/organisations/${source}/apikeys`, 'POST', {
    name: 'e2e',
  });
  const server = e2e().baseUrl;
  const off = { drivers: false, devices: false, deviceLinks: false, driverLinks: false };
  await call(`/sync-api/organisations/${mirror}/configuration`, 'POST', {
    server,
    apiKey: key,
    synchronise: { assets: true, ...off },
  });
  const offered = await call<{ externalId: string; name: string }[]>(
    `/sync-api/organisations?server=${encodeURIComponent(server)}&organisationId=${mirror}`,
  );
  const remote = offered.find((o) => o.name === `Source ${RUN}`)!;
  await call(`/sync-api/organisations/${mirror}/externalids`, 'PUT', {
    externalIds: [remote.externalId],
  });
  await synchronise();
  // Local devices fitted to both copies (a local matter, allowed): both are fleet cards now.
  const copies = await call<{ id: number; name: string }[]>(
    `/api/organisations/${mirror}/assets?search=${RUN}`,
  );
  for (const copy of copies.filter((c) => c.name !== names.local)) {
    const device = await call<{ id: number }>(`/api/organisations/${mirror}/devices`, 'POST', {
      name: `Camera of ${copy.name}`,
      identifier: `MARKS-${RUN}-${copy.id}`,
    });
    await call(`/api/assets/${copy.id}/devices/${device.id}`, 'PUT');
  }
  // The remote no longer lists it: the next run deactivates its copy and ends its links.
  await call(`/api/assets/${leaving.id}`, 'DELETE');
  await synchronise();
}, 180_000);
afterAll(() => browser?.close());

const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

/** Signs in as the OEM user, with the mirroring organisation in view. */
async function openMirror(language: 'en' | 'nl' = 'en') {
  const { context, page } = await newPage(browser);
  await signIn(page, 'oem');
  await page.evaluate(
    ({ organisationId, language }) => {
      const user = JSON.parse(localStorage.getItem('user')!);
      localStorage.setItem('user', JSON.stringify({ ...user, organisation_id: organisationId }));
      localStorage.setItem('language', language);
    },
    { organisationId: mirror, language },
  );
  return { context, page };
}

describe('synchronised and deactivated records', { timeout: 120_000 }, () => {
  it('are marked in the list; a copy opens read-only, naming its remote', async () => {
    const { context, page } = await openMirror();
    await page.goto('/management/assets');
    await rowOf(page, names.local).waitFor();

    const synced = rowOf(page, names.synced);
    const badge = synced.getByTestId('sync-badge');
    expect(await badge.textContent()).toBe('Synchronised');
    expect(await badge.getAttribute('title')).toContain(e2e().baseUrl);
    expect(await synced.getByRole('button', { name: /^Delete/ }).count()).toBe(0);
    expect(await rowOf(page, names.leaving).getByTestId('sync-badge').textContent()).toBe(
      'Deactivated',
    );
    // deactivated copies are local again: deletable here
    expect(
      await rowOf(page, names.leaving)
        .getByRole('button', { name: /^Delete/ })
        .count(),
    ).toBe(1);
    expect(await rowOf(page, names.local).getByTestId('sync-badge').count()).toBe(0);
    await screenshot(page, 'sync-marks-list');

    await synced.getByRole('link', { name: `Edit: ${names.synced}` }).click();
    const alert = page.getByTestId('sync-alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      `This asset is a copy from ${e2e().baseUrl}; change it there. It is read-only here.`,
    );
    expect(await alert.textContent()).toContain('links to local devices and drivers are kept here');
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(0);
    await screenshot(page, 'sync-marks-edit-readonly');

    // the deactivated copy: a grey note, editable again
    await page.goto('/management/assets');
    await rowOf(page, names.leaving)
      .getByRole('link', { name: `Edit: ${names.leaving}` })
      .click();
    await page.getByTestId('sync-alert').waitFor();
    expect(await page.getByTestId('sync-alert').textContent()).toContain('was deactivated on');
    expect(await page.getByLabel('Name', { exact: true }).isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Save' }).count()).toBe(1);
    await screenshot(page, 'sync-marks-edit-deactivated');

    // the fleet overview shows live trucks only: the deactivated one's device link ended
    await page.goto('/overview');
    await page.getByTestId('fleet-cards').getByText(names.synced).waitFor();
    expect(await page.getByText(names.leaving).count()).toBe(0);
    await screenshot(page, 'sync-marks-overview');
    await context.close();
  });

  it('in Dutch', async () => {
    const { context, page } = await openMirror('nl');
    await page.goto('/management/assets');
    const synced = rowOf(page, names.synced);
    await synced.waitFor();
    expect(await synced.getByTestId('sync-badge').textContent()).toBe('Gesynchroniseerd');
    expect(await rowOf(page, names.leaving).getByTestId('sync-badge').textContent()).toBe(
      'Gedeactiveerd',
    );
    await screenshot(page, 'sync-marks-list-nl');
    await context.close();
  });
});
