import { SignJWT, decodeJwt } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
import { fromDateTimeLocal, toLocalIso } from '../apps/web/src/lib/fleet-time.js';
import { auditContexts } from './a11y.js';
import { launch } from './browser.js';

export const PASSWORD = 'demo-pass';
export const ACCOUNTS = {
  oem: { organisation: 'Fleetwise OEM', username: 'oem', name: 'Olivia Evers' },
  reseller: { organisation: 'Northline Reseller', username: 'reseller', name: 'Ruben Smit' },
  manager: { organisation: 'Demo Transport', username: 'manager', name: 'Marit de Vries' },
  integrator: { organisation: 'Demo Transport', username: 'integrator', name: 'Ivo Jansen' },
  driver: { organisation: 'Demo Transport', username: 'driver', name: 'Daan Bakker' },
} as const;
export type Account = keyof typeof ACCOUNTS;

export const e2e = () => inject('e2e');

/** The browser of the tests; every context it opens runs axe on each screen it shows (a11y.ts). */
export async function openBrowser(): Promise<Browser> {
  return auditContexts(await launch(e2e().chromium));
}

/** A fresh context (empty local storage) at the given width, in English. */
export async function newPage(
  browser: Browser,
  width = 1400,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: 'en-US',
    baseURL: e2e().baseUrl,
  });
  return { context, page: await context.newPage() };
}

/** The fleet's time zone of this run (the server's TIMEZONE, fleet-zone.ts): the zone the tests' pages run in. */
export const ZONE = e2e().zone;

/** A local date and time of the fleet ('2026-11-27T10:30' or with seconds) with its offset, as the portal sends it. */
export const withZoneOffset = (input: string): string =>
  toLocalIso(fromDateTimeLocal(input, ZONE), ZONE);

export interface OpenOptions {
  /** viewport width (default 1400) */
  width?: number;
  /** the language the user picked in the user menu (default English) */
  language?: 'en' | 'nl';
  /** the browser's time zone (default ZONE) */
  timezoneId?: string;
}

/**
 * A fresh context signed in as `account` through the sign-in page, on its landing page with the
 * organisation's heading shown; in Dutch after a reload when asked (the sign-in helper reads the
 * English labels, and the language choice applies from the next page load).
 */
export async function openAs(
  browser: Browser,
  account: Account,
  { width = 1400, language = 'en', timezoneId = ZONE }: OpenOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width, height: 900 },
    locale: 'en-US',
    timezoneId,
    baseURL: e2e().baseUrl,
  });
  const page = await context.newPage();
  await signIn(page, account);
  const landing = page.getByRole('heading', { level: 1, name: ACCOUNTS[account].organisation });
  await landing.waitFor();
  if (language !== 'en') {
    await page.evaluate((chosen) => localStorage.setItem('language', chosen), language);
    await page.reload();
    await landing.waitFor();
  }
  return { context, page };
}

export async function signIn(page: Page, account: Account): Promise<void> {
  const { organisation, username } = ACCOUNTS[account];
  await page.goto('/login');
  await page.getByLabel('Organisation').fill(organisation);
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/overview');
}

export interface StoredUser {
  accessToken: string;
  refreshToken: string;
  organisation_id: number;
  user_organisation_id: number;
  user_id: number;
  user_role: string;
}

export const storedUser = (page: Page) =>
  page.evaluate(() => {
    const raw = localStorage.getItem('user');
    return raw ? (JSON.parse(raw) as StoredUser) : null;
  });

/** The same claims as the given token, signed with the server's secret but already expired. */
export async function expiredCopy(token: string): Promise<string> {
  const { organisation_id, user_id, user_role } = decodeJwt(token);
  return new SignJWT({ organisation_id, user_id, user_role })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
    .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
    .sign(new TextEncoder().encode(e2e().jwtSecret));
}

