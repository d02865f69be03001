import type { AddressInfo } from 'node:net';
import type {
  Asset,
  AssetListItem,
  IssuedSyncApiKey,
  Organisation,
  SyncConfiguration,
  SyncLastResult,
  SyncResult,
} from '@fleet/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createDb, type Db } from '../../db/database.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startFakeRemote, type FakeRemote } from './fake-remote.js';

/**
 * Two servers of ours in one test: `remote` offers an organisation's master data with an API
 * key; `local` mirrors it into an organisation of its own. Then a third server on local's
 * database shows that one organisation's runs never overlap.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let local: TestApp;
let remote: TestApp;
let remoteUrl: string;
let remoteOrg: number;
let mirror: number;
let key: IssuedSyncApiKey;
/** remote ids of what the test seeded there */
const seeded = {
  assets: [] as Asset[],
  drivers: [] as number[],
  devices: [] as number[],
  deviceLinks: [] as number[],
  driverLinks: [] as number[],
};

const ok = async <T>(app: TestApp, method: string, url: string, payload?: object, status = 200) => {
  const response = await app.as('oem', { method: method as 'GET', url, payload });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json<T>();
};

async function sync(): Promise<SyncResult> {
  await ok(local, 'PUT', `/sync-api/organisations/${mirror}/sync`, undefined, 202);
  local.app.services.syncScheduler.kick();
  await local.app.services.syncScheduler.idle();
  return (await ok<SyncResult[]>(local, 'GET', `/sync-api/organisations/${mirror}/results`))[0]!;
}

/** The mirror's copies, by remote id, as the database holds them. */
async function copies(table: 'assets' | 'drivers' | 'devices') {
  const { rows } = await sql<{ external_id: string; name: string; deactivated: boolean }>`
    SELECT external_id, ${sql.raw(table === 'drivers' ? "first_name || ' ' || last_name" : 'name')} AS name,
           deactivated_at IS NOT NULL AS deactivated
    FROM ${sql.table(table)} WHERE organisation_id = ${mirror} AND external_id IS NOT NULL
    ORDER BY external_id::integer`.execute(local.db);
  return rows;
}

async function linkCopies(table: 'device_links' | 'driver_links') {
  const target = table === 'device_links' ? 'devices' : 'drivers';
  const column = table === 'device_links' ? 'device_id' : 'driver_id';
  const { rows } = await sql<{
    external_id: string;
    asset: string;
    target: string;
    from: Date;
    until: Date | null;
    deactivated: boolean;
  }>`
    SELECT l.external_id, a.external_id AS asset, t.external_id AS target, l."from", l.until,
           l.deactivated_at IS NOT NULL AS deactivated
    FROM ${sql.table(table)} l JOIN assets a ON a.id = l.asset_id
    JOIN ${sql.table(target)} t ON t.id = l.${sql.ref(column)}
    WHERE a.organisation_id = ${mirror} AND l.external_id IS NOT NULL
    ORDER BY l.external_id::integer`.execute(local.db);
  return rows;
}

