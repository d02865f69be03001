import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { auditContexts } from './a11y.js';
import { launch, screenshot } from './browser.js';
import { ACCOUNTS, PASSWORD, e2e } from './fixtures.js';

/**
 * The portal served on a network (HOST=0.0.0.0) and opened by a host name over plain HTTP,
 * as another machine on the LAN opens it. The CSP's upgrade-insecure-requests once turned every
 * script and style into an https:// address nobody serves: a blank page. Chromium maps the
 * name fleet.test to the loopback test server (the server still listens on 127.0.0.1 only).
 */

const HOST = 'fleet.test';
let browser: Browser;
let portalUrl: string;

beforeAll(async () => {
  browser = auditContexts(
    await launch(e2e().chromium, [`--host-resolver-rules=MAP ${HOST} 127.0.0.1`]),
  );
  const url = new URL(e2e().baseUrl);
  url.hostname = HOST;
  portalUrl = url.origin;
});
afterAll(() => browser?.close());

it('renders the sign-in page at a network host name over HTTP, and signs in', async () => {
  const context = await browser.newContext({
    viewport: { width: 1400, height: 900 },
    locale: 'en-US',
  });
  const page = await context.newPage();
  const failed: string[] = [];
  page.on('requestfailed', (request) =>
    failed.push(`${request.url()} ${request.failure()?.errorText}`),
  );
  const answer = await page.goto(`${portalUrl}/login`);
  expect(answer?.status()).toBe(200);
  // Not a blank page: the app's scripts ran and drew the form.
  await page.getByRole('heading', { name: 'Sign in' }).waitFor({ timeout: 15_000 });
  expect(answer?.headers()['content-security-policy']).not.toContain('upgrade-insecure-requests');
  expect(answer?.headers()['strict-transport-security']).toBeUndefined();
  // The scripts and styles came from the address the page was opened at, over HTTP.
  const assets = await page.evaluate(() =>
    Array.from(
      document.querySelectorAll<HTMLScriptElement | HTMLLinkElement>(
        'script[src], link[rel=stylesheet]',
      ),
      (e) => ('src' in e ? e.src : e.href),
    ),
  );
  expect(assets.length).toBeGreaterThan(0);
  for (const asset of assets) expect(asset.startsWith(`${portalUrl}/`), asset).toBe(true);
  await screenshot(page, 'network-host-sign-in');

  const { organisation, username } = ACCOUNTS.manager;
  await page.getByLabel('Organisation').fill(organisation);
  await page.getByLabel('User name').fill(username);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/overview');
  await page.getByRole('heading', { level: 1, name: organisation }).waitFor();
  expect(new URL(page.url()).origin).toBe(portalUrl);
  expect(failed).toEqual([]);
  await context.close();
});
