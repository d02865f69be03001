import Fastify, { type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed, fleetSnapshot, unique } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { validatorCompiler } from '../../plugins/validation.js';
import { assetRoutes } from '../assets/index.js';
import { configurationGroupRoutes } from '../configuration-groups/index.js';
import { deviceRoutes } from '../devices/index.js';
import { driverRoutes } from '../drivers/index.js';
import { groupRoutes } from '../groups/index.js';
import { assetDriverLinkRoute, linkRoutes } from '../links/index.js';

/**
 * Who may call what on fleet records: role × organisation × route. Records
 * live in the organisation of the column; everyone acts on its own
 * organisation and below (outside it a record answers 404 as if it did not
 * exist), a DRIVER reads but never writes, and the admin base is the OEM's.
 */
let t: TestApp;
let seed: ReturnType<typeof fleetSeed>;
const orgIds: Record<string, number> = {};
beforeAll(async () => {
  t = await createTestApp();
  seed = fleetSeed(t);
  for (const name of ORGANISATIONS) orgIds[name] = await t.organisationId(name);
});
afterAll(() => t.close());

const ORGANISATIONS = ['Northline Reseller', 'Demo Transport', 'Polder Logistics'];
const VISIBLE: Record<string, string[]> = {
  oem: ORGANISATIONS,
  reseller: ORGANISATIONS,
  manager: ['Demo Transport'],
  integrator: ['Demo Transport'],
  driver: ['Demo Transport'],
};

interface Call {
  route: string;
  write: boolean;
  /** The status when allowed. */
  ok: number;
  /** Seeds what the call needs in the organisation, as OEM, and answers the request. */
  request(org: number): Promise<InjectOptions>;
}

const JAN = '2026-01-01T00:00:00Z';
const RESOURCES = [
  {
    path: 'assets',
    create: () => ({ name: unique('Truck') }),
    seed: (org: number) => seed.asset(org),
  },
  {
    path: 'drivers',
    create: () => ({ firstName: 'Sam', lastName: unique('Driver') }),
    seed: (org: number) => seed.driver(org),
  },
  {
    path: 'devices',
    create: () => ({ name: 'Camera', identifier: unique('SN') }),
    seed: (org: number) => seed.device(org),
  },
  {
    path: 'groups',
    create: () => ({ name: unique('Group') }),
    seed: (org: number) => seed.group(org),
  },
  {
    path: 'configurationgroups',
    create: () => ({ name: unique('Configuration') }),
    seed: (org: number) => seed.configurationGroup(org),
  },
];

