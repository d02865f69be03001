import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceCommand, DeviceMonitoring, MediaItem } from '@fleet/contract';
import { fleetSeed, unique } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { multipart, testJpeg } from '../../test/media-test-files.js';

/**
 * Who may call what: role × organisation × route for media, media requests, monitoring and
 * the sync base, with every route of the OpenAPI document accounted for, so a route added
 * later fails here until it is put in a matrix or exempted with a reason. (The Janus proxy
 * is not in the document; its matrix needs a real Janus: janus-proxy.test.ts.)
 */
let t: TestApp;
let seed: ReturnType<typeof fleetSeed>;
let jpeg: Buffer;
const orgIds: Record<string, number> = {};

const ORGANISATIONS = ['Northline Reseller', 'Demo Transport', 'Polder Logistics'];
const VISIBLE: Record<string, string[]> = {
  oem: ORGANISATIONS,
  reseller: ORGANISATIONS,
  manager: ['Demo Transport'],
  integrator: ['Demo Transport'],
  driver: ['Demo Transport'],
};
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const FROM = { from: ago(86_400), until: new Date(Date.now() + 60_000).toISOString() };

/** Who may, inside the subtree: every role, every role but DRIVER, or the OEM only. */
type Rule = 'any' | 'notDriver' | 'oem';

interface Call {
  route: string;
  rule: Rule;
  /** the status when allowed */
  ok: number;
  /** Seeds what the call needs in the organisation (as OEM) and answers the request. */
  request(org: number): Promise<InjectOptions>;
}

interface Vehicle {
  asset: number;
  driver: number;
  device: number;
  credential: string;
}

const vehicle = async (org: number): Promise<Vehicle> => {
  const asset = await seed.asset(org);
  const device = await seed.device(org);
  const driver = await seed.driver(org);
  await seed.deviceLink(asset.id, device.id, ago(2 * 86_400));
  await seed.driverLink(asset.id, driver.id, ago(2 * 86_400));
  await seed.applySettings(device.credential);
  return { asset: asset.id, driver: driver.id, device: device.id, credential: device.credential };
};

const asDevice = (v: Vehicle, options: InjectOptions) =>
  t.app.inject({
    ...options,
    headers: { ...options.headers, authorization: `Bearer ${v.credential}` },
  });

/** A monitoring the vehicle started (requested by the OEM), live feed on camera 1. */
const monitoringOf = async (v: Vehicle): Promise<number> => {
  const requested = await t.as('oem', {
    method: 'POST',
    url: `/api/assets/${v.asset}/assetmonitoringrequests`,
    payload: { liveFeed: true, liveFeedCameraMask: 1 },
  });
  expect(requested.statusCode, requested.body).toBe(201);
  const polled = await asDevice(v, { method: 'GET', url: '/device-api/v1/commands' });
  const command = polled
    .json<{ commands: DeviceCommand[] }>()
    .commands.find((c) => c.kind === 'MONITORING_REQUEST')!;
  const started = await asDevice(v, {
    method: 'POST',
    url: '/device-api/v1/monitorings',
    payload: { commandId: command.id },
  });
  expect(started.statusCode, started.body).toBe(201);
  return started.json<DeviceMonitoring>().id;
};

