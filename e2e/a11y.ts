import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { AxeResults, ImpactValue } from 'axe-core';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';

/**
 * Accessibility checks of every screen the browser tests show (issue 7 §8): axe-core runs in the
 * page, and any serious or critical violation fails the test. `auditContexts` makes every context
 * of a browser check itself, so a screen added later is checked without anyone remembering.
 */

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);
const FAILING: ImpactValue[] = ['serious', 'critical'];

export interface Violation {
  /** Where the page was and what it showed, e.g. `/overview (details open)`. */
  screen: string;
  id: string;
  impact: ImpactValue;
  help: string;
  helpUrl: string;
  targets: string[];
  /** axe's explanation for the first few nodes (contrast ratios, missing names). */
  summaries: string[];
}

/** Runs axe-core in the page as it is now; returns the serious and critical violations. */
export async function axeViolations(page: Page, screen: string): Promise<Violation[]> {
  const injected = await page.evaluate(() => 'axe' in window);
  if (!injected) await page.evaluate(axeSource);
  const results = await page.evaluate(
    () =>
      (window as unknown as { axe: { run: (o: object) => Promise<AxeResults> } }).axe.run({
        resultTypes: ['violations'],
      }) as Promise<AxeResults>,
  );
  return results.violations
    .filter((v) => v.impact && FAILING.includes(v.impact))
    .map((v) => ({
      screen,
      id: v.id,
      impact: v.impact!,
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((n) => n.target.join(' ')),
      summaries: v.nodes.slice(0, 3).map((n) => n.failureSummary ?? ''),
    }));
}

export function describeViolations(violations: Violation[]): string {
  return violations
    .map((v) => {
      const targets = v.targets.slice(0, 8).join('\n      ');
      const more = v.targets.length > 8 ? `\n      … and ${v.targets.length - 8} more` : '';
      const why = v.summaries.map((s) => s.replace(/\s*\n\s*/g, ' ')).join('\n      ');
      return (
        `[${v.impact}] ${v.id} on ${v.screen}: ${v.help} (${v.helpUrl})\n` +
        `    ${v.targets.length} node(s):\n      ${targets}${more}\n    why:\n      ${why}`
      );
    })
    .join('\n');
}

export class AccessibilityError extends Error {
  constructor(readonly violations: Violation[]) {
    super(
      `${violations.length} serious or critical accessibility violation(s):\n` +
        describeViolations(violations),
    );
    this.name = 'AccessibilityError';
  }
}

const screenName = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

/** The push channel's stream (`GET /api/events`) stays open while a page is signed in. */
const isStream = (request: Request) => new URL(request.url()).pathname === '/api/events';
const underWay = new WeakMap<Page, Set<Request>>();

/** Counts the page's requests under way, leaving out the push channel's stream. */
function trackRequests(page: Page): Set<Request> {
  let open = underWay.get(page);
  if (open) return open;
  const requests = new Set<Request>();
  underWay.set(page, requests);
  page.on('request', (request) => {
    if (!isStream(request)) requests.add(request);
  });
  const done = (request: Request) => requests.delete(request);
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  open = requests;
  return open;
}

/**
 * No request under way for half a second, at most `timeout`. Playwright's 'networkidle' never
 * comes while the push channel's stream is open (issue 19 §3), so the requests are counted here:
 * the page's own request events restart the half second, nothing is read on a clock.
 */
export function networkQuiet(page: Page, timeout = 5_000): Promise<void> {
  const open = trackRequests(page);
  return new Promise((resolve) => {
    let quiet: ReturnType<typeof setTimeout> | undefined;
    const done = () => {
      clearTimeout(quiet);
      clearTimeout(limit);
      page.off('request', check);
      page.off('requestfinished', check);
      page.off('requestfailed', check);
      page.off('close', done);
      resolve();
    };
    // Runs after trackRequests' own listeners: `open` is up to date.
    function check() {
      clearTimeout(quiet);
      if (open.size === 0) quiet = setTimeout(done, 500);
    }
    const limit = setTimeout(done, timeout);
    page.on('request', check);
    page.on('requestfinished', check);
    page.on('requestfailed', check);
    page.on('close', done);
    check();
  });
}

