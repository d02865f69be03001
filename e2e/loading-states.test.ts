import type { Browser, Locator, Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Account, api, apiToken, openAs, openBrowser, seedTruckTrip } from './fixtures.js';

/**
 * No false empty states (issue 19 §11): every screen shows a loading state, never an empty or
 * "none" answer it has not received. For each screen the test holds its data calls (page.route),
 * sees a loading status and no empty text while they are held, then lets them through and sees
 * the answer. The fleet it shows is one truck with a trip of its own, made through the API.
 */

const minute = 60_000;
const RUN = Date.now().toString(36);

let browser: Browser;
let organisationId: number;
let assetId: number;
let groupId: number;

interface Screen {
  name: string;
  account?: Account;
  /** where to go; a function of the fleet this file made */
  path: () => string;
  /** the calls held (the URL's path and query) */
  hold: RegExp;
  /** a text the screen must not show while they are held */
  emptyText: string | RegExp;
  /** after the page opened, what a user does to see the screen (a tab, a list opened) */
  open?: (page: Page) => Promise<void>;
  /** how the screen says it loads (default: a status, components/loading.tsx) */
  loading?: (page: Page) => Locator;
  /** the answer, once the calls went through */
  answer: (page: Page) => Locator;
}

const status = (page: Page) =>
  page
    .getByRole('status', { name: /^Loading/ })
    .filter({ visible: true })
    .first();
const entity = (tab?: string) => () => `/entities/ASSET/${assetId}${tab ? `?tab=${tab}` : ''}`;
const tab = (name: string) => (page: Page) => page.getByRole('tab', { name, exact: true }).click();

const SCREENS: Screen[] = [
  {
    name: 'fleet overview',
    path: () => '/overview',
    hold: /\/api\/organisations\/\d+\/assets\/fleet(\?|$)/,
    emptyText: 'No asset of this organisation has a device yet.',
    answer: (page) => page.getByTestId('fleet-cards'),
  },
  {
    name: 'fleet driving style',
    path: () => '/drivingstyle',
    hold: /\/api\/organisations\/\d+\/reports\//,
    emptyText: 'Nothing to rank in this period.',
    answer: (page) => page.getByTestId('ranking-distance').getByRole('link').first(),
  },
  {
    name: 'entity calendar',
    path: entity(),
    hold: /\/api\/organisations\/\d+\/reports\//,
    emptyText: 'Nothing in this period.',
    answer: (page) => page.getByTestId('calendar-day').first(),
  },
  {
    name: 'entity trips',
    path: entity('trips'),
    hold: /\/api\/assets\/\d+\/trips/,
    emptyText: 'No trips on this day.',
    answer: (page) => page.getByTestId('trip-card').first(),
  },
  {
    name: 'entity driving style',
    path: entity('drivingStyle'),
    hold: /\/api\/organisations\/\d+\/reports\//,
    emptyText: 'No driving in this period.',
    answer: (page) => page.getByTestId('driving-style'),
  },
  {
    name: 'entity heatmap',
    path: entity('heatmap'),
    hold: /\/api\/assets\/\d+\/heatmap/,
    emptyText: /\b0 events on the map/,
    answer: (page) => page.getByTestId('heatmap-count'),
  },
  {
    name: 'entity raw data',
    // raw data is the OEM's and the integrator's (roles.ts): a manager has no such tab
    account: 'integrator',
    path: entity('rawData'),
    hold: /\/api\/assets\/\d+\/rawdatas/,
    emptyText: 'No raw data in this period.',
    answer: (page) => page.getByTestId('raw-data-entry').first(),
  },
  {
    name: 'entity media',
    path: entity('media'),
    hold: /\/api\/assets\/\d+\/media(\?|$)/,
    emptyText: 'No pictures or videos in this period.',
    // The truck sent no media: the answer is that there is none, once it came.
    answer: (page) => page.getByTestId('media-empty').or(page.getByTestId('media-timeline')),
  },
  {
    name: 'entity media requests',
    path: entity('media'),
    hold: /\/api\/assets\/\d+\/mediarequests/,
    emptyText: 'No media requests in this period.',
    open: tab('Requests'),
    answer: (page) =>
      page.getByTestId('media-requests-empty').or(page.getByTestId('media-requests')),
  },
  {
    name: 'entity monitorings',
    path: entity('monitoring'),
    hold: /\/api\/assets\/\d+\/assetmonitorings(\?|$)/,
    emptyText: 'No monitorings in this period.',
    answer: (page) =>
      page.getByText('No monitorings in this period.').or(page.getByTestId('monitoring-card')),
  },
  {
    name: 'entity interval',
    path: () => `/entities/ASSET/${assetId}/interval`,
    hold: /\/api\/organisations\/\d+\/reports\//,
    emptyText: 'Nothing in this period.',
    answer: (page) => page.getByTestId('entity-intervals'),
  },
  {
    name: 'management list',
    path: () => `/management/assets?search=${RUN}`,
    hold: /\/api\/organisations\/\d+\/assets(\?|$)/,
    emptyText: 'Nothing found.',
    answer: (page) => page.getByRole('row', { name: new RegExp(`Loading truck ${RUN}`) }),
  },
  {
    name: 'management overview',
    path: () => '/management/overview',
    hold: /\/managementoverview/,
    emptyText: /Nothing needs attention/,
    answer: (page) => page.getByTestId('count-assets'),
  },
  {
    name: 'group members',
    path: () => `/management/entity/members?type=groups&id=${groupId}`,
    hold: /\/api\/groups\/\d+\/(members|membercandidates)/,
    emptyText: 'None.',
    answer: (page) => page.getByText(`Loading truck ${RUN}`).first(),
  },
  {
    name: 'asset links',
    path: () => `/management/entity/links?type=assets&id=${assetId}`,
    hold: /\/api\/assets\/\d+\/(device|driver)links/,
    emptyText: 'No links.',
    answer: (page) => page.getByText(`Tester ${RUN}`).filter({ visible: true }).first(),
  },
  {
    name: 'asset configs',
    path: () => `/management/entity/configs?type=assets&id=${assetId}`,
    hold: /\/api\/assets\/\d+\/configs/,
    emptyText: 'No device is linked to this asset.',
    answer: (page) => page.getByTestId('device-state'),
  },
  {
    name: 'organisation settings',
    path: () => '/management/organisationsettings',
    hold: /\/api\/organisations\/\d+\/settings/,
    emptyText: 'Nothing saved yet: these are the defaults.',
    answer: (page) => page.getByRole('form', { name: 'Organisation settings' }),
  },
  {
    name: 'organisation picker',
    path: () => '/management/overview',
    hold: /\/api\/organisations(\?|$)/,
    emptyText: 'No organisations found',
    open: (page) => page.getByRole('combobox', { name: 'Organisations' }).click(),
    loading: (page) => page.getByRole('listbox').getByText('Loading…'),
    answer: (page) =>
      page.getByRole('listbox').getByRole('option', { name: 'Demo Transport', exact: true }),
  },
  {
    name: 'synchronization',
    account: 'oem',
    path: () => `/management/synchronization?organisation=${organisationId}`,
    hold: /\/sync-api\/organisations\/\d+\/(apikeys|results|configuration)/,
    emptyText: /No keys issued|No runs in this period/,
    answer: (page) =>
      page
        .getByTestId('api-keys')
        .getByText(/No keys issued|Revoke/)
        .first(),
  },
  {
    name: 'failed synchronizations',
    account: 'oem',
    path: () => '/oem/failedsynchronizations',
    hold: /\/sync-api\/lastresults/,
    emptyText: 'No synchronization failed.',
    answer: (page) =>
      page.getByText('No synchronization failed.').or(page.getByRole('table')).first(),
  },
  {
    name: 'OEM organisations',
    account: 'oem',
    path: () => '/oem/organisations',
    hold: /\/api\/organisations\/\d+\/organisations(\?|$)/,
    emptyText: 'Nothing found.',
    answer: (page) => page.getByRole('row', { name: /Demo Transport/ }).first(),
  },
];

