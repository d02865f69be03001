import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { screenshot } from './browser.js';
import {
  api,
  apiToken,
  deviceApi,
  openAs,
  openBrowser,
  seedTruckTrip,
  type SeededTruck,
} from './fixtures.js';

/**
 * Issue 19 §3: open screens follow what happens without a reload, by the push channel
 * (GET /api/events). A truck this file creates drives; its device syncs a media request and
 * stops, while the screens stay open.
 */
const minute = 60_000;
/** The push channel's promise: a change shows within about 2 s (no polling to wait for). */
const PUSHED_MS = 2500;
let browser: Browser;
let token: string;
let truck: SeededTruck;
const name = `E2E live ${Date.now().toString(36)}`;

beforeAll(async () => {
  browser = await openBrowser();
  token = await apiToken('manager');
  const [organisation] = await api<{ id: number; name: string }[]>('/api/organisations', {
    token,
  });
  truck = await seedTruckTrip(token, organisation!.id, {
    name,
    start: new Date(Date.now() - 12 * minute),
    minutes: 10,
    stops: false,
    counters: {
      odometer: 3_000_000,
      engineHours: 3000,
      totalFuelUsed: 9000,
      drivingTime: 90_000,
      harshAccelerationCount: 30,
    },
  });
}, 90_000);
afterAll(() => browser?.close());

const card = (page: Page) =>
  page.getByTestId('fleet-card').filter({ has: page.getByRole('link', { name, exact: true }) });

describe('pushed changes', () => {
  it('the media request timeline turns to synced once the device takes the request', async () => {
    const { context, page } = await openAs(browser, 'manager');
    await page.goto(`/entities/ASSET/${truck.assetId}?tab=media`);
    await page.getByRole('tab', { name: 'Requests' }).click();
    await page.getByTestId('media-requests-empty').waitFor();
    await api(`/api/assets/${truck.assetId}/mediarequests`, {
      method: 'POST',
      token,
      body: JSON.stringify({
        mediaType: 'PICTURE',
        cameraMask: 1,
        mediaTimestamp: new Date(Date.now() - minute).toISOString(),
      }),
    });
    const state = page.getByTestId('media-request').first().getByTestId('media-request-state');
    await state
      .getByText('Waiting for the device', { exact: true })
      .waitFor({ timeout: PUSHED_MS });

    // The device's long-poll takes the command, then acknowledges it.
    const polled = await fetch(`${new URL(page.url()).origin}/device-api/v1/commands`, {
      headers: { Authorization: `Bearer ${truck.device.credential}` },
    });
    const { commands } = (await polled.json()) as { commands: { id: number; kind: string }[] };
    const command = commands.find((c) => c.kind === 'MEDIA_REQUEST')!;
    await deviceApi(truck.device.credential, `commands/${command.id}/ack`, {});
    await state.getByText('Synced with device', { exact: true }).waitFor({ timeout: PUSHED_MS });
    expect(await state.textContent()).toBe('Synced with device');
    await screenshot(page, 'live-media-request-synced');
    await context.close();
  });

  it('the fleet overview turns Driving to Stationary when the truck stops', async () => {
    const { context, page } = await openAs(browser, 'manager');
    const status = card(page).getByTestId('fleet-status');
    await status.getByText('Driving', { exact: true }).waitFor();
    await deviceApi(truck.device.credential, 'records', {
      records: [
        {
          timestamp: new Date().toISOString(),
          transferReason: 'TRIP_STOP',
          location: { latitude: 5209300, longitude: 527000 },
          speed: 0,
          odometer: 3_012_000,
          engineHours: 3000.2,
          totalFuelUsed: 9004.2,
          drivingTime: 90_660,
          idleTime: 9_060,
          harshAccelerationCount: 31,
        },
      ],
    });
    // The engine derives the trip's end in the background; the card follows without Refresh.
    await status.getByText('Stationary', { exact: true }).waitFor({ timeout: 10_000 });
    await screenshot(page, 'live-fleet-stationary');
    await context.close();
  });
});
