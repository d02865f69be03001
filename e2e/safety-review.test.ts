import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testMp4 } from '../apps/server/src/test/media-test-files.js';
import { screenshot } from './browser.js';
import {
  ACCOUNTS,
  api,
  apiToken,
  deviceApi,
  e2e,
  openAs,
  openBrowser,
  routePoint,
  seedTruckTrip,
  sendRoutePositions,
  ZONE,
} from './fixtures.js';

/**
 * Safety review (issue 20 §4) against a truck this file creates: one trip of 35 minutes that
 * ended 5 minutes ago with four harsh events (so four cases), a clip at the harsh acceleration;
 * and a truck of another organisation whose case the manager may not open. It does not depend
 * on the demo's cases.
 */

const minute = 60_000;

type Case = { id: number; status: string; eventType: string; eventTime: string; hasClip: boolean };

let browser: Browser;
let token: string;
let organisationId: number;
let assetId: number;
let assetName: string;
/** the truck's cases, in the inbox's order (newest event first: all need review) */
let cases: Case[];
let clipCase: Case;
let foreignCaseId: number;
let period: { from: string; until: string };

/** 'YYYY-MM-DDTHH:MM:SS' in the fleet's zone, as the period filter stores it. */
const zoneLocal = (time: Date) =>
  time.toLocaleString('sv-SE', { timeZone: ZONE }).replace(' ', 'T');

async function upload(identifier: string, timestamp: string, data: Buffer) {
  const form = new FormData();
  form.append('identifier', identifier);
  form.append('timestamp', timestamp);
  form.append('mimeType', 'video/mp4');
  form.append('fileName', 'clip.mp4');
  form.append('file', new Blob([new Uint8Array(data)]), 'clip.mp4');
  const response = await fetch(`${e2e().baseUrl}/api/media`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`upload: ${response.status} ${await response.text()}`);
}

/** The cases of an asset once the engine has made `count` of them. */
async function casesOf(who: string, organisation: number, asset: number, count: number) {
  const query = `assetId=${asset}&limit=20`;
  for (let i = 0; i < 120; i++) {
    const list = await api<Case[]>(`/api/organisations/${organisation}/safety/cases?${query}`, {
      token: who,
    });
    if (list.length >= count) return list;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`asset ${asset} did not get ${count} cases in 60 s`);
}

const counters = (m: number) => ({
  odometer: 3_000_000 + m * 1000,
  engineHours: 3000 + m / 60,
  totalFuelUsed: 9000 + m * 0.35,
  drivingTime: 100_000 + m * 55,
  idleTime: 9_000 + m * 5,
  harshAccelerationCount: 30 + (m >= 10 ? 1 : 0),
});

async function seed() {
  token = await apiToken('manager');
  const [organisation] = await api<{ id: number }[]>('/api/organisations', { token });
  organisationId = organisation!.id;
  const tag = Date.now().toString(36);
  assetName = `Safety truck ${tag}`;
  const end = new Date(Date.now() - 5 * minute);
  const start = new Date(end.getTime() - 35 * minute);
  period = {
    from: zoneLocal(new Date(start.getTime() - 60 * minute)),
    until: zoneLocal(new Date(Date.now() + 60 * minute)),
  };
  const truck = await seedTruckTrip(token, organisationId, {
    name: assetName,
    driver: { firstName: 'Sam', lastName: `Safety ${tag}` },
    start,
    minutes: 35,
    stops: true,
    counters: { ...counters(0), harshAccelerationCount: 30 },
  });
  assetId = truck.assetId;
  await sendRoutePositions(truck.device.credential, start);
  // Three harsh brakes besides the trip's harsh acceleration (at 10:20): four cases.
  const brakes = [5, 20, 25].map((m) => ({
    timestamp: new Date(start.getTime() + m * minute + 30_000).toISOString(),
    transferReason: 'EVENTS',
    location: routePoint(m + 0.5),
    speed: 55,
    events: [{ eventType: 'HARSH_BRAKE' }],
    ...counters(m),
  }));
  await deviceApi(truck.device.credential, 'records', { records: brakes });
  const harsh = new Date(start.getTime() + 10 * minute + 20_000).toISOString();
  await upload(assetName.replace(/\W/g, '-'), harsh, await testMp4(4));
  cases = await casesOf(token, organisationId, assetId, 4);
  clipCase = cases.find((c) => c.eventType === 'HARSH_ACCELERATION')!;

  // Another organisation's case: the OEM's own truck.
  const oem = await apiToken('oem');
  const oemOrganisation = (
    await api<{ id: number; name: string }[]>('/api/organisations', { token: oem })
  ).find((o) => o.name === ACCOUNTS.oem.organisation);
  const foreign = await seedTruckTrip(oem, oemOrganisation!.id, {
    name: `Foreign truck ${tag}`,
    start,
    minutes: 35,
    stops: true,
    counters: { ...counters(0), harshAccelerationCount: 30 },
  });
  const [foreignCase] = await casesOf(oem, oemOrganisation!.id, foreign.assetId, 1);
  foreignCaseId = foreignCase!.id;
}

/** The manager's page with the period filter over the trip (the shared filter in storage). */
async function openManager(): Promise<Page> {
  const { page } = await openAs(browser, 'manager');
  await page.evaluate((filter) => localStorage.setItem('filter', JSON.stringify(filter)), {
    period: 'CUSTOM',
    group: 'ALL',
    ...period,
  });
  return page;
}

const caseStatus = async (id: number) =>
  (await api<Case>(`/api/safety/cases/${id}`, { token })).status;