const CALLS: Call[] = [
  ...RESOURCES.flatMap(({ path, create, seed: record }): Call[] => [
    {
      route: `GET /api/organisations/:id/${path}`,
      write: false,
      ok: 200,
      request: async (org) => ({ method: 'GET', url: `/api/organisations/${org}/${path}` }),
    },
    {
      route: `POST /api/organisations/:id/${path}`,
      write: true,
      ok: 201,
      request: async (org) => ({
        method: 'POST',
        url: `/api/organisations/${org}/${path}`,
        payload: create(),
      }),
    },
    {
      route: `GET /api/${path}/:id`,
      write: false,
      ok: 200,
      request: async (org) => ({ method: 'GET', url: `/api/${path}/${(await record(org)).id}` }),
    },
    {
      route: `PUT /api/${path}/:id`,
      write: true,
      ok: 200,
      request: async (org) => ({
        method: 'PUT',
        url: `/api/${path}/${(await record(org)).id}`,
        payload: create(),
      }),
    },
    {
      route: `DELETE /api/${path}/:id`,
      write: true,
      ok: 204,
      request: async (org) => ({ method: 'DELETE', url: `/api/${path}/${(await record(org)).id}` }),
    },
  ]),
  {
    route: 'POST /api/devices/:id/credential',
    write: true,
    ok: 200,
    request: async (org) => ({
      method: 'POST',
      url: `/api/devices/${(await seed.device(org)).id}/credential`,
    }),
  },
  ...(['members', 'membercandidates'] as const).flatMap((list): Call[] => [
    {
      route: `GET /api/groups/:id/${list}`,
      write: false,
      ok: 200,
      request: async (org) => ({
        method: 'GET',
        url: `/api/groups/${(await seed.group(org)).id}/${list}`,
      }),
    },
    {
      route: `GET /api/configurationgroups/:id/${list}`,
      write: false,
      ok: 200,
      request: async (org) => ({
        method: 'GET',
        url: `/api/configurationgroups/${(await seed.configurationGroup(org)).id}/${list}`,
      }),
    },
  ]),
  ...(['PUT', 'DELETE'] as const).flatMap((method): Call[] => [
    {
      route: `${method} /api/groups/:id/assets/:assetId`,
      write: true,
      ok: 204,
      request: async (org) => ({
        method,
        url: `/api/groups/${(await seed.group(org)).id}/assets/${(await seed.asset(org)).id}`,
      }),
    },
    {
      route: `${method} /api/groups/:id/drivers/:driverId`,
      write: true,
      ok: 204,
      request: async (org) => ({
        method,
        url: `/api/groups/${(await seed.group(org)).id}/drivers/${(await seed.driver(org)).id}`,
      }),
    },
    {
      route: `${method} /api/configurationgroups/:id/assets/:assetId`,
      write: true,
      ok: 204,
      request: async (org) => ({
        method,
        url: `/api/configurationgroups/${(await seed.configurationGroup(org)).id}/assets/${(await seed.asset(org)).id}`,
      }),
    },
  ]),
  // The removal with PUT, as the portal calls it (spec §7).
  ...(['assets/:assetId', 'drivers/:driverId'] as const).map((member): Call => ({
    route: `PUT /api/groups/:id/${member}/remove`,
    write: true,
    ok: 204,
    request: async (org) => ({
      method: 'PUT',
      url: `/api/groups/${(await seed.group(org)).id}/${member.split('/')[0]}/${(await (member.startsWith('assets') ? seed.asset(org) : seed.driver(org))).id}/remove`,
    }),
  })),
  ...[
    ['/api', 'assets', 'devicelinks'],
    ['/api', 'assets', 'driverlinks'],
    ['/admin-api', 'assets', 'driverlinks'],
    ['/api', 'devices', 'devicelinks'],
    ['/api', 'drivers', 'driverlinks'],
  ].map(([base, path, links]): Call => ({
    route: `GET ${base}/${path}/:id/${links}`,
    write: false,
    ok: 200,
    request: async (org) => {
      const record = RESOURCES.find((r) => r.path === path)!.seed;
      return {
        method: 'GET',
        url: `${base}/${path}/${(await record(org)).id}/${links}`,
        query: { from: JAN },
      };
    },
  })),
  ...(['device', 'driver'] as const).flatMap((kind): Call[] => {
    const target = (org: number) => (kind === 'device' ? seed.device(org) : seed.driver(org));
    const linked = async (org: number) => {
      const [asset, other] = [await seed.asset(org), await target(org)];
      const link = kind === 'device' ? seed.deviceLink : seed.driverLink;
      return { asset, other, link: await link(asset.id, other.id, JAN) };
    };
    return [
      {
        route: `PUT /api/assets/:id/${kind}s/:${kind}Id`,
        write: true,
        ok: 201,
        request: async (org) => ({
          method: 'PUT',
          url: `/api/assets/${(await seed.asset(org)).id}/${kind}s/${(await target(org)).id}`,
        }),
      },
      {
        route: `DELETE /api/assets/:id/${kind}s/:${kind}Id`,
        write: true,
        ok: 200,
        request: async (org) => {
          const { asset, other } = await linked(org);
          return { method: 'DELETE', url: `/api/assets/${asset.id}/${kind}s/${other.id}` };
        },
      },
      {
        route: `DELETE /api/${kind}links/:id`,
        write: true,
        ok: 204,
        request: async (org) => ({
          method: 'DELETE',
          url: `/api/${kind}links/${(await linked(org)).link.id}`,
        }),
      },
    ];
  }),
];

const cases = Object.entries(VISIBLE).flatMap(([user, visible]) =>
  ORGANISATIONS.flatMap((org) =>
    CALLS.map((call) => {
      // The admin base is the OEM's; outside the subtree as if missing; a DRIVER never writes.
      const status =
        call.route.includes(' /admin-api/') && user !== 'oem'
          ? 403
          : !visible.includes(org)
            ? 404
            : call.write && user === 'driver'
              ? 403
              : call.ok;
      return [user, call.route, org, status, call] as const;
    }),
  ),
);

describe('fleet routes: role × organisation', () => {
  it('covers every route the fleet modules register, each once', async () => {
    expect(CALLS.map((c) => c.route).sort()).toEqual(await registeredFleetRoutes());
  });

  it.each(cases)('%s: %s in %s answers %i', async (user, _route, org, status, call) => {
    const options = await call.request(orgIds[org]!);
    const refused = status === 403 || status === 404;
    const before = refused ? await fleetSnapshot(t) : undefined;
    const response = await t.as(user, options);
    expect(response.statusCode, response.body).toBe(status);
    if (status === 403) {
      expect(response.json()).toEqual({ code: 'FORBIDDEN', message: expect.any(String) });
    }
    if (status === 404) {
      // the answer for a missing record: nothing says the record exists elsewhere
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: expect.stringMatching(/^\w+( \w+)? \d+ does not exist$/),
      });
    }
    if (refused) expect(await fleetSnapshot(t)).toEqual(before);
  });
});

/** "METHOD /base/path" of every route the fleet route plugins register, as app.ts mounts them. */
async function registeredFleetRoutes(): Promise<string[]> {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.decorate('services', {} as never);
  const routes: string[] = [];
  app.addHook('onRoute', ({ method, url }) => {
    for (const m of [method].flat()) if (m !== 'HEAD') routes.push(`${m} ${url}`);
  });
  const plugins = [
    assetRoutes,
    driverRoutes,
    deviceRoutes,
    groupRoutes,
    configurationGroupRoutes,
    linkRoutes,
  ];
  await app.register(
    async (api) => {
      for (const plugin of plugins) await api.register(plugin);
    },
    { prefix: '/api' },
  );
  await app.register(assetDriverLinkRoute, { prefix: '/admin-api' });
  await app.close();
  return routes.sort();
}