beforeAll(async () => {
  [local, remote] = await Promise.all([
    // The remote listens on 127.0.0.1: allowed as an operator allows an internal remote.
    createTestApp({
      OUTBOUND_ALLOW: '127.0.0.1',
      SYNC_JOB_SECONDS: '3600',
      SYNC_RETRY_SECONDS: '60',
      SYNC_TIMEOUT: '3000',
    }),
    createTestApp({ SYNC_JOB_SECONDS: '3600' }),
  ]);
  await remote.app.listen({ host: '127.0.0.1', port: 0 });
  remoteUrl = `http://127.0.0.1:${(remote.app.server.address() as AddressInfo).port}`;

  // The remote's fleet: three trucks, two drivers, three cameras, links past and present.
  remoteOrg = await remote.organisationId('Demo Transport');
  const seed = fleetSeed(remote);
  for (let i = 0; i < 3; i++)
    seeded.assets.push(await seed.asset(remoteOrg, `Remote truck ${i + 1}`));
  await ok(remote, 'PUT', `/api/assets/${seeded.assets[0]!.id}`, { licencePlate: 'BX-101-Z' });
  for (const name of ['Visser', 'Smit'])
    seeded.drivers.push((await seed.driver(remoteOrg, name)).id);
  for (let i = 0; i < 3; i++)
    seeded.devices.push((await seed.device(remoteOrg, `RS-${100 + i}`)).id);
  const [a1, a2, a3] = seeded.assets.map((a) => a.id) as [number, number, number];
  const [d1, d2, d3] = seeded.devices as [number, number, number];
  // A link that held in October and ended, then the current ones.
  const past = await seed.deviceLink(a1, d3, '2026-10-01T00:00:00Z');
  await ok(remote, 'DELETE', `/api/assets/${a1}/devices/${d3}?until=2026-10-15T00:00:00Z`);
  seeded.deviceLinks.push(past.id);
  seeded.deviceLinks.push((await seed.deviceLink(a1, d1, '2026-11-01T00:00:00Z')).id);
  seeded.deviceLinks.push((await seed.deviceLink(a2, d2, '2026-11-01T00:00:00Z')).id);
  seeded.driverLinks.push(
    (await seed.driverLink(a1, seeded.drivers[0]!, '2026-11-01T00:00:00Z')).id,
  );
  seeded.driverLinks.push(
    (await seed.driverLink(a3, seeded.drivers[1]!, '2026-11-02T00:00:00Z')).id,
  );
  key = await ok(
    remote,
    'POST',
    `/sync-api/organisations/${remoteOrg}/apikeys`,
    { name: 'Mirror' },
    201,
  );

  // The local side: a new organisation under the reseller mirrors it.
  const reseller = await local.organisationId('Northline Reseller');
  mirror = (
    await ok<Organisation>(
      local,
      'POST',
      `/api/organisations/${reseller}`,
      { name: 'Remote Mirror' },
      201,
    )
  ).id;
  await ok(
    local,
    'POST',
    `/sync-api/organisations/${mirror}/configuration`,
    { server: remoteUrl, apiKey: key.key },
    201,
  );
}, 120_000);
afterAll(async () => {
  await local?.close();
  await remote?.close();
});

