import { SignJWT, decodeJwt } from 'jose';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { inject } from 'vitest';
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

export async function openBrowser(): Promise<Browser> {
  return launch(e2e().chromium);
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
