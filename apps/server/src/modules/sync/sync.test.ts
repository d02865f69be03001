import type {
  IssuedSyncApiKey,
  SyncApiKey,
  SyncConfiguration,
  SyncLastResult,
  SyncResult,
} from '@fleet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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
    SYNC_JOB_SECONDS: '0',
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
