import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import { api, apiToken, openAs, openBrowser } from './fixtures.js';

/**
 * Issue 21 §1: a manager draws a polygon zone by clicking on the map (terra-draw), names and
 * saves it, finds it in the list after a reload, gives it a speed limit, and opens the zone
 * visits report; then deletes it (the demo organisation keeps only its own zones).
 */
type Zone = {
  id: number;
  name: string;
  speedLimit: number | null;
  shape: { type: string; coordinates?: [number, number][] };
};

let browser: Browser;
let token: string;
let organisationId: number;
const name = `E2E zone ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await openBrowser();
  token = await apiToken('manager');
  const [organisation] = await api<{ id: number }[]>('/api/organisations', { token });
  organisationId = organisation!.id;
}, 60_000);
afterAll(() => browser?.close());

const zones = () => api<Zone[]>(`/api/organisations/${organisationId}/zones`, { token });
const item = (page: Page) => page.getByTestId('zone-item').filter({ hasText: name });

/** Waits until the map has drawn and nothing moves (MapView's data-map-idle). */
async function mapIdle(page: Page) {
  await page.locator('[data-testid="zone-map"] [data-map-idle="true"]').waitFor();
}

describe('zones', () => {
  it('a manager draws a polygon zone, saves it, edits its speed limit and sees the report', async () => {
    const { context, page } = await openAs(browser, 'manager');
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Zones' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Zones' }).waitFor();
    await mapIdle(page);

    // Four corners around the map's centre, then the first again to close the polygon.
    await page.getByRole('button', { name: 'Draw a polygon' }).click();
    await page
      .locator('[data-testid="zone-drawing"][data-ready="true"]')
      .waitFor({ state: 'attached' });
    const box = (await page.locator('[data-testid="zone-map"] canvas').boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height / 2;
    const corners: [number, number][] = [
      [cx - 90, cy - 70],
      [cx + 90, cy - 70],
      [cx + 90, cy + 70],
      [cx - 90, cy + 70],
    ];
    for (const [x, y] of corners) {
      await page.mouse.move(x, y, { steps: 3 });
      await page.mouse.click(x, y);
    }
    await page.mouse.move(corners[0]![0], corners[0]![1], { steps: 3 });
    await page.mouse.click(corners[0]![0], corners[0]![1]);

    const form = page.getByTestId('zone-form');
    await expect.poll(() => form.getByTestId('zone-shape').textContent()).toBe('Polygon (4)');
    await form.getByLabel('Name').fill(name);
    await mapIdle(page);
    await screenshot(page, 'zones-editor-drawn');
    await form.getByRole('button', { name: 'Save' }).click();
    await item(page).waitFor();

    // Saved: after a reload the list and the server have it, a polygon of the four corners.
    await page.reload();
    await item(page).waitFor();
    const saved = (await zones()).find((z) => z.name === name)!;
    expect(saved.shape.type).toBe('polygon');
    expect(saved.shape.coordinates).toHaveLength(4);
    expect(saved.speedLimit).toBeNull();
    await expect
      .poll(() => item(page).getByTestId('zone-details').textContent())
      .toContain('no speed limit');
    await mapIdle(page);
    await screenshot(page, 'zones-list');

    // Edit: a speed limit of 30 km/h.
    await page.getByRole('button', { name: `Edit: ${name}` }).click();
    await form.getByLabel('Speed limit (km/h)').fill('30');
    await mapIdle(page);
    await screenshot(page, 'zones-editor-edit');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect
      .poll(() => item(page).getByTestId('zone-details').textContent())
      .toContain('30 km/h');
    expect((await zones()).find((z) => z.id === saved.id)?.speedLimit).toBe(30);

    // A speed limit out of range is refused in the form, before the server is asked.
    await page.getByRole('button', { name: `Edit: ${name}` }).click();
    await form.getByLabel('Speed limit (km/h)').fill('300');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('A speed limit is between 1 and 250 km/h.').waitFor();
    await form.getByRole('button', { name: 'Cancel' }).click();

    // The zone visits report: a table of visits, or says there are none in the period.
    await page
      .getByRole('navigation', { name: 'Sidebar' })
      .getByRole('link', { name: 'Zone visits' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Zone visits' }).waitFor();
    await page.getByLabel('Zone', { exact: true }).selectOption({ label: name });
    await page
      .locator('[data-testid="zone-visits"], [data-testid="zone-visits-empty"]')
      .first()
      .waitFor();
    await screenshot(page, 'zones-report');

    // Delete, with confirmation; gone from the list and the server.
    await page.goBack();
    await page.getByRole('button', { name: `Edit: ${name}` }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    // The server's answer comes late, as on a busy day: the list must wait for it.
    await page.route(`**/api/zones/${saved.id}`, async (route) => {
      if (route.request().method() === 'DELETE') await new Promise((r) => setTimeout(r, 1_000));
      await route.fallback();
    });
    await form.getByRole('button', { name: 'Delete' }).click();
    // The form gives way to the list only once the server has answered the delete (the item
    // is already gone while the form is open, so its absence alone proves nothing).
    await page.locator('#zone-list-title').waitFor();
    await expect.poll(() => item(page).count()).toBe(0);
    expect((await zones()).some((z) => z.id === saved.id)).toBe(false);
    await context.close();
    // Four screens drawn and checked by axe (when the context closes) on a shared machine.
  }, 180_000);

  it('the report says it loads while its answer is held, never that there are none', async () => {
    const { context, page } = await openAs(browser, 'manager');
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/api\/organisations\/\d+\/zones\/visits\?/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/zones/report');
    await page.getByRole('status', { name: 'Loading zone visits…' }).waitFor();
    expect(await page.getByText('No zone visits in this period.').count()).toBe(0);
    release();
    await page
      .locator('[data-testid="zone-visits"], [data-testid="zone-visits-empty"]')
      .first()
      .waitFor();
    await context.close();
  });
});