/** The case page of `id` is shown (after a navigation by key or link). */
async function onCase(page: Page, id: number) {
  await page.locator(`[data-testid=case-page][data-case-id="${id}"]`).waitFor();
}

beforeAll(async () => {
  browser = await openBrowser();
  await seed();
}, 180_000);
afterAll(() => browser?.close());

describe('safety review', () => {
  it('lists the cases with their counts; reviews the queue with the keyboard, and the changes stay', async () => {
    const page = await openManager();
    await page.getByRole('link', { name: 'Cases' }).click();
    await page.getByRole('heading', { level: 1, name: 'Safety cases' }).waitFor();
    await page.goto(`/safety/cases?assetId=${assetId}&status=NEEDS_REVIEW`);
    const rows = page.getByTestId('case-row');
    // the page loads after a full reload: expect.poll's own second is too short on a busy machine
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(4);
    await expect
      .poll(() => page.getByTestId('cases-total').textContent(), { timeout: 20_000 })
      .toBe('4 cases');
    await expect
      .poll(() => page.getByTestId('status-tab-NEEDS_REVIEW').textContent(), { timeout: 20_000 })
      .toContain('4');
    expect(await rows.nth(cases.indexOf(clipCase)).getByTestId('case-has-clip').count()).toBe(1);
    await screenshot(page, 'safety-inbox');

    // The first case of the queue; j and k walk it.
    const [first, second, third] = cases as [Case, Case, Case];
    await rows.first().getByRole('link').first().click();
    await onCase(page, first.id);
    await page.keyboard.press('j');
    await onCase(page, second.id);
    await page.keyboard.press('ArrowLeft');
    await onCase(page, first.id);
    await page.keyboard.press('?');
    await page.getByTestId('shortcuts-help').waitFor();
    expect(await page.getByTestId('shortcuts-help').textContent()).toContain('Dismiss');
    await page.keyboard.press('?');
    await page.getByTestId('shortcuts-help').waitFor({ state: 'detached' });

    // d: the dismissal's reason has the focus; Enter dismisses and moves on to the next case.
    await page.keyboard.press('d');
    await page.locator('[data-testid=action-dialog][data-action=DISMISS]').waitFor();
    await page.keyboard.press('Enter');
    await onCase(page, second.id);
    expect(await caseStatus(first.id)).toBe('DISMISSED');

    // c: coaching with the default coach and due date.
    await page.keyboard.press('c');
    await page.locator('[data-testid=action-dialog][data-action=COACH]').waitFor();
    await page.keyboard.press('Enter');
    await onCase(page, third.id);
    expect(await caseStatus(second.id)).toBe('NEEDS_COACHING');

    // The changes are kept: the first case's page after a reload shows its dismissal.
    await page.goto(`/safety/cases/${first.id}`);
    await onCase(page, first.id);
    expect(await page.getByTestId('case-page').getAttribute('data-status')).toBe('DISMISSED');
    expect(
      await page
        .getByTestId('history-entry')
        .evaluateAll((entries) => entries.map((e) => e.getAttribute('data-action'))),
    ).toEqual(['CREATED', 'DISMISS']);

    // And the inbox counts them (the counts come with a call of their own: awaited, not read).
    await page.goto(`/safety/cases?assetId=${assetId}`);
    await expect.poll(() => rows.count(), { timeout: 20_000 }).toBe(4);
    await expect
      .poll(() => page.getByTestId('status-tab-NEEDS_REVIEW').textContent(), { timeout: 20_000 })
      .toContain('2');
    await expect
      .poll(() => page.getByTestId('status-tab-DISMISSED').textContent(), { timeout: 20_000 })
      .toContain('1');
    await expect
      .poll(() => page.getByTestId('status-tab-NEEDS_COACHING').textContent(), { timeout: 20_000 })
      .toContain('1');
    await page.context().close();
  });

  it('plays the clip at once and shows the map and the minute around the event', async () => {
    const page = await openManager();
    await page.goto(`/safety/cases/${clipCase.id}`);
    await onCase(page, clipCase.id);
    const video = page.getByTestId('case-clip').locator('video');
    await video.waitFor();
    // It plays without a click: its time advances.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
      .toBeGreaterThan(0.5);
    const map = page.getByTestId('case-map');
    await map.locator('canvas').waitFor();
    await expect
      .poll(() => page.getByTestId('case-route-features').getAttribute('data-count'))
      .toBe('1');
    expect(
      Number(await page.getByTestId('minute-chart').getAttribute('data-points')),
    ).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('case-asset').textContent()).toBe(assetName);
    await screenshot(page, 'safety-case');
    await page.context().close();
  });

  it("answers another organisation's case with the not-found message", async () => {
    const page = await openManager();
    await page.goto(`/safety/cases/${foreignCaseId}`);
    await page.getByTestId('case-not-found').waitFor();
    expect(await page.getByTestId('case-not-found').textContent()).toContain('does not exist');
    expect(await page.getByTestId('case-page').count()).toBe(0);
    await page.context().close();
  });

  it("shows the asset's cases on its Safety tab", async () => {
    const page = await openManager();
    await page.goto(`/entities/ASSET/${assetId}?tab=safety`);
    await page.getByRole('heading', { level: 1, name: assetName }).waitFor();
    await expect
      .poll(() => page.getByTestId('safety-tab').getByTestId('case-row').count(), {
        timeout: 20_000,
      })
      .toBe(4);
    await page.context().close();
  });
});