/** Holds the page's calls that match `pattern` until `release` is called. */
async function holdCalls(page: Page, pattern: RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(
    (url) => pattern.test(url.pathname + url.search),
    async (route: Route) => {
      held++;
      await released;
      await route.continue().catch(() => {}); // the page may have gone on meanwhile
    },
  );
  return { release, held: () => held };
}

beforeAll(async () => {
  browser = await openBrowser();
  const token = await apiToken('manager');
  const [org] = await api<{ id: number }[]>('/api/organisations', { token });
  organisationId = org!.id;
  const end = new Date(Date.now() - 5 * minute);
  const start = new Date(end.getTime() - 20 * minute);
  const truck = await seedTruckTrip(token, organisationId, {
    name: `Loading truck ${RUN}`,
    driver: { firstName: 'Lotte', lastName: `Tester ${RUN}` },
    start,
    minutes: 20,
    stops: false,
    counters: {
      odometer: 2_000_000,
      engineHours: 500,
      totalFuelUsed: 900,
      drivingTime: 9_000,
      harshAccelerationCount: 0,
    },
  });
  assetId = truck.assetId;
  const group = await api<{ id: number }>(`/api/organisations/${organisationId}/groups`, {
    method: 'POST',
    token,
    body: JSON.stringify({ name: `Loading group ${RUN}` }),
  });
  groupId = group.id;
  await api(`/api/groups/${groupId}/assets/${assetId}`, { method: 'PUT', token });
}, 120_000);
afterAll(() => browser?.close());

describe('no false empty states (issue 19 §11)', () => {
  for (const screen of SCREENS) {
    it(`${screen.name}: loading while its calls are held, then the answer`, async () => {
      const { context, page } = await openAs(browser, screen.account ?? 'manager');
      const calls = await holdCalls(page, screen.hold);
      await page.goto(screen.path());
      await screen.open?.(page);
      await expect.poll(calls.held, { timeout: 30_000 }).toBeGreaterThan(0);
      await (screen.loading ?? status)(page).waitFor();
      const shown = page.getByText(screen.emptyText).filter({ visible: true });
      expect(await shown.count(), `"${String(screen.emptyText)}" before the answer`).toBe(0);
      calls.release();
      await screen.answer(page).waitFor();
      await context.close();
    });
  }
});