describe('mirroring another server', () => {
  it('offers the organisations below the key', async () => {
    const offered = await ok(
      local,
      'GET',
      `/sync-api/organisations?server=${encodeURIComponent(remoteUrl)}&organisationId=${mirror}`,
    );
    expect(offered).toEqual([
      { externalId: String(remoteOrg), name: 'Demo Transport', parentExternalId: null },
    ]);
    await ok(local, 'PUT', `/sync-api/organisations/${mirror}/externalids`, {
      externalIds: [String(remoteOrg)],
    });
  });

  it('a first run creates the remote assets, drivers, devices and links here', async () => {
    const result = await sync();
    expect(result).toMatchObject({ status: 'SUCCESS', incremental: false, errors: [] });
    expect(result.countsByKind).toEqual({
      ASSET: { created: 3, updated: 0, unchanged: 0, deactivated: 0 },
      DRIVER: { created: 2, updated: 0, unchanged: 0, deactivated: 0 },
      DEVICE: { created: 3, updated: 0, unchanged: 0, deactivated: 0 },
      DEVICE_LINK: { created: 3, updated: 0, unchanged: 0, deactivated: 0 },
      DRIVER_LINK: { created: 2, updated: 0, unchanged: 0, deactivated: 0 },
    });

    // What a user of the mirror sees: the trucks, with their plates and their cameras.
    const listed = await ok<AssetListItem[]>(local, 'GET', `/api/organisations/${mirror}/assets`);
    expect(listed.map((a) => [a.name, a.licencePlate, a.deviceName])).toEqual([
      ['Remote truck 1', 'BX-101-Z', 'Camera'],
      ['Remote truck 2', null, 'Camera'],
      ['Remote truck 3', null, null],
    ]);
    expect((await copies('drivers')).map((d) => d.name)).toEqual(['Sam Visser', 'Sam Smit']);
    const { rows: devices } = await sql<{ identifier: string }>`
      SELECT identifier FROM devices WHERE organisation_id = ${mirror} ORDER BY identifier`.execute(
      local.db,
    );
    expect(devices.map((d) => d.identifier)).toEqual(['RS-100', 'RS-101', 'RS-102']);

    const links = await linkCopies('device_links');
    const [a1, a2] = seeded.assets.map((a) => String(a.id));
    const [d1, d2, d3] = seeded.devices.map(String);
    expect(
      links.map((l) => [l.asset, l.target, l.from.toISOString(), l.until?.toISOString() ?? null]),
    ).toEqual([
      [a1, d3, '2026-10-01T00:00:00.000Z', '2026-10-15T00:00:00.000Z'],
      [a1, d1, '2026-11-01T00:00:00.000Z', null],
      [a2, d2, '2026-11-01T00:00:00.000Z', null],
    ]);
    expect((await linkCopies('driver_links')).map((l) => l.target)).toEqual(
      seeded.drivers.map(String),
    );
  });

  it('a second run with no change reports everything unchanged, reading only the changes', async () => {
    const result = await sync();
    expect(result).toMatchObject({ status: 'SUCCESS', incremental: true });
    expect(result.counts).toEqual({ created: 0, updated: 0, unchanged: 13, deactivated: 0 });
  });

  it('a change and a removal on the remote are picked up by the next run', async () => {
    const [a1, , a3] = seeded.assets.map((a) => a.id) as [number, number, number];
    const [, d2] = seeded.devices as [number, number];
    await ok(remote, 'PUT', `/api/assets/${a1}`, { name: 'Remote truck 1 (new cab)' });
    // Truck 3 leaves the fleet: its driver link ends first, then it goes.
    await ok(remote, 'DELETE', `/api/assets/${a3}/drivers/${seeded.drivers[1]}`);
    await remote.app.inject({
      method: 'DELETE',
      url: `/api/assets/${a3}`,
      headers: { authorization: `Bearer ${(await remote.login('oem')).accessToken}` },
    });
    // Camera 2 is taken out of truck 2.
    await ok(
      remote,
      'DELETE',
      `/api/assets/${seeded.assets[1]!.id}/devices/${d2}?until=2026-11-20T00:00:00Z`,
    );

    const result = await sync();
    expect(result).toMatchObject({ status: 'SUCCESS', incremental: true, errors: [] });
    expect(result.countsByKind).toMatchObject({
      ASSET: { created: 0, updated: 1, unchanged: 1, deactivated: 1 },
      DRIVER: { created: 0, updated: 0, unchanged: 2, deactivated: 0 },
      DEVICE: { created: 0, updated: 0, unchanged: 3, deactivated: 0 },
      DEVICE_LINK: { created: 0, updated: 1, unchanged: 2, deactivated: 0 },
      DRIVER_LINK: { created: 0, updated: 0, unchanged: 1, deactivated: 1 },
    });
    expect((await copies('assets')).map((a) => [a.name, a.deactivated])).toEqual([
      ['Remote truck 1 (new cab)', false],
      ['Remote truck 2', false],
      ['Remote truck 3', true],
    ]);
    const truck2Camera = (await linkCopies('device_links')).find((l) => l.target === String(d2));
    expect(truck2Camera?.until?.toISOString()).toBe('2026-11-20T00:00:00.000Z');
    const truck3Driver = (await linkCopies('driver_links')).find((l) => l.asset === String(a3));
    expect(truck3Driver).toMatchObject({ deactivated: true });
    expect(truck3Driver!.until).not.toBeNull();
  });

  it('a device identifier used here already is an error of that device: the run is PARTIAL', async () => {
    const polder = await local.organisationId('Polder Logistics');
    await fleetSeed(local).device(polder, 'RS-200');
    const device = await fleetSeed(remote).device(remoteOrg, 'RS-200');
    const truck = await fleetSeed(remote).asset(remoteOrg, 'Remote truck 4');
    await fleetSeed(remote).deviceLink(truck.id, device.id, '2026-11-05T00:00:00Z');

    const result = await sync();
    expect(result.status).toBe('PARTIAL');
    expect(result.errors).toEqual([
      {
        entityKind: 'DEVICE',
        externalId: String(device.id),
        // not whose: the holder may be another organisation's
        message: 'identifier RS-200 is not available: another device on this server has it',
      },
      {
        entityKind: 'DEVICE_LINK',
        externalId: expect.any(String),
        message: expect.stringMatching(/links device \d+, which has no active copy here/),
      },
    ]);
    expect(result.countsByKind.ASSET).toMatchObject({ created: 1 });
    // The devices are read in full next time (their stamp was not kept).
    const again = await sync();
    expect(again).toMatchObject({ status: 'PARTIAL', errorCount: 2, incremental: false });
  });

  it('a remote that is down gives a failed run that is listed, and leaves the copies as they were', async () => {
    const before = [await copies('assets'), await linkCopies('device_links')];
    await remote.app.close();
    const result = await sync();
    expect(result.status).toBe('FAILED');
    expect(result.reason).toMatch(/^Cannot reach http:\/\/127\.0\.0\.1:\d+: connection refused$/);
    expect([await copies('assets'), await linkCopies('device_links')]).toEqual(before);
    const last = await ok<SyncLastResult[]>(local, 'GET', '/sync-api/lastresults/');
    expect(last).toContainEqual(
      expect.objectContaining({
        organisationName: 'Remote Mirror',
        result: expect.objectContaining({ status: 'FAILED', reason: result.reason }),
      }),
    );
  });
});

