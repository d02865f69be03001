import type {
  IssuedSyncApiKey,
  SyncApiKey,
  SyncConfiguration,
  SyncLastResult,
  SyncResult,
} from '@fleet/contract';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../lib/free-port.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { startFakeRemote, type FakeRemote } from './fake-remote.js';

/**
 * The sync base on one server, against a fake remote that misbehaves on demand
 * (sync-two-servers.test.ts mirrors a real second server).
 */
let t: TestApp;
let remote: FakeRemote;
let demo: number;
let polder: number;
/** Every answer body of this file, to show that no key is ever in one. */
const bodies: string[] = [];

const call = async (user: string, method: string, url: string, payload?: object) => {
  const response = await t.as(user, { method: method as 'GET', url, payload });
  bodies.push(response.body);
  return response;
};

beforeAll(async () => {
  t = await createTestApp({
    // The fake remote listens on 127.0.0.1: allowed as an operator allows an internal remote.
    OUTBOUND_ALLOW: '127.0.0.1',
    SYNC_JOB_SECONDS: '3600',
    SYNC_RETRY_SECONDS: '30',
    SYNC_TIMEOUT: '1500',
  });
  remote = await startFakeRemote();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
});
afterAll(async () => {
  await remote.close();
  await t.close();
});
beforeEach(() => {
  remote.mode = 'ok';
  remote.delayMs = 0;
  remote.data = {
    assets: [{ externalId: 'A1', stamp: '5', name: 'Remote truck 1', licencePlate: 'BX-001-Z' }],
  };
});

/** Runs what is queued or due now, and waits for it. */
async function runPending() {
  t.app.services.syncScheduler.kick();
  await t.app.services.syncScheduler.idle();
}

async function configure(organisationId: number, body: object = {}) {
  const response = await call(
    'oem',
    'POST',
    `/sync-api/organisations/${organisationId}/configuration`,
    {
      server: remote.url,
      apiKey: remote.key,
      synchronise: {
        assets: true,
        drivers: false,
        devices: false,
        deviceLinks: false,
        driverLinks: false,
      },
      ...body,
    },
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json<SyncConfiguration>();
}

async function syncNow(organisationId: number): Promise<SyncResult> {
  const queued = await call('oem', 'PUT', `/sync-api/organisations/${organisationId}/sync`);
  expect(queued.statusCode, queued.body).toBe(202);
  await runPending();
  const results = await call('oem', 'GET', `/sync-api/organisations/${organisationId}/results`);
  return results.json<SyncResult[]>()[0]!;
}

describe('configuration', () => {
  it('is created, read, changed; the key is write-only; selection and address are checked', async () => {
    const created = await configure(demo, { intervalMinutes: 30 });
    expect(created).toMatchObject({
      organisationId: demo,
      server: remote.url,
      apiKeySet: true,
      externalIds: [],
      intervalMinutes: 30,
      enabled: true,
    });
    expect(created.nextRunAt).not.toBeNull();

    const again = await call('oem', 'POST', `/sync-api/organisations/${demo}/configuration`, {
      server: remote.url,
      apiKey: remote.key,
    });
    expect(again.statusCode).toBe(409);

    const read = await call('oem', 'GET', `/sync-api/organisations/${demo}/configuration`);
    expect(read.json()).toEqual(created);

    const none = await call('oem', 'GET', `/sync-api/organisations/${polder}/configuration`);
    expect(none.statusCode).toBe(404);
    expect(none.json().message).toMatch(/no synchronisation configuration/);

    const disabled = await call('oem', 'PUT', `/sync-api/configurations/${created.id}`, {
      enabled: false,
      apiKey: null,
    });
    expect(disabled.json()).toMatchObject({ enabled: false, nextRunAt: null, apiKeySet: false });
    const enabled = await call('oem', 'PUT', `/sync-api/configurations/${created.id}`, {
      enabled: true,
      apiKey: remote.key,
      server: `${remote.url}/`,
    });
    expect(enabled.json()).toMatchObject({ enabled: true, apiKeySet: true, server: remote.url });

    for (const [body, message] of [
      [
        {
          synchronise: {
            assets: false,
            drivers: true,
            devices: true,
            deviceLinks: true,
            driverLinks: false,
          },
        },
        /device links/,
      ],
      [{ server: 'http://user:pw@example.com' }, /server/],
      [{ intervalMinutes: 1 }, /intervalMinutes/],
      [{ apiKey: 'short' }, /apiKey/],
    ] as const) {
      const refused = await call('oem', 'PUT', `/sync-api/configurations/${created.id}`, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json().message).toMatch(message);
    }

    const nothingChosen = await call('oem', 'PUT', `/sync-api/organisations/${demo}/sync`);
    expect(nothingChosen.statusCode).toBe(409);
    expect(nothingChosen.json().message).toMatch(/Choose the remote organisations/);

    const ids = await call('oem', 'PUT', `/sync-api/organisations/${demo}/externalids`, {
      externalIds: ['R1'],
    });
    expect(ids.json()).toMatchObject({ externalIds: ['R1'] });
    const noConfig = await call('oem', 'PUT', `/sync-api/organisations/${polder}/externalids`, {
      externalIds: ['R1'],
    });
    expect(noConfig.statusCode).toBe(404);
  });

  it('stores the key encrypted', async () => {
    const { rows } = await sql<{ api_key_encrypted: string }>`
      SELECT api_key_encrypted FROM sync_configurations WHERE organisation_id = ${demo}`.execute(
      t.db,
    );
    expect(rows[0]!.api_key_encrypted).toMatch(/^v1\./);
    expect(rows[0]!.api_key_encrypted).not.toContain(remote.key.slice(6));
  });
});

describe('remote organisations', () => {
  it('lists what the remote offers for the configured key, and only asks the configured address', async () => {
    const listed = await call(
      'oem',
      'GET',
      `/sync-api/organisations?server=${encodeURIComponent(remote.url)}&organisationId=${demo}`,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([
      { externalId: 'R1', name: 'Remote Fleet', parentExternalId: null },
    ]);

    const elsewhere = await call(
      'oem',
      'GET',
      `/sync-api/organisations?server=${encodeURIComponent('http://127.0.0.1:9')}&organisationId=${demo}`,
    );
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().message).toMatch(/save the new address/);

    remote.mode = 'refuse';
    const refused = await call(
      'oem',
      'GET',
      `/sync-api/organisations?server=${encodeURIComponent(remote.url)}&organisationId=${demo}`,
    );
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/refused the API key/);
  });
});

