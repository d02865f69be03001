import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { checkScreen } from './a11y.js';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Debian's Chromium (or CHROMIUM_PATH); Playwright never downloads a browser here. */
export function findChromium(): string {
  const found = [process.env.CHROMIUM_PATH, ...CANDIDATES].find((p) => p && existsSync(p));
  if (!found) {
    throw new Error(
      'Browser tests need Chromium: apt-get install -y chromium (or set CHROMIUM_PATH)',
    );
  }
  return found;
}

/** `extraArgs`: more Chromium switches, e.g. a host name mapped to the loopback test server. */
export function launch(executablePath: string, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--enable-unsafe-swiftshader',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      ...extraArgs,
    ],
  });
}

export const SCREENSHOTS = path.resolve(import.meta.dirname, 'screenshots');

/**
 * Screenshots are for people to look at; e2e/screenshots is ignored by git. Each one is a state
 * worth seeing, so axe checks it too (reported when the test closes the context).
 */
export async function screenshot(page: Page, name: string): Promise<void> {
  await checkScreen(page, name);
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOTS, `${name}.png`), fullPage: true });
}