/** A call to the server's JSON API, as the user of `token` if given; fails on any error status. */
export async function api<T>(
  path: string,
  init: RequestInit & { token?: string } = {},
): Promise<T> {
  const headers: Record<string, string> = {};
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (init.token) headers.Authorization = `Bearer ${init.token}`;
  const response = await fetch(`${e2e().baseUrl}${path}`, { ...init, headers });
  const body = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${response.status} ${body}`);
  return (body ? JSON.parse(body) : undefined) as T;
}

/** Posts `body` to the device API (`records`, `datapoints`) as the device of `credential`. */
export async function deviceApi(credential: string, path: string, body: unknown): Promise<void> {
  const response = await fetch(`${e2e().baseUrl}/device-api/v1/${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${credential}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
}

/** Signs in through the API as `account`: its access token. */
export async function apiToken(account: Account): Promise<string> {
  const { organisation, username } = ACCOUNTS[account];
  const { accessToken } = await api<{ accessToken: string }>('/api/login', {
    method: 'POST',
    body: JSON.stringify({ organisation, username, password: PASSWORD }),
  });
  return accessToken;
}

const MINUTE = 60_000;

/** Central Utrecht, in the device API's units (1e-5°). */
export const UTRECHT = { latitude: 5209000, longitude: 512000 };

/** Where a seeded truck is `minutes` into its trip from `origin`: eastwards, about 1 km a minute. */
export const routePoint = (minutes: number, origin = UTRECHT) => ({
  latitude: origin.latitude + minutes * 20,
  longitude: origin.longitude + minutes * 1300,
});

/** The seeded trip's positions: every 30 s along routePoint's route for 35 minutes from `start`. */
export const sendRoutePositions = (credential: string, start: Date) =>
  deviceApi(credential, 'datapoints', {
    datapoints: Array.from({ length: 71 }, (_, i) => ({
      timestamp: new Date(start.getTime() + i * 30_000).toISOString(),
      location: routePoint(i / 2),
      speed: 60,
    })),
  });

export interface TruckTripOptions {
  /** The asset's name; the device is named after it. */
  name: string;
  /** The asset's driver; by default "Dirk <name> driver". */
  driver?: { firstName: string; lastName: string };
  /** When the trip starts. */
  start: Date;
  /** How long the trip lasts: one record a minute, the harsh acceleration at 10:20. */
  minutes: number;
  /** Whether the trip ends with a TRIP_STOP; if not, the truck is still driving. */
  stops: boolean;
  /** The device's counters when the trip starts; each truck has its own. */
  counters: {
    odometer: number;
    engineHours: number;
    totalFuelUsed: number;
    drivingTime: number;
    harshAccelerationCount: number;
  };
  /** Where the trip starts; by default central Utrecht. */
  origin?: { latitude: number; longitude: number };
}

export interface SeededTruck {
  assetId: number;
  driverId: number;
  device: { id: number; credential: string };
}

/**
 * Creates an asset with a device and a driver (linked from an hour before `start`) as the user of
 * `token`, sends the device's raw records of one trip from Utrecht eastwards (about 1 km a minute,
 * with one harsh acceleration) and waits until the engine has computed that trip.
 */
export async function seedTruckTrip(
  token: string,
  organisationId: number,
  options: TruckTripOptions,
): Promise<SeededTruck> {
  const { name, start, minutes, stops, counters: base } = options;
  const driverName = options.driver ?? { firstName: 'Dirk', lastName: `${name} driver` };
  const asset = await api<{ id: number }>(`/api/organisations/${organisationId}/assets`, {
    method: 'POST',
    token,
    body: JSON.stringify({ name }),
  });
  const driver = await api<{ id: number }>(`/api/organisations/${organisationId}/drivers`, {
    method: 'POST',
    token,
    body: JSON.stringify(driverName),
  });
  const device = await api<{ id: number; credential: string }>(
    `/api/organisations/${organisationId}/devices`,
    {
      method: 'POST',
      token,
      body: JSON.stringify({ name: `${name} unit`, identifier: name.replace(/\W/g, '-') }),
    },
  );
  const from = encodeURIComponent(new Date(start.getTime() - 60 * MINUTE).toISOString());
  for (const link of [`devices/${device.id}`, `drivers/${driver.id}`]) {
    await api(`/api/assets/${asset.id}/${link}?from=${from}`, { method: 'PUT', token });
  }

  const at = (m: number) => routePoint(m, options.origin);
  const counters = (m: number) => ({
    odometer: base.odometer + m * 1000,
    engineHours: base.engineHours + m / 60,
    totalFuelUsed: base.totalFuelUsed + m * 0.35,
    drivingTime: base.drivingTime + m * 55,
    idleTime: 9_000 + m * 5,
    harshAccelerationCount: base.harshAccelerationCount + (m >= 10 ? 1 : 0),
  });
  const time = (m: number) => new Date(start.getTime() + m * MINUTE).toISOString();
  const records = [
    { timestamp: time(0), transferReason: 'TRIP_START', location: at(0), speed: 0, ...counters(0) },
    ...Array.from({ length: minutes - 1 }, (_, i) => ({
      timestamp: time(i + 1),
      transferReason: 'PERIODIC',
      location: at(i + 1),
      speed: 60,
      ...counters(i + 1),
    })),
    {
      timestamp: new Date(start.getTime() + 10 * MINUTE + 20_000).toISOString(),
      transferReason: 'EVENTS',
      location: at(10.3),
      speed: 40,
      events: [{ eventType: 'HARSH_ACCELERATION' }],
      ...counters(10),
    },
    {
      timestamp: time(minutes),
      transferReason: stops ? 'TRIP_STOP' : 'PERIODIC',
      location: at(minutes),
      speed: stops ? 0 : 60,
      ...counters(minutes),
    },
  ];
  await deviceApi(device.credential, 'records', { records });

  // Trips are computed in the background: wait for this one.
  const window = `from=${encodeURIComponent(time(-10))}&until=${encodeURIComponent(new Date().toISOString())}`;
  for (let i = 0; i < 60; i++) {
    const trips = await api<unknown[]>(`/api/assets/${asset.id}/trips?${window}`, { token });
    if (trips.length) return { assetId: asset.id, driverId: driver.id, device };
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the seeded trip of ${name} was not computed in 30 s`);
}