describe('a run', () => {
  it('mirrors the remote and reports the counts', async () => {
    const result = await syncNow(demo);
    expect(result).toMatchObject({
      status: 'SUCCESS',
      trigger: 'MANUAL',
      counts: { created: 1, updated: 0, unchanged: 0, deactivated: 0 },
      countsByKind: { ASSET: { created: 1, updated: 0, unchanged: 0, deactivated: 0 } },
      errors: [],
      reason: null,
      progress: null,
    });
    const { rows } = await sql<{ name: string }>`
      SELECT name FROM assets WHERE organisation_id = ${demo} AND external_id = 'A1'`.execute(t.db);
    expect(rows).toEqual([{ name: 'Remote truck 1' }]);
  });
});

describe('a run under way', () => {
  it('shows its progress, and none once it ended', async () => {
    remote.delayMs = 400;
    const queued = await call('oem', 'PUT', `/sync-api/organisations/${demo}/sync`);
    const id = queued.json<SyncResult>().id;
    let seen: SyncResult | undefined;
    for (let i = 0; i < 40 && !seen; i++) {
      const [latest] = (await call('oem', 'GET', `/sync-api/organisations/${demo}/results`)).json<
        SyncResult[]
      >();
      if (latest?.id === id && latest.status === 'RUNNING' && latest.progress) seen = latest;
      else await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(seen?.progress).toEqual({
      phase: 'FETCHING',
      entityKind: 'ASSET',
      done: 0,
      total: null,
    });
    expect(seen?.startedAt).not.toBeNull();
    await t.app.services.syncScheduler.idle();
    const [ended] = (await call('oem', 'GET', `/sync-api/organisations/${demo}/results`)).json<
      SyncResult[]
    >();
    expect(ended).toMatchObject({ id, status: 'SUCCESS', progress: null });
  });
});

describe('a run asked for twice', () => {
  it('answers the run already queued', async () => {
    const first = await call('oem', 'PUT', `/sync-api/organisations/${demo}/sync`);
    const second = await call('oem', 'PUT', `/sync-api/organisations/${demo}/sync`);
    expect(first.json<SyncResult>().status).toBe('QUEUED');
    expect(second.json<SyncResult>().id).toBe(first.json<SyncResult>().id);
    await runPending();
    const done = await call('oem', 'GET', `/sync-api/organisations/${demo}/results`);
    expect(done.json<SyncResult[]>()[0]).toMatchObject({
      id: first.json<SyncResult>().id,
      status: 'SUCCESS',
    });
  });
});

describe('a remote that fails', () => {
  const localAssets = async () => {
    const { rows } = await sql<{ external_id: string; name: string }>`
      SELECT external_id, name FROM assets WHERE organisation_id = ${demo} AND external_id IS NOT NULL
      ORDER BY external_id`.execute(t.db);
    return rows;
  };
  let config: SyncConfiguration;

  beforeAll(async () => {
    config = (await call('oem', 'GET', `/sync-api/organisations/${demo}/configuration`)).json();
  });
  beforeEach(async () => {
    // Each case is a first failure (retries are counted in the next test).
    await sql`UPDATE sync_configurations SET failures = 0 WHERE organisation_id = ${demo}`.execute(
      t.db,
    );
    // What a successful run would change: both must stay undone by a failed one.
    remote.data = {
      assets: [
        { externalId: 'A1', stamp: '6', name: 'Renamed truck', licencePlate: null },
        { externalId: 'A2', stamp: '6', name: 'New truck', licencePlate: null },
      ],
    };
  });

  it.each([
    ['is down', 'down', /Cannot reach http:\/\/127\.0\.0\.1:\d+: connection refused/],
    ['refuses the key', 'refuse', /^The remote refused the API key \(HTTP 401\)$/],
    ['answers garbage', 'garbage', /answer is not JSON$/],
    [
      'answers JSON that is not the protocol',
      'not-protocol',
      /not the sync protocol \(\/ must have required properties nextCursor, stamp\)/,
    ],
    ['fails itself', 'error', /the remote answered with a server error \(HTTP 5xx\)$/],
    ['is too slow', 'slow', /did not answer within 1\.5 s|no complete answer within 1\.5 s/],
    ['answers too much', 'huge', /larger than 20 MB/],
  ] as const)('%s: FAILED with the reason, listed, nothing applied', async (_, mode, reason) => {
    const before = await localAssets();
    if (mode === 'down') {
      const closed = `http://127.0.0.1:${await freePort()}`;
      await call('oem', 'PUT', `/sync-api/configurations/${config.id}`, { server: closed });
    } else {
      remote.mode = mode;
    }
    const result = await syncNow(demo);
    if (mode === 'down') {
      await call('oem', 'PUT', `/sync-api/configurations/${config.id}`, { server: remote.url });
    }
    expect(result.status).toBe('FAILED');
    expect(result.reason).toMatch(reason);
    expect(result.reason).not.toMatch(/INTERNAL-ONLY|db_password|Welcome/);
    expect(result.endedAt).not.toBeNull();
    expect(result.nextRetryAt).not.toBeNull();
    expect(await localAssets()).toEqual(before);

    const last = (await call('oem', 'GET', '/sync-api/lastresults/')).json<SyncLastResult[]>();
    expect(last.find((l) => l.organisationId === demo)).toMatchObject({
      organisationName: 'Demo Transport',
      result: { id: result.id, status: 'FAILED', reason: result.reason },
    });
  });

  it('at an address that is not allowed: 400 at the save; kept from before, refused unasked', async () => {
    // A remote on loopback beyond the allow-list (127.0.0.1 only), really listening.
    const asked: string[] = [];
    const internal = http.createServer((request, response) => {
      asked.push(request.url ?? '');
      response.end('INTERNAL-ONLY db_password=hunter2');
    });
    await new Promise<void>((r) => internal.listen(0, '127.0.0.2', r));
    const address = `http://127.0.0.2:${(internal.address() as AddressInfo).port}`;
    try {
      for (const server of [
        address,
        'http://169.254.169.254',
        'http://metadata.google.internal',
        'http://2130706434:1',
        'http://[::ffff:127.0.0.2]:1',
        'http://0:1',
      ]) {
        const refused = await call('oem', 'PUT', `/sync-api/configurations/${config.id}`, {
          server,
        });
        expect(refused.statusCode, server).toBe(400);
        expect(refused.json().message).toMatch(/^server is not an allowed destination/);
      }
      await sql`UPDATE sync_configurations SET server = ${address} WHERE id = ${config.id}`.execute(
        t.db,
      );
      const result = await syncNow(demo);
      expect(result).toMatchObject({ status: 'FAILED' });
      expect(result.reason).toBe(
        `Refused: ${address} is not an allowed address (synchronisation reaches public addresses only)`,
      );
      expect(asked).toEqual([]);
    } finally {
      await sql`UPDATE sync_configurations SET server = ${remote.url} WHERE id = ${config.id}`.execute(
        t.db,
      );
      internal.close();
    }
  });

  it('is retried with backoff, and a success ends the retries', async () => {
    remote.mode = 'error';
    const first = await syncNow(demo);
    expect(first).toMatchObject({ status: 'FAILED', attempt: 1 });
    const waited = (r: SyncResult) => (Date.parse(r.nextRetryAt!) - Date.parse(r.endedAt!)) / 1000;
    const configNow = (
      await call('oem', 'GET', `/sync-api/organisations/${demo}/configuration`)
    ).json<SyncConfiguration>();
    expect(configNow.nextRunAt).toBe(first.nextRetryAt);

    // The retry falls due: the scheduler runs it as a RETRY, one attempt further.
    await sql`UPDATE sync_configurations SET next_run_at = now() WHERE organisation_id = ${demo}`.execute(
      t.db,
    );
    await runPending();
    const [retry] = (await call('oem', 'GET', `/sync-api/organisations/${demo}/results`)).json<
      SyncResult[]
    >();
    expect(retry).toMatchObject({ trigger: 'RETRY', status: 'FAILED', attempt: 2 });
    expect(waited(first)).toBeCloseTo(30, 0);
    expect(waited(retry!)).toBeCloseTo(60, 0);

    remote.mode = 'ok';
    await sql`UPDATE sync_configurations SET next_run_at = now() WHERE organisation_id = ${demo}`.execute(
      t.db,
    );
    await runPending();
    const [success] = (await call('oem', 'GET', `/sync-api/organisations/${demo}/results`)).json<
      SyncResult[]
    >();
    // A failure forgets the stamps: the success after it read everything in full.
    expect(success).toMatchObject({
      trigger: 'RETRY',
      status: 'SUCCESS',
      nextRetryAt: null,
      incremental: false,
    });
    expect(success!.counts).toEqual({ created: 1, updated: 1, unchanged: 0, deactivated: 0 });
    const after = (
      await call('oem', 'GET', `/sync-api/organisations/${demo}/configuration`)
    ).json<SyncConfiguration>();
    expect(Date.parse(after.nextRunAt!) - Date.parse(success!.endedAt!)).toBeCloseTo(
      30 * 60_000,
      -4,
    );
    expect(await localAssets()).toEqual([
      { external_id: 'A1', name: 'Renamed truck' },
      { external_id: 'A2', name: 'New truck' },
    ]);
  });

  it('a run left RUNNING by a server that died is marked FAILED, not stuck', async () => {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO sync_results (configuration_id, organisation_id, trigger, status, started_at, runner)
      VALUES (${config.id}, ${demo}, 'SCHEDULED', 'RUNNING', now() - interval '5 minutes', 'gone:1')
      RETURNING id`.execute(t.db);
    await runPending();
    const results = (await call('oem', 'GET', `/sync-api/organisations/${demo}/results`)).json<
      SyncResult[]
    >();
    const stuck = results.find((r) => r.id === rows[0]!.id);
    expect(stuck).toMatchObject({
      status: 'FAILED',
      reason: expect.stringMatching(/^Interrupted/),
    });
    expect(stuck!.nextRetryAt).not.toBeNull();
  });
});

describe('results', () => {
  it('are listed by period, newest first', async () => {
    const all = (await call('oem', 'GET', `/sync-api/organisations/${demo}/results`)).json<
      SyncResult[]
    >();
    expect(all.length).toBeGreaterThan(3);
    expect([...all].sort((a, b) => Date.parse(b.queuedAt) - Date.parse(a.queuedAt))).toEqual(all);
    const future = await call(
      'oem',
      'GET',
      `/sync-api/organisations/${demo}/results?from=2099-01-01T00:00:00Z`,
    );
    expect(future.json()).toEqual([]);
    const reversed = await call(
      'oem',
      'GET',
      `/sync-api/organisations/${demo}/results?from=2026-11-20T00:00:00Z&until=2026-11-01T00:00:00Z`,
    );
    expect(reversed.statusCode).toBe(400);
  });
});

describe('synced records', () => {
  it('are read-only here (409 saying where to change them); deactivated ones are not', async () => {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM assets WHERE organisation_id = ${demo} AND external_id = 'A1'`.execute(t.db);
    const id = rows[0]!.id;
    const changed = await call('manager', 'PUT', `/api/assets/${id}`, { name: 'Mine now' });
    expect(changed.statusCode).toBe(409);
    expect(changed.json().message).toMatch(
      new RegExp(`synchronised from ${remote.url.replace(/\./g, '\\.')} \\(its id there: A1\\)`),
    );
    expect((await call('manager', 'DELETE', `/api/assets/${id}`)).statusCode).toBe(409);

    // Gone from the remote: deactivated, and local again.
    remote.data = {
      assets: [{ externalId: 'A2', stamp: '7', name: 'New truck', licencePlate: null }],
    };
    const result = await syncNow(demo);
    expect(result.counts).toMatchObject({ deactivated: 1, unchanged: 1 });
    const { rows: flagged } = await sql<{ deactivated: boolean }>`
      SELECT deactivated_at IS NOT NULL AS deactivated FROM assets WHERE id = ${id}`.execute(t.db);
    expect(flagged[0]!.deactivated).toBe(true);
    expect(
      (await call('manager', 'PUT', `/api/assets/${id}`, { name: 'Mine now' })).statusCode,
    ).toBe(200);
  });
});

describe('API keys and the export side', () => {
  const exportCall = (url: string, key?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/sync-api/export${url}`,
      headers: key ? { 'x-api-key': key } : {},
    });
  let issued: IssuedSyncApiKey;

  it('a key is shown once, listed without it, and opens only its organisation', async () => {
    const response = await call('oem', 'POST', `/sync-api/organisations/${polder}/apikeys`, {
      name: 'ERP link',
    });
    expect(response.statusCode).toBe(201);
    issued = response.json();
    expect(issued).toMatchObject({
      organisationId: polder,
      name: 'ERP link',
      createdBy: expect.any(String),
      revokedAt: null,
    });
    expect(issued.key).toMatch(/^fwk_\d+_/);
    const listed = (await call('oem', 'GET', `/sync-api/organisations/${polder}/apikeys`)).json<
      SyncApiKey[]
    >();
    expect(listed).toEqual([expect.objectContaining({ id: issued.id, prefix: issued.prefix })]);
    expect(JSON.stringify(listed)).not.toContain(issued.key);

    const orgs = await exportCall('/organisations', issued.key);
    expect(orgs.json()).toEqual({
      organisations: [
        { externalId: String(polder), name: 'Polder Logistics', parentExternalId: null },
      ],
    });
    expect((await exportCall(`/organisations/${demo}/assets`, issued.key)).statusCode).toBe(404);
    expect((await exportCall(`/organisations/${polder}/assets`, issued.key)).statusCode).toBe(200);
    const used = (await call('oem', 'GET', `/sync-api/organisations/${polder}/apikeys`)).json<
      SyncApiKey[]
    >();
    expect(used[0]!.lastUsedAt).not.toBeNull();
  });

  it.each([
    ['no key', undefined],
    ['a malformed key', 'secret'],
    ['an unknown key', `fwk_999999_${'a'.repeat(43)}`],
    ['a session token instead', 'Bearer x'],
  ])('%s: 401', async (_, key) => {
    const response = await exportCall('/organisations', key);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('pages with a cursor, and `since` lists only what changed; ids list what exists', async () => {
    const seed = fleetSeed(t);
    const assets = [await seed.asset(polder), await seed.asset(polder), await seed.asset(polder)];
    const first = (await exportCall(`/organisations/${polder}/assets?limit=2`, issued.key)).json();
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = (
      await exportCall(
        `/organisations/${polder}/assets?limit=2&cursor=${first.nextCursor}`,
        issued.key,
      )
    ).json();
    expect(second.stamp).toBe(first.stamp);
    const all = [...first.items, ...second.items];
    expect(second.nextCursor).toBeNull();
    expect(all.map((i: { externalId: string }) => i.externalId)).toEqual(
      expect.arrayContaining(assets.map((a) => String(a.id))),
    );

    expect(
      (await exportCall(`/organisations/${polder}/assets?since=${first.stamp}`, issued.key)).json()
        .items,
    ).toEqual([]);
    await call('oem', 'PUT', `/api/assets/${assets[1]!.id}`, { name: 'Changed name' });
    const changed = (
      await exportCall(`/organisations/${polder}/assets?since=${first.stamp}`, issued.key)
    ).json();
    expect(changed.items).toEqual([
      expect.objectContaining({ externalId: String(assets[1]!.id), name: 'Changed name' }),
    ]);
    await call('oem', 'DELETE', `/api/assets/${assets[2]!.id}`);
    const ids = (await exportCall(`/organisations/${polder}/ids?kind=assets`, issued.key)).json();
    expect(ids.ids).toContain(String(assets[0]!.id));
    expect(ids.ids).not.toContain(String(assets[2]!.id));

    for (const bad of ['cursor=abc', 'since=x1', 'limit=0']) {
      const refused = await exportCall(`/organisations/${polder}/assets?${bad}`, issued.key);
      expect(refused.statusCode, bad).toBe(400);
    }
  });

  it("lists links of the organisation's own assets and devices only", async () => {
    const seed = fleetSeed(t);
    const reseller = await t.organisationId('Northline Reseller');
    const truck = await seed.asset(polder);
    const own = await seed.device(polder);
    const spare = await seed.device(reseller);
    const ownLink = await seed.deviceLink(truck.id, own.id, '2026-11-01T00:00:00Z');
    await call(
      'oem',
      'DELETE',
      `/api/assets/${truck.id}/devices/${own.id}?until=2026-11-02T00:00:00Z`,
    );
    const spareLink = await seed.deviceLink(truck.id, spare.id, '2026-11-03T00:00:00Z');
    const listed = (await exportCall(`/organisations/${polder}/devicelinks`, issued.key)).json();
    const ids = listed.items.map((l: { externalId: string }) => l.externalId);
    expect(ids).toContain(String(ownLink.id));
    expect(ids).not.toContain(String(spareLink.id));
    expect(
      listed.items.find((l: { externalId: string }) => l.externalId === String(ownLink.id)),
    ).toEqual({
      externalId: String(ownLink.id),
      stamp: expect.stringMatching(/^\d+$/),
      assetExternalId: String(truck.id),
      deviceExternalId: String(own.id),
      from: '2026-11-01T00:00:00.000Z',
      until: '2026-11-02T00:00:00.000Z',
    });
  });

  it('a revoked key opens nothing', async () => {
    const revoked = await call('oem', 'DELETE', `/sync-api/apikeys/${issued.id}`);
    expect(revoked.json().revokedAt).not.toBeNull();
    expect((await exportCall('/organisations', issued.key)).statusCode).toBe(401);
  });
});

describe('who may', () => {
  const calls = (org: number): [string, string, object?][] => [
    [
      'GET',
      `/sync-api/organisations?server=${encodeURIComponent(remote.url)}&organisationId=${org}`,
    ],
    ['GET', `/sync-api/organisations/${org}/configuration`],
    [
      'POST',
      `/sync-api/organisations/${polder}/configuration`,
      { server: remote.url, apiKey: remote.key },
    ],
    ['PUT', `/sync-api/configurations/1`, { enabled: false }],
    ['PUT', `/sync-api/organisations/${org}/externalids`, { externalIds: [] }],
    ['PUT', `/sync-api/organisations/${org}/sync`],
    ['GET', `/sync-api/organisations/${org}/results`],
    ['GET', '/sync-api/lastresults/'],
    ['GET', `/sync-api/organisations/${org}/apikeys`],
    ['POST', `/sync-api/organisations/${org}/apikeys`, { name: 'x' }],
    ['DELETE', '/sync-api/apikeys/1'],
  ];

  it.each(['reseller', 'manager', 'integrator', 'driver'])(
    '%s gets 403 on every sync call',
    async (user) => {
      for (const [method, url, payload] of calls(demo)) {
        const response = await call(user, method, url, payload);
        expect(response.statusCode, `${method} ${url}`).toBe(403);
        expect(response.json().message).toBe('Synchronisation is for OEM users');
      }
    },
  );

  it('nobody signed out gets any', async () => {
    for (const [method, url, payload] of calls(demo)) {
      const response = await t.app.inject({ method: method as 'GET', url, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});

describe('keys', () => {
  it('never appear in an answer', () => {
    expect(bodies.length).toBeGreaterThan(50);
    const leaks = bodies.filter(
      (b) => b.includes(remote.key) || b.includes(remote.key.slice(6, 30)),
    );
    expect(leaks).toEqual([]);
  });
});
