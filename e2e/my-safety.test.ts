import type { SafetyCase, SafetyCaseDetail, User } from '@fleet/contract';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import { api, apiToken, openAs, openBrowser } from './fixtures.js';

/**
 * Issue 20 §4: the manager links the demo driver account to a driver record in the user's edit
 * and coaches one of that driver's cases; the driver signs in, finds it in My safety and
 * acknowledges it; the manager sees the acknowledgement.
 */
let browser: Browser;
let manager: string;
let demo: number;

beforeAll(async () => {
  browser = await openBrowser();
  manager = await apiToken('manager');
  const organisations = await api<{ id: number; name: string }[]>('/api/organisations', {
    token: manager,
  });
  demo = organisations.find((o) => o.name === 'Demo Transport')!.id;
});
afterAll(() => browser?.close());

const cases = (query: string) =>
  api<SafetyCase[]>(`/api/organisations/${demo}/safety/cases?limit=100&${query}`, {
    token: manager,
  });
const act = (id: number, body: object) =>
  api<SafetyCaseDetail>(`/api/safety/cases/${id}/actions`, {
    method: 'POST',
    token: manager,
    body: JSON.stringify(body),
  });

describe('My safety', { timeout: 240_000 }, () => {
  it('the driver acknowledges a coached case; the manager sees it', async () => {
    // a case waiting for review with a known driver: its driver becomes the demo driver's record
    const open = (await cases('status=NEEDS_REVIEW')).find((c) => c.driverId !== null)!;
    expect(open, 'a demo case with a driver').toBeDefined();
    const users = await api<User[]>(`/api/organisations/${demo}/users?search=driver`, {
      token: manager,
    });
    const driverUser = users.find((u) => u.username === 'driver')!;

    const { context, page } = await openAs(browser, 'manager');
    await page.goto(`/management/entity/edit?type=users&id=${driverUser.id}`);
    const select = page.getByLabel('Driver record');
    await select.waitFor();
    await select.selectOption({ label: open.driverName! });
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Saved').first().waitFor();
    const linked = await api<User>(`/api/users/${driverUser.id}`, { token: manager });
    expect(linked.driverId).toBe(open.driverId);
    await context.close();

    await act(open.id, { action: 'COACH' });
    await act(open.id, { action: 'COACHED', method: 'IN_PERSON', notes: 'Talked it through' });

    const driver = await openAs(browser, 'driver');
    await driver.page.getByRole('link', { name: 'My safety' }).click();
    await driver.page.getByRole('heading', { level: 1, name: 'My safety' }).waitFor();
    // the demo driver may have coached cases of the same vehicle already: this one, by its id
    const card = driver.page.locator(`[data-testid="to-acknowledge"][data-case-id="${open.id}"]`);
    await card.waitFor();
    await driver.page.getByTestId('score-trend').waitFor();
    await screenshot(driver.page, 'my-safety');
    const count = await driver.page.getByTestId('to-acknowledge').count();
    await card.getByRole('button', { name: 'Acknowledge' }).click();
    await driver.page.getByText('Acknowledged. Thank you.').waitFor();
    await expect
      .poll(() => driver.page.getByTestId('to-acknowledge').count(), { timeout: 30_000 })
      .toBe(count - 1);
    await driver.context.close();

    // the manager sees when: in the case, and in the coaching report of the period
    const seen = await api<SafetyCaseDetail>(`/api/safety/cases/${open.id}`, { token: manager });
    expect(seen.acknowledgedAt).not.toBeNull();
    expect(seen.history.at(-1)).toMatchObject({ action: 'ACKNOWLEDGE' });
    const report = await openAs(browser, 'manager');
    await report.page.getByRole('link', { name: 'Coaching report' }).click();
    await report.page.getByRole('heading', { level: 1, name: 'Coaching report' }).waitFor();
    await report.page.getByTestId('coaching-report').waitFor();
    await screenshot(report.page, 'coaching-report');
    await report.context.close();
  });
});