/** A picture the vehicle's device uploaded. */
const mediumOf = async (v: Vehicle): Promise<number> => {
  const body = multipart(
    { timestamp: ago(3600), camera: 1, transferReason: 'HARSH_BRAKE' },
    { filename: 'x.jpg', contentType: 'image/jpeg', data: jpeg },
  );
  const response = await asDevice(v, {
    method: 'POST',
    url: '/device-api/v1/media',
    payload: body.payload,
    headers: body.headers,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaItem>().id;
};

// One vehicle per organisation with a live monitoring and a medium, for the calls that only read.
const shared: Record<number, { v: Vehicle; monitoring: number; medium: number }> = {};
const sharedOf = async (org: number) => {
  if (!shared[org]) {
    const v = await vehicle(org);
    shared[org] = { v, monitoring: await monitoringOf(v), medium: await mediumOf(v) };
  }
  return shared[org]!;
};

const get = (url: string, query?: Record<string, string>): InjectOptions => ({
  method: 'GET',
  url,
  ...(query ? { query } : {}),
});

const MEDIA: Call[] = [
  ...(['asset', 'driver'] as const).flatMap((by): Call[] => [
    {
      route: `GET /api/${by}s/{id}/media`,
      rule: 'any',
      ok: 200,
      request: async (org) => {
        const { v } = await sharedOf(org);
        return get(`/api/${by}s/${by === 'asset' ? v.asset : v.driver}/media`, FROM);
      },
    },
    {
      route: `GET /api/${by}s/{id}/mediarequests`,
      rule: 'any',
      ok: 200,
      request: async (org) => {
        const { v } = await sharedOf(org);
        return get(`/api/${by}s/${by === 'asset' ? v.asset : v.driver}/mediarequests`, FROM);
      },
    },
    {
      route: `POST /api/${by}s/{id}/mediarequests`,
      rule: 'notDriver',
      ok: 201,
      request: async (org) => {
        const v = await vehicle(org);
        return {
          method: 'POST',
          url: `/api/${by}s/${by === 'asset' ? v.asset : v.driver}/mediarequests`,
          payload: { mediaType: 'PICTURE', cameraMask: 1, mediaTimestamp: ago(600) },
        };
      },
    },
  ]),
  {
    route: 'GET /api/mediarequests/{id}/medias',
    rule: 'any',
    ok: 200,
    request: async (org) => {
      const v = await vehicle(org);
      const created = await t.as('oem', {
        method: 'POST',
        url: `/api/assets/${v.asset}/mediarequests`,
        payload: { mediaType: 'PICTURE', cameraMask: 1, mediaTimestamp: ago(600) },
      });
      expect(created.statusCode, created.body).toBe(201);
      return get(`/api/mediarequests/${created.json<{ id: number }>().id}/medias`);
    },
  },
  ...['', '/download', '/thumbnail', '/links'].map((tail): Call => ({
    route: `GET /api/media/{id}${tail}`,
    rule: 'any',
    ok: 200,
    request: async (org) => get(`/api/media/${(await sharedOf(org)).medium}${tail}`),
  })),
  {
    route: 'DELETE /api/media/{id}',
    rule: 'notDriver',
    ok: 204,
    request: async (org) => ({
      method: 'DELETE',
      url: `/api/media/${await mediumOf((await sharedOf(org)).v)}`,
    }),
  },
  {
    route: 'GET /api/organisations/{id}/mediadeletions',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => get(`/api/organisations/${org}/mediadeletions`),
  },
];

const MONITORING: Call[] = [
  {
    route: 'POST /api/assets/{id}/assetmonitoringrequests',
    rule: 'notDriver',
    ok: 201,
    request: async (org) => ({
      method: 'POST',
      url: `/api/assets/${(await vehicle(org)).asset}/assetmonitoringrequests`,
      payload: { liveFeed: false },
    }),
  },
  {
    route: 'GET /api/assets/{id}/assetmonitoringrequests',
    rule: 'notDriver',
    ok: 200,
    request: async (org) =>
      get(`/api/assets/${(await sharedOf(org)).v.asset}/assetmonitoringrequests`, FROM),
  },
  ...(['asset', 'driver'] as const).map((by): Call => ({
    route: `GET /api/${by}s/{id}/assetmonitorings`,
    rule: 'notDriver',
    ok: 200,
    request: async (org) => {
      const { v } = await sharedOf(org);
      return get(`/api/${by}s/${by === 'asset' ? v.asset : v.driver}/assetmonitorings`, FROM);
    },
  })),
  {
    route: 'GET /api/assets/{id}/assetmonitorings/active',
    rule: 'notDriver',
    ok: 200,
    request: async (org) =>
      get(`/api/assets/${(await sharedOf(org)).v.asset}/assetmonitorings/active`),
  },
  ...['', '/token'].map((tail): Call => ({
    route: `GET /api/assetmonitorings/{id}${tail}`,
    rule: 'notDriver',
    ok: 200,
    request: async (org) => get(`/api/assetmonitorings/${(await sharedOf(org)).monitoring}${tail}`),
  })),
  {
    route: 'PUT /api/assetmonitorings/{id}/end',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => ({
      method: 'PUT',
      url: `/api/assetmonitorings/${await monitoringOf(await vehicle(org))}/end`,
    }),
  },
  {
    route: 'POST /api/assetmonitorings/{id}/enhancevideo',
    rule: 'notDriver',
    ok: 202,
    request: async (org) => ({
      method: 'POST',
      url: `/api/assetmonitorings/${(await sharedOf(org)).monitoring}/enhancevideo`,
      payload: { camera: 1 },
    }),
  },
  {
    // A recording that does not exist: allowed callers reach the medium lookup (404 naming
    // the medium), the others are stopped before it.
    route: 'GET /api/assetmonitorings/{id}/media/{mediaId}/download',
    rule: 'notDriver',
    ok: 404,
    request: async (org) =>
      get(`/api/assetmonitorings/${(await sharedOf(org)).monitoring}/media/999999/download`),
  },
];

/**
 * Issue 20, safety cases. A case is made as the engine makes it: by an event (the events
 * trigger). The case is the vehicle's driver's, not the demo driver account's: a DRIVER reads
 * and acts on their own cases only (403 here; their own are tested in safety/safety.test.ts).
 */
const caseOf = async (org: number): Promise<number> => {
  const { v } = await sharedOf(org);
  const at = new Date(Date.now() - Math.floor(Math.random() * 86_400_000));
  await t.db
    .insertInto('events')
    .values({
      asset_id: v.asset,
      timestamp: at,
      event_type: 'HARSH_BRAKE',
      driver_id: v.driver,
      device_id: v.device,
      latitude: null,
      longitude: null,
    })
    .execute();
  const row = await t.db
    .selectFrom('safety_cases')
    .select('id')
    .where('asset_id', '=', v.asset)
    .where('event_time', '=', at)
    .executeTakeFirstOrThrow();
  return row.id;
};
const demoSettings = {
  caseEventTypes: ['HARSH_BRAKE'],
  dueDays: 14,
  driversSeeClips: true,
  requestClips: false,
  groupCoaches: [],
};

const SAFETY: Call[] = [
  ...['cases', 'counts'].map((tail): Call => ({
    route: `GET /api/organisations/{id}/safety/${tail}`,
    rule: 'any',
    ok: 200,
    request: async (org) => get(`/api/organisations/${org}/safety/${tail}`),
  })),
  {
    route: 'POST /api/organisations/{id}/safety/cases/bulk',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => ({
      method: 'POST',
      url: `/api/organisations/${org}/safety/cases/bulk`,
      payload: { caseIds: [await caseOf(org)], action: 'RECOGNISE' },
    }),
  },
  ...['', '/minute'].map((tail): Call => ({
    route: `GET /api/safety/cases/{id}${tail}`,
    rule: 'notDriver',
    ok: 200,
    request: async (org) => get(`/api/safety/cases/${await caseOf(org)}${tail}`),
  })),
  {
    route: 'POST /api/safety/cases/{id}/actions',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => ({
      method: 'POST',
      url: `/api/safety/cases/${await caseOf(org)}/actions`,
      payload: { action: 'DISMISS', reason: 'FALSE_POSITIVE' },
    }),
  },
  {
    route: 'POST /api/safety/cases/{id}/comments',
    rule: 'notDriver',
    ok: 201,
    request: async (org) => ({
      method: 'POST',
      url: `/api/safety/cases/${await caseOf(org)}/comments`,
      payload: { text: 'seen' },
    }),
  },
  ...['coaches', 'settings'].map((tail): Call => ({
    route: `GET /api/organisations/{id}/safety/${tail}`,
    rule: 'notDriver',
    ok: 200,
    request: async (org) => get(`/api/organisations/${org}/safety/${tail}`),
  })),
  {
    route: 'PUT /api/organisations/{id}/safety/settings',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => ({
      method: 'PUT',
      url: `/api/organisations/${org}/safety/settings`,
      payload: demoSettings,
    }),
  },
  {
    route: 'GET /api/media/{id}/audit',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => get(`/api/media/${(await sharedOf(org)).medium}/audit`),
  },
];

/** The sync base is the OEM's: every other role is refused before anything is read. */
const SYNC: Call[] = [
  {
    // lists a remote server's organisations; without naming one the OEM reaches validation
    route: 'GET /sync-api/organisations',
    rule: 'oem',
    ok: 400,
    request: async () => get('/sync-api/organisations'),
  },
  {
    route: 'GET /sync-api/lastresults/',
    rule: 'oem',
    ok: 200,
    request: async () => get('/sync-api/lastresults/'),
  },
  ...['configuration', 'results', 'apikeys'].map((tail): Call => ({
    route: `GET /sync-api/organisations/{id}/${tail}`,
    rule: 'oem',
    ok: tail === 'configuration' ? 404 : 200, // none saved yet: 404 names the configuration
    request: async (org) => get(`/sync-api/organisations/${org}/${tail}`),
  })),
  {
    route: 'POST /sync-api/organisations/{id}/apikeys',
    rule: 'oem',
    ok: 201,
    request: async (org) => ({
      method: 'POST',
      url: `/sync-api/organisations/${org}/apikeys`,
      payload: { name: unique('Key') },
    }),
  },
  {
    route: 'DELETE /sync-api/apikeys/{id}',
    rule: 'oem',
    ok: 200,
    request: async (org) => {
      const issued = await t.as('oem', {
        method: 'POST',
        url: `/sync-api/organisations/${org}/apikeys`,
        payload: { name: unique('Key') },
      });
      return { method: 'DELETE', url: `/sync-api/apikeys/${issued.json<{ id: number }>().id}` };
    },
  },
];

/** Issue 20 §5: the coaching report is the reviewers' and coaches' (coaching-report.test.ts). */
const COACHING: Call[] = ['', '.csv'].map((tail) => ({
  route: `GET /api/organisations/{id}/safety/coaching-report${tail}`,
  rule: 'notDriver',
  ok: 200,
  request: async (org) => get(`/api/organisations/${org}/safety/coaching-report${tail}`, FROM),
}));
/** Issue 21 §2: alert rules and the alert e-mails, managed by the roles that manage the fleet. */
const alertRuleOf = async (org: number) => {
  const created = await t.as('oem', {
    method: 'POST',
    url: `/api/organisations/${org}/alert-rules`,
    payload: { name: unique('Rule'), kind: 'event', eventType: 'HARSH_BRAKE' },
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
};
const RULE_BODY = { name: 'Rule', kind: 'silent', silentMinutes: 30 };
const ALERTS: Call[] = [
  {
    route: 'GET /api/organisations/{id}/alert-rules',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => get(`/api/organisations/${org}/alert-rules`),
  },
  {
    route: 'POST /api/organisations/{id}/alert-rules',
    rule: 'notDriver',
    ok: 201,
    request: async (org) => ({
      method: 'POST',
      url: `/api/organisations/${org}/alert-rules`,
      payload: RULE_BODY,
    }),
  },
  {
    route: 'GET /api/alert-rules/{id}',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => get(`/api/alert-rules/${await alertRuleOf(org)}`),
  },
  {
    route: 'PUT /api/alert-rules/{id}',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => ({
      method: 'PUT',
      url: `/api/alert-rules/${await alertRuleOf(org)}`,
      payload: RULE_BODY,
    }),
  },
  {
    route: 'DELETE /api/alert-rules/{id}',
    rule: 'notDriver',
    ok: 204,
    request: async (org) => ({
      method: 'DELETE',
      url: `/api/alert-rules/${await alertRuleOf(org)}`,
    }),
  },
  {
    route: 'GET /api/organisations/{id}/alert-mails',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => get(`/api/organisations/${org}/alert-mails`),
  },
];

/**
 * Issue 21 §4: report subscriptions; every role subscribes itself and reads its own, a DRIVER
 * deletes no one else's (here: the OEM's). Recipients, bad input: report-subscriptions.test.ts.
 */
const subscriptionOf = async (org: number) => {
  const created = await t.as('oem', {
    method: 'POST',
    url: `/api/organisations/${org}/report-subscriptions`,
    payload: SUBSCRIPTION_BODY,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
};
const SUBSCRIPTION_BODY = { kind: 'DRIVING_STYLE', frequency: 'WEEKLY', email: 'a@b.example' };
const REPORT_SUBSCRIPTIONS: Call[] = [
  {
    route: 'GET /api/organisations/{id}/report-subscriptions',
    rule: 'any',
    ok: 200,
    request: async (org) => get(`/api/organisations/${org}/report-subscriptions`),
  },
  {
    route: 'POST /api/organisations/{id}/report-subscriptions',
    rule: 'any',
    ok: 201,
    request: async (org) => ({
      method: 'POST',
      url: `/api/organisations/${org}/report-subscriptions`,
      payload: SUBSCRIPTION_BODY,
    }),
  },
  {
    route: 'DELETE /api/report-subscriptions/{id}',
    rule: 'notDriver',
    ok: 204,
    request: async (org) => ({
      method: 'DELETE',
      url: `/api/report-subscriptions/${await subscriptionOf(org)}`,
    }),
  },
  {
    route: 'GET /api/organisations/{id}/report-deliveries',
    rule: 'any',
    ok: 200,
    request: async (org) => get(`/api/organisations/${org}/report-deliveries`),
  },
];

/** Issue 21 §1: zones, read by the roles that see the fleet, changed by those managing it. */
const ZONE_BODY = {
  name: 'Yard',
  shape: { type: 'circle', center: [4.8, 52.1], radius: 200 },
  speedLimit: null,
  groupId: null,
  colour: '#3366cc',
};
const zoneOf = async (org: number) => {
  const created = await t.as('oem', {
    method: 'POST',
    url: `/api/organisations/${org}/zones`,
    payload: ZONE_BODY,
  });
  expect(created.statusCode, created.body).toBe(201);
  return created.json<{ id: number }>().id;
};
const ZONES: Call[] = [
  {
    route: 'GET /api/organisations/{id}/zones',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => get(`/api/organisations/${org}/zones`),
  },
  {
    route: 'POST /api/organisations/{id}/zones',
    rule: 'notDriver',
    ok: 201,
    request: async (org) => ({
      method: 'POST',
      url: `/api/organisations/${org}/zones`,
      payload: ZONE_BODY,
    }),
  },
  {
    route: 'PUT /api/zones/{id}',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => ({
      method: 'PUT',
      url: `/api/zones/${await zoneOf(org)}`,
      payload: ZONE_BODY,
    }),
  },
  {
    route: 'DELETE /api/zones/{id}',
    rule: 'notDriver',
    ok: 204,
    request: async (org) => ({ method: 'DELETE', url: `/api/zones/${await zoneOf(org)}` }),
  },
  {
    route: 'GET /api/organisations/{id}/zones/visits',
    rule: 'notDriver',
    ok: 200,
    request: async (org) => get(`/api/organisations/${org}/zones/visits`, FROM),
  },
];

/** Issue 21 §3: an export keeps the access of the screen's call (exports/exports.test.ts). */
const EXPORTS: Call[] = [
  {
    route: 'POST /api/organisations/{id}/exports/rankings/{kind}',
    rule: 'any',
    ok: 200,
    request: async (org) => ({
      method: 'POST',
      url: `/api/organisations/${org}/exports/rankings/assets?format=csv`,
      payload: FROM,
    }),
  },
  ...['fleet', 'assets', 'drivers', 'devices', 'groups', 'users'].map((kind): Call => ({
    route: `GET /api/organisations/{id}/exports/${kind}`,
    rule: 'any',
    ok: 200,
    request: async (org) => get(`/api/organisations/${org}/exports/${kind}`, { format: 'xlsx' }),
  })),
  {
    route: 'POST /api/organisations/{id}/exports/rankings/{kind}/pdf',
    rule: 'any',
    ok: 200,
    request: async (org) => ({
      method: 'POST',
      url: `/api/organisations/${org}/exports/rankings/drivers/pdf?language=nl`,
      payload: FROM,
    }),
  },
  {
    route: 'POST /api/organisations/{id}/exports/calendar/{kind}',
    rule: 'any',
    ok: 200,
    request: async (org) => ({
      method: 'POST',
      url: `/api/organisations/${org}/exports/calendar/assets?format=csv`,
      payload: { ...FROM, ids: [(await seed.asset(org)).id] },
    }),
  },
  {
    route: 'GET /api/organisations/{id}/exports/zone-visits',
    rule: 'notDriver',
    ok: 200,
    request: async (org) =>
      get(`/api/organisations/${org}/exports/zone-visits`, { ...FROM, format: 'csv' }),
  },
  {
    route: 'GET /api/organisations/{id}/exports/coaching-report',
    rule: 'notDriver',
    ok: 200,
    request: async (org) =>
      get(`/api/organisations/${org}/exports/coaching-report`, { ...FROM, format: 'xlsx' }),
  },
];

const CALLS = [
  ...MEDIA,
  ...MONITORING,
  ...SAFETY,
  ...SYNC,
  ...COACHING,
  ...ALERTS,
  ...ZONES,
  ...EXPORTS,
  ...REPORT_SUBSCRIPTIONS,
];

/**
 * Routes of the document outside these matrices, each with where its access is tested. A new
 * route fails 'accounts for every route' until it is added to a matrix or here.
 */
const EXEMPT: Record<string, string[]> = {
  'public: no caller to tell apart (health, sign-in, client config)': [
    'GET /api/health',
    'GET /api/client-config',
    'POST /api/login',
    'POST /api/refresh',
    'POST /api/logout',
  ],
  'media links: the caller is a link, not a role; link × medium in media/media-links.test.ts': [
    'GET /api/mediafiles/{id}',
    'GET /api/mediafiles/{id}/thumbnail',
  ],
  'user uploads: multipart with a device identifier; role × organisation in media/media.test.ts': [
    'POST /api/media',
  ],
  'the push channel: every signed-in role may open its own, and hears only its subtree (events/events.test.ts)':
    ['GET /api/events'],
  'My safety: the signed-in DRIVER’s own page, no organisation to name; 403 for other roles (safety/my-safety.test.ts)':
    ['GET /api/safety/my'],
  "notifications: each user reads and marks only its own (alerts/alerts.test.ts: another's is 404)":
    ['GET /api/notifications', 'POST /api/notifications/{id}/read'],
  'reverse geocoding reveals no organisation data (the place list or its cache answers)': [
    'GET /api/geocode',
  ],
  'devices: the caller is a device credential, its own records only (device-channel, monitoring, media tests)':
    [
      'POST /device-api/v1/records',
      'POST /device-api/v1/datapoints',
      'GET /device-api/v1/commands',
      'POST /device-api/v1/commands/{id}/ack',
      'POST /device-api/v1/commands/{id}/progress',
      'POST /device-api/v1/commands/{id}/result',
      'POST /device-api/v1/media',
      'POST /device-api/v1/monitorings',
      'GET /device-api/v1/monitorings/{id}',
      'POST /device-api/v1/monitorings/{id}/positions',
      'PUT /device-api/v1/monitorings/{id}/end',
    ],
  'the export side: the caller is an API key of one organisation; key × organisation below': [
    'GET /sync-api/export/organisations',
    ...['assets', 'drivers', 'devices', 'devicelinks', 'driverlinks', 'ids'].map(
      (kind) => `GET /sync-api/export/organisations/{externalId}/${kind}`,
    ),
  ],
  'sync writes that change an organisation: OEM only like every sync route (sync/sync.test.ts)': [
    'POST /sync-api/organisations/{id}/configuration',
    'PUT /sync-api/configurations/{id}',
    'PUT /sync-api/organisations/{id}/externalids',
    'PUT /sync-api/organisations/{id}/sync',
  ],
};
/** The matrices of other files, by the prefix of their routes' paths (checked to exist there). */
const ELSEWHERE: [RegExp, string][] = [
  [/^(GET|POST|PUT|DELETE) \/api\/organisations(\/\{id\}(\/organisations)?)?$/, 'organisations'],
  [/ \/api\/(organisations\/\{id\}\/)?users/, 'users'],
  [
    / \/api\/organisations\/\{id\}\/settings$| \/api\/organisationsettings\//,
    'organisation settings',
  ],
  [
    / \/(api|admin-api)\/(organisations\/\{id\}\/)?(assets|drivers|devices|groups|configurationgroups|devicelinks|driverlinks)(\/|$)/,
    'fleet (fleet-access.test.ts), configurations, vehicle data and reports',
  ],
  [/ \/api\/deviceconfigurations$/, 'configurations'],
  [/ \/api\/organisations\/\{id\}\/(reports|managementoverview)/, 'reports, management overview'],
  [/ \/admin-api\//, 'the admin base (admin-base.test.ts): OEM only, read from the document'],
];

let documentRoutes: string[];
beforeAll(async () => {
  t = await createTestApp({ MEDIA_JOB_MINUTES: '0' });
  seed = fleetSeed(t);
  jpeg = await testJpeg();
  for (const name of ORGANISATIONS) orgIds[name] = await t.organisationId(name);
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  documentRoutes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${path}`),
  );
}, 60_000);
afterAll(() => t.close());

describe('the route matrix', () => {
  it('accounts for every route of the OpenAPI document, once', () => {
    const exempt = Object.values(EXEMPT).flat();
    const matrix = CALLS.map((c) => c.route);
    const unaccounted = documentRoutes.filter(
      (route) =>
        !matrix.includes(route) &&
        !exempt.includes(route) &&
        !ELSEWHERE.some(([pattern]) => pattern.test(route)),
    );
    expect(unaccounted).toEqual([]);
    // and nothing listed that the document does not have (a renamed route)
    expect([...matrix, ...exempt].filter((r) => !documentRoutes.includes(r))).toEqual([]);
    expect(new Set(matrix).size).toBe(matrix.length);
  });

  const cases = Object.entries(VISIBLE).flatMap(([user, visible]) =>
    ORGANISATIONS.flatMap((org) =>
      CALLS.map((call) => {
        // sync: the OEM's before anything; then outside the subtree as if missing; then the role
        const status =
          call.rule === 'oem' && user !== 'oem'
            ? 403
            : !visible.includes(org)
              ? 404
              : call.rule === 'notDriver' && user === 'driver'
                ? 403
                : call.ok;
        return [user, call.route, org, status, call] as const;
      }),
    ),
  );

  it.each(cases)('%s: %s in %s answers %i', async (user, _route, org, status, call) => {
    const response = await t.as(user, await call.request(orgIds[org]!));
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403) expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    if (status === 404 && call.ok !== 404 && call.rule !== 'oem')
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: expect.stringMatching(/ \d+ does not exist$/),
      });
  });
});

describe('safety routes without a session', () => {
  it.each(SAFETY.map((c) => [c.route, c] as const))('%s answers 401', async (_route, call) => {
    const request = await call.request(orgIds['Demo Transport']!);
    const response = await t.app.inject(request);
    expect(response.statusCode, response.body).toBe(401);
  });
});

describe('the export side: API key × organisation', () => {
  it('opens its own organisation and those below, nothing beside or above, and no session', async () => {
    const keyOf = async (org: number) =>
      (
        await t.as('oem', {
          method: 'POST',
          url: `/sync-api/organisations/${org}/apikeys`,
          payload: { name: unique('Export') },
        })
      ).json<{ key: string }>().key;
    // the export side names an organisation by its id as text
    const externalIds = Object.fromEntries(ORGANISATIONS.map((n) => [n, String(orgIds[n])]));
    const reseller = await keyOf(orgIds['Northline Reseller']!);
    const demo = await keyOf(orgIds['Demo Transport']!);
    const read = (key: string | undefined, name: string) =>
      t.app.inject({
        method: 'GET',
        url: `/sync-api/export/organisations/${externalIds[name]}/assets`,
        headers: key ? { 'x-api-key': key } : {},
      });
    for (const name of ORGANISATIONS) expect((await read(reseller, name)).statusCode).toBe(200);
    expect((await read(demo, 'Demo Transport')).statusCode).toBe(200);
    expect((await read(demo, 'Polder Logistics')).statusCode).toBe(404);
    expect((await read(demo, 'Northline Reseller')).statusCode).toBe(404);
    expect((await read(undefined, 'Demo Transport')).statusCode).toBe(401);
    const session = await t.as('oem', {
      method: 'GET',
      url: `/sync-api/export/organisations/${externalIds['Demo Transport']}/assets`,
    });
    expect(session.statusCode).toBe(401);
  });
});
