import type { DeviceWithCredential } from '@fleet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed } from './fleet-seed.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * Requests that race each other: device ingestion against the engine's rebuild of the
 * same assets, and deletes against the links and memberships being made to what they
 * delete. Bounded: a few hundred requests, a few seconds.
 */
let t: TestApp;
let demo: number;
let seed: ReturnType<typeof fleetSeed>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  seed = fleetSeed(t);
});
afterAll(() => t.close());

/** Runs the tasks with at most `width` at a time; answers their results in order. */
async function parallel<T>(tasks: (() => Promise<T>)[], width: number): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const lane = async () => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  return results;
}

describe('device ingestion against the engine', () => {
  const DEVICES = 4;
  const RECORDS = 30;
  let devices: DeviceWithCredential[];

  beforeAll(async () => {
    devices = [];
    for (let i = 0; i < DEVICES; i++) {
      const asset = await seed.asset(demo);
      const device = await seed.device(demo);
      await seed.deviceLink(asset.id, device.id, '2026-01-01T00:00:00Z');
      devices.push(device);
    }
  });

  // One device's records over three days, one record a batch, as a unit with a backlog sends them.
  const recordsOf = (d: number) =>
    Array.from({ length: RECORDS }, (_, i) => ({
      timestamp: new Date(Date.UTC(2026, 10, 10 + (i % 3), 6 + d, i)).toISOString(),
      transferReason: i % 10 === 0 ? 'TRIP_START' : 'PERIODIC',
      location: { latitude: 5200000 + i * 100, longitude: 480000 + d * 1000 },
      speed: 60,
      odometer: 1_000_000 + i * 1000,
      drivingTime: i * 60,
    }));
  const send = (device: DeviceWithCredential, record: object) =>
    t.app.inject({
      method: 'POST',
      url: '/device-api/v1/records',
      headers: { authorization: `Bearer ${device.credential}` },
      payload: { records: [record] },
    });

  it('answers every batch 2xx and stores each acknowledged record exactly once', async () => {
    t.app.services.engine.start(3);
    try {
      const tasks = devices.flatMap((device, d) =>
        recordsOf(d).map((record) => () => send(device, record)),
      );
      // Each record twice: the second is a duplicate, as when a device resends a batch.
      const all = [...tasks, ...tasks];
      const responses = await parallel(all, 8);
      const statuses = responses.map((r) => r.statusCode);
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
      expect(new Set(statuses)).toEqual(new Set([200]));
      const results = responses.map((r) => r.json<{ stored: number; duplicates: number }>());
      const stored = results.reduce((sum, r) => sum + r.stored, 0);
      const duplicates = results.reduce((sum, r) => sum + r.duplicates, 0);
      expect(stored).toBe(DEVICES * RECORDS);
      expect(duplicates).toBe(DEVICES * RECORDS);
    } finally {
      await t.app.services.engine.stop();
    }
    const { rows } = await sql<{ device_id: number; n: number }>`
      SELECT device_id, count(*)::integer AS n FROM raw_records
      WHERE device_id = ANY(${devices.map((d) => d.id)}::integer[]) GROUP BY device_id`.execute(
      t.db,
    );
    expect(rows.map((r) => r.n)).toEqual(devices.map(() => RECORDS));
  }, 60_000);
});

describe('deletes racing the links and memberships made to what they delete', () => {
  const ROUNDS = 12;

  /** Fires the requests at once; every answer must be one of `allowed`, with {code, message} when 4xx. */
  async function race(requests: (() => ReturnType<TestApp['as']>)[], allowed: number[]) {
    const responses = await Promise.all(requests.map((r) => r()));
    for (const response of responses) {
      expect(allowed, `${response.statusCode} ${response.body}`).toContain(response.statusCode);
      if (response.statusCode >= 400)
        expect(response.json()).toEqual({ code: expect.any(String), message: expect.any(String) });
    }
    return responses;
  }

  it('deleting a group while assets and drivers join it: 404 or 409 for the losers', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const group = await seed.group(demo);
      const assets = await Promise.all([seed.asset(demo), seed.asset(demo), seed.asset(demo)]);
      const driver = await seed.driver(demo);
      await race(
        [
          ...assets.map(
            (asset) => () =>
              t.as('oem', { method: 'PUT', url: `/api/groups/${group.id}/assets/${asset.id}` }),
          ),
          () => t.as('oem', { method: 'PUT', url: `/api/groups/${group.id}/drivers/${driver.id}` }),
          () => t.as('oem', { method: 'DELETE', url: `/api/groups/${group.id}` }),
        ],
        [204, 404, 409],
      );
      const left = await t.db
        .selectFrom('group_assets')
        .select('asset_id')
        .where('group_id', '=', group.id)
        .execute();
      expect(left).toEqual([]);
    }
  });

  it('deleting an asset while it joins groups and gets device and driver links', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const asset = await seed.asset(demo);
      const group = await seed.group(demo);
      const configurationGroup = await seed.configurationGroup(demo);
      const device = await seed.device(demo);
      const driver = await seed.driver(demo);
      const responses = await race(
        [
          () => t.as('oem', { method: 'PUT', url: `/api/groups/${group.id}/assets/${asset.id}` }),
          () =>
            t.as('oem', {
              method: 'PUT',
              url: `/api/configurationgroups/${configurationGroup.id}/assets/${asset.id}`,
            }),
          () => t.as('oem', { method: 'PUT', url: `/api/assets/${asset.id}/devices/${device.id}` }),
          () => t.as('oem', { method: 'PUT', url: `/api/assets/${asset.id}/drivers/${driver.id}` }),
          () => t.as('oem', { method: 'DELETE', url: `/api/assets/${asset.id}` }),
        ],
        [201, 204, 404, 409],
      );
      // Either the delete won (no links left behind) or a link won and the delete was
      // refused with 409 (the asset and its links stay whole).
      const links = await t.db
        .selectFrom('device_links')
        .select('id')
        .where('asset_id', '=', asset.id)
        .execute();
      const deleted = responses.at(-1)!.statusCode === 204;
      if (deleted) expect(links).toEqual([]);
      else expect(responses.at(-1)!.statusCode).toBe(409);
    }
  });

  it('deleting a device or driver while it is linked to an asset', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const asset = await seed.asset(demo);
      const device = await seed.device(demo);
      const driver = await seed.driver(demo);
      await race(
        [
          () => t.as('oem', { method: 'PUT', url: `/api/assets/${asset.id}/devices/${device.id}` }),
          () => t.as('oem', { method: 'DELETE', url: `/api/devices/${device.id}` }),
          () => t.as('oem', { method: 'PUT', url: `/api/assets/${asset.id}/drivers/${driver.id}` }),
          () => t.as('oem', { method: 'DELETE', url: `/api/drivers/${driver.id}` }),
        ],
        [201, 204, 404, 409],
      );
    }
  });
});