/** Waits until the screen has loaded what it shows: no requests for a moment, no spinner. */
async function settle(page: Page): Promise<void> {
  // Map tiles cannot load in a sandbox and the fleet refreshes itself: do not wait forever.
  await networkQuiet(page);
  await page
    .locator('.spinner-border:visible, .placeholder-glow:visible')
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => {});
  // Bootstrap's fades and collapses last 150-350 ms; contrast is read mid-fade otherwise: wait
  // until no transition or animation with an end is running (spinners run forever).
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every(
            (a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity,
          ),
      undefined,
      { timeout: 5_000, polling: 'raf' },
    )
    .catch(() => {});
}

interface Audit {
  violations: Violation[];
  /** Screens (path and query) the context's pages showed, in order. */
  visited: Set<string>;
  /** Screens already checked in the state a test left them. */
  checked: Set<string>;
}
const audits = new WeakMap<BrowserContext, Audit>();
const auditOfPage = (page: Page) => audits.get(page.context());

/**
 * Checks the page as it is now and remembers what axe found; the context reports it when it is
 * closed. For states only a test can reach (details open, a map drawn): `screenshot` calls it.
 */
export async function checkScreen(page: Page, state?: string): Promise<void> {
  const audit = auditOfPage(page);
  if (!audit || page.isClosed()) return;
  await settle(page);
  await checkSettled(page, audit, state);
}

async function checkSettled(page: Page, audit: Audit, state?: string): Promise<void> {
  const screen = screenName(page);
  audit.checked.add(screen);
  audit.violations.push(...(await axeViolations(page, state ? `${screen} (${state})` : screen)));
}

/**
 * Makes the context check every screen its pages show: each page as the test leaves it, and each
 * other screen (path and query) a page went to, opened again in a new page of the same context
 * (same session and settings), when the test closes the context. Closing fails if axe found any
 * serious or critical violation on any of them.
 */
export function auditContext(context: BrowserContext): BrowserContext {
  if (audits.has(context)) return context;
  const audit: Audit = { violations: [], visited: new Set(), checked: new Set() };
  audits.set(context, audit);
  const watch = (page: Page) => {
    trackRequests(page);
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame()) return;
      const url = new URL(frame.url());
      if (url.protocol.startsWith('http')) audit.visited.add(url.pathname + url.search);
    });
  };
  context.pages().forEach(watch);
  context.on('page', watch);

  const close = context.close.bind(context);
  context.close = async (options) => {
    try {
      for (const page of context.pages()) await checkScreen(page);
      // A screen opened again is checked once per user and browser: each test's sign-in goes
      // through /login and /overview, and checking them again in every context only cost time.
      const done = reopenedBy(context, await signedInUser(context));
      const others = [...audit.visited].filter((s) => !audit.checked.has(s) && !done.has(s));
      if (others.length) {
        const page = await context.newPage();
        for (const screen of others) {
          done.add(screen);
          await page.goto(screen);
          await settle(page);
          // Opened again, a screen may lead to another (signed in, /login goes to /overview):
          // one already checked in this context or opened again before is not checked again.
          if (audit.checked.has(screenName(page)) || done.has(screenName(page))) continue;
          done.add(screenName(page));
          await checkSettled(page, audit, `opened again at ${screen}`);
        }
      }
    } finally {
      await close(options);
    }
    if (audit.violations.length) throw new AccessibilityError(dedupe(audit.violations));
  };
  return context;
}

/** Screens opened again by `close`, per browser and signed-in user (or none). */
const reopened = new WeakMap<object, Map<string, Set<string>>>();
function reopenedBy(context: BrowserContext, user: string): Set<string> {
  const key = context.browser() ?? context;
  const users = reopened.get(key) ?? new Map<string, Set<string>>();
  reopened.set(key, users);
  const screens = users.get(user) ?? new Set<string>();
  users.set(user, screens);
  return screens;
}

/** The session's user and organisation as the web app keeps them (lib/session.ts), or ''. */
async function signedInUser(context: BrowserContext): Promise<string> {
  const { origins } = await context.storageState();
  for (const origin of origins) {
    const stored = origin.localStorage.find((item) => item.name === 'user')?.value;
    if (!stored) continue;
    try {
      const user = JSON.parse(stored) as { user_id?: number; user_organisation_id?: number };
      return `${user.user_id}@${user.user_organisation_id}`;
    } catch {
      return '';
    }
  }
  return '';
}

/** The same rule on the same nodes is reported once, with the first screen it was seen on. */
function dedupe(violations: Violation[]): Violation[] {
  const seen = new Set<string>();
  return violations.filter((v) => {
    const key = `${v.id} ${v.targets.join(',')}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every context this browser opens checks its screens (see `auditContext`). */
export function auditContexts(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => auditContext(await newContext(options));
  return browser;
}