describe('two servers on one database', () => {
  let other: FastifyInstance;
  let otherDb: Db;
  let fake: FakeRemote;
  let config: SyncConfiguration;

  beforeAll(async () => {
    otherDb = createDb(local.databaseUrl, 4);
    other = await buildApp({ config: { ...local.config }, db: otherDb });
    await other.ready();
    fake = await startFakeRemote();
    fake.delayMs = 150;
    fake.data = {
      assets: [{ externalId: 'A1', stamp: '1', name: 'Slow truck', licencePlate: null }],
    };
    const polder = await local.organisationId('Polder Logistics');
    config = await ok(
      local,
      'POST',
      `/sync-api/organisations/${polder}/configuration`,
      {
        server: fake.url,
        apiKey: fake.key,
        synchronise: {
          assets: true,
          drivers: false,
          devices: false,
          deviceLinks: false,
          driverLinks: false,
        },
      },
      201,
    );
    await ok(local, 'PUT', `/sync-api/organisations/${polder}/externalids`, {
      externalIds: ['R1'],
    });
  });
  afterAll(async () => {
    await other?.close();
    await otherDb?.destroy();
    await fake?.close();
  });

  it('never run the same organisation at once', async () => {
    const candidate = { id: config.id, organisationId: config.organisationId };
    const servers = [local.app, other, local.app, other];
    for (let round = 0; round < 6; round++) {
      await sql`UPDATE sync_configurations SET next_run_at = now() WHERE id = ${config.id}`.execute(
        local.db,
      );
      // Four attempts, two per server, the later ones while the first is under way (the
      // remote answers in 150 ms): one runs, the others find it locked (or done).
      const ran = await Promise.all(
        servers.map((s, i) => sleep(i * 40).then(() => s.services.syncRuns.runIfDue(candidate))),
      );
      expect(ran.filter(Boolean)).toHaveLength(1);
    }
    expect(fake.maxInFlight).toBe(1);

    const { rows } = await sql<{
      started_at: Date;
      ended_at: Date;
      status: string;
      reason: string | null;
    }>`
      SELECT started_at, ended_at, status, reason FROM sync_results
      WHERE configuration_id = ${config.id} ORDER BY started_at`.execute(local.db);
    expect(rows).toHaveLength(6);
    // Nobody took a run under way for one left behind by a dead server.
    expect(rows.map((r) => [r.status, r.reason])).toEqual(rows.map(() => ['SUCCESS', null]));
    for (let i = 1; i < rows.length; i++) {
      expect(rows[i]!.started_at.getTime()).toBeGreaterThanOrEqual(rows[i - 1]!.ended_at.getTime());
    }
  });

  it('a run asked for on both at once is one run', async () => {
    const [a, b] = await Promise.all(
      [local.app, other].map(async (app) => {
        const response = await app.inject({
          method: 'PUT',
          url: `/sync-api/organisations/${config.organisationId}/sync`,
          headers: { authorization: `Bearer ${(await local.login('oem')).accessToken}` },
        });
        return response.json<SyncResult>();
      }),
    );
    expect(a!.id).toBe(b!.id);
    await Promise.all([
      local.app.services.syncScheduler.idle(),
      other.services.syncScheduler.idle(),
    ]);
    const [last] = await ok<SyncResult[]>(
      local,
      'GET',
      `/sync-api/organisations/${config.organisationId}/results`,
    );
    expect(last).toMatchObject({ id: a!.id, status: 'SUCCESS', trigger: 'MANUAL' });
  });

  it('the database itself refuses a second active run', async () => {
    const insert = () =>
      sql`
      INSERT INTO sync_results (configuration_id, organisation_id, trigger, status)
      VALUES (${config.id}, ${config.organisationId}, 'MANUAL', 'RUNNING')`.execute(local.db);
    await insert();
    await expect(insert()).rejects.toThrow(/sync_results_active_key/);
    await sql`DELETE FROM sync_results WHERE configuration_id = ${config.id} AND status = 'RUNNING'`.execute(
      local.db,
    );
  });
});
