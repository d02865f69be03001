import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccessibilityError, axeViolations, checkScreen } from './a11y.js';
import { e2e, openBrowser } from './fixtures.js';

/** The check every browser test relies on (a11y.ts) finds what it should, and fails the test. */

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const BROKEN = `<!doctype html><html lang="en"><head><title>Broken</title></head><body><main>
  <p style="color:#bbb;background:#fff">Pale text</p>
  <div class="progress" role="progressbar" aria-valuenow="40" aria-valuemin="0" aria-valuemax="100"></div>
  <ul><div>not an item</div></ul>
  <button aria-label="Menu">Olivia Evers</button>
</main></body></html>`;

const FIXED = `<!doctype html><html lang="en"><head><title>Fixed</title></head><body><main>
  <p style="color:#595959;background:#fff">Readable text</p>
  <div class="progress" role="progressbar" aria-label="Truck 1: 40 km" aria-valuenow="40"
    aria-valuemin="0" aria-valuemax="100"></div>
  <ul><li>an item</li></ul>
  <button aria-label="Olivia Evers, user menu">Olivia Evers</button>
</main></body></html>`;

describe('accessibility check', () => {
  it('reports the serious violations of a page with their rule, targets and help', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.setContent(BROKEN);
    const found = await axeViolations(page, 'broken');
    expect(found.map((v) => v.id).sort()).toEqual(
      ['aria-progressbar-name', 'color-contrast', 'label-content-name-mismatch', 'list'].sort(),
    );
    const contrast = found.find((v) => v.id === 'color-contrast')!;
    expect(contrast.targets).toEqual(['p']);
    expect(contrast.help).toMatch(/contrast/i);

    await page.setContent(FIXED);
    expect(await axeViolations(page, 'fixed')).toEqual([]);
    await context.close();
  });

  it('fails closing a context that showed a screen with a violation, naming the screen', async () => {
    const context = await browser.newContext({ baseURL: e2e().baseUrl });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    await page.evaluate(() => {
      const button = document.querySelector('button[type=submit]')!;
      button.setAttribute('aria-label', 'Go');
    });
    await checkScreen(page, 'with a renamed button');
    const closing = await context.close().catch((e: unknown) => e);
    expect(closing).toBeInstanceOf(AccessibilityError);
    const { violations } = closing as AccessibilityError;
    expect(violations.map((v) => [v.id, v.screen])).toEqual([
      ['label-content-name-mismatch', '/login (with a renamed button)'],
    ]);
  });
});
