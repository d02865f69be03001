import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeviceWithCredential, ImportProgress } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * POST /admin-api/rawdatas/import with a scope (an organisation and those below it, or one
 * asset), its result, and its cancel. Each truck below sent a trip before it was linked to its
 * asset, and the links were then written straight into the database, as no call would: so its
 * records belong to no asset until a re-processing gives them theirs, and which trucks drive
 * afterwards shows what the re-processing covered.
 */
let t: TestApp;
const orgs: Record<string, number> = {};
const trucks: Record<string, { assetId: number; device: DeviceWithCredential }> = {};

const FROM = '2026-11-04T00:00:00Z';
const UNTIL = '2026-11-07T00:00:00Z';

async function truck(name: string, organisation: string) {
  const seed = fleetSeed(t);
  const asset = await seed.asset(orgs[organisation]!, name);
  const device = await seed.device(orgs[organisation]!);
  const records = ['05', '06'].flatMap((day, i) => [
    {
      timestamp: `2026-11-${day}T08:00:00Z`,
      transferReason: 'TRIP_START',
      odometer: 1_000_000 + i * 20_000,
    },
    {
      timestamp: `2026-11-${day}T09:00:00Z`,
      transferReason: 'TRIP_STOP',
      odometer: 1_020_000 + i * 20_000,
    },
  ]);
  const sent = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records },
  });
  expect(sent.json().stored).toBe(4);
  await t.db
    .insertInto('device_links')
    .values({ asset_id: asset.id, device_id: device.id, from: new Date('2026-11-01T00:00:00Z') })
    .execute();
  trucks[name] = { assetId: asset.id, device };
}

/** Kilometres the truck drove on 5 and 6 November, by the reports (derived data). */
async function driven(name: string): Promise<number> {
  const { rows } = await sql<{ m: number }>`
    SELECT coalesce(sum(driving_distance), 0)::float AS m FROM stats_daily
    WHERE asset_id = ${trucks[name]!.assetId}`.execute(t.db);
  return rows[0]!.m / 1000;
}

const importLines = async (user: string, query: Record<string, string | number>) => {
  const response = await t.as(user, {
    method: 'POST',
    url: '/admin-api/rawdatas/import',
    query: Object.fromEntries(
      Object.entries({ from: FROM, until: UNTIL, ...query }).map(([k, v]) => [k, String(v)]),
    ),
  });
  return {
    response,
    lines: () =>
      response.body
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as ImportProgress),
  };
};

beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['Fleetwise OEM', 'Northline Reseller', 'Demo Transport', 'Polder Logistics'])
    orgs[name] = await t.organisationId(name);
  orgs['Other Root'] = (
    await t.db
      .insertInto('organisations')
      .values({ name: 'Other Root', parent_id: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await truck('Demo 1', 'Demo Transport');
  await truck('Demo 2', 'Demo Transport');
  await truck('Polder 1', 'Polder Logistics');
  await t.app.services.engine.drain();
}, 60_000);
afterAll(() => t.close());

describe('the scope of a re-processing', () => {
  it('one asset: only its device, and the result says what was done', async () => {
    const { response, lines } = await importLines('oem', { assetId: trucks['Demo 2']!.assetId });
    expect(response.statusCode, response.body).toBe(200);
    const progress = lines();
    expect(progress[0]).toMatchObject({
      status: 'started',
      devices: 1,
      reattributed: 0,
      processed: 0,
    });
    const last = progress.at(-1)!;
    expect(last).toMatchObject({
      status: 'finished',
      devices: 1,
      reattributed: 1,
      remaining: 0,
      assetDays: 2,
      records: 4,
    });
    expect(last.seconds).toBeGreaterThan(0);
    expect(last.total).toBeGreaterThanOrEqual(2);
    expect(await driven('Demo 2')).toBe(40);
    expect(await driven('Demo 1')).toBe(0);
    expect(await driven('Polder 1')).toBe(0);
  });

  it('one organisation and those below it: its devices only', async () => {
    const { lines } = await importLines('oem', { organisationId: orgs['Polder Logistics']! });
    expect(lines().at(-1)).toMatchObject({
      status: 'finished',
      devices: 1,
      assetDays: 2,
      records: 4,
    });
    expect(await driven('Polder 1')).toBe(40);
    expect(await driven('Demo 1')).toBe(0);
  });

  it("no scope: everything of the caller's subtree", async () => {
    const { lines } = await importLines('oem', {});
    expect(lines().at(-1)).toMatchObject({
      status: 'finished',
      devices: 3,
      assetDays: 6,
      records: 12,
    });
    expect(await driven('Demo 1')).toBe(40);
  });

  it.each([
    [
      'a reseller',
      'reseller',
      () => ({ organisationId: orgs['Demo Transport']! }),
      403,
      'FORBIDDEN',
    ],
    ['a manager', 'manager', () => ({ assetId: trucks['Demo 1']!.assetId }), 403, 'FORBIDDEN'],
    ['another tree', 'oem', () => ({ organisationId: orgs['Other Root']! }), 404, 'NOT_FOUND'],
    ['a missing organisation', 'oem', () => ({ organisationId: 2147483647 }), 404, 'NOT_FOUND'],
    ['a missing asset', 'oem', () => ({ assetId: 2147483647 }), 404, 'NOT_FOUND'],
    [
      'both scopes at once',
      'oem',
      () => ({ organisationId: orgs['Demo Transport']!, assetId: trucks['Demo 1']!.assetId }),
      400,
      'VALIDATION_ERROR',
    ],
    ['an id of 0', 'oem', () => ({ organisationId: 0 }), 400, 'VALIDATION_ERROR'],
    ['an id that is no number', 'oem', () => ({ assetId: 'one' }), 400, 'VALIDATION_ERROR'],
  ])('refuses %s (as %s) with %i', async (_, user, query, status, code) => {
    const { response } = await importLines(user, query());
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toBe(code);
  });

  it('an asset of another tree is as missing as one that does not exist', async () => {
    const foreign = await fleetSeed(t)
      .asset(orgs['Other Root']!)
      .catch(() => undefined);
    // the OEM cannot even create it there: outside its subtree
    expect(foreign).toBeUndefined();
    const id = (
      await t.db
        .insertInto('assets')
        .values({ organisation_id: orgs['Other Root']!, name: 'Stranger' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    const { response } = await importLines('oem', { assetId: id });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: `Asset ${id} does not exist` });
  });
});

describe('cancelling a re-processing', () => {
  it('stops at the next step when the client goes away, and says so in the log', async () => {
    // Each device's re-attribution takes half a second, so the client can leave in between.
    await sql`CREATE FUNCTION slow_update() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.5); RETURN NULL; END $$`.execute(t.db);
    await sql`CREATE TRIGGER slow_update AFTER UPDATE ON raw_records FOR EACH STATEMENT EXECUTE FUNCTION slow_update()`.execute(
      t.db,
    );
    const info = vi.spyOn(t.app.log, 'info');
    const reattribute = vi.spyOn(t.app.services.engine, 'reattributeDevice');
    try {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = t.app.server.address() as AddressInfo;
      const token = (await t.login('oem')).accessToken;
      const first = await new Promise<string>((resolve, reject) => {
        const request = http.request(
          {
            port,
            host: '127.0.0.1',
            method: 'POST',
            path: `/admin-api/rawdatas/import?from=${FROM}&until=${UNTIL}`,
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          },
          (response) => {
            response.once('data', (chunk: Buffer) => {
              request.destroy();
              resolve(chunk.toString());
            });
          },
        );
        request.on('error', reject);
        request.end('{}');
      });
      expect(JSON.parse(first.split('\n')[0]!)).toMatchObject({ status: 'started', devices: 3 });
      await vi.waitFor(
        () =>
          expect(info).toHaveBeenCalledWith(
            expect.objectContaining({ reattributed: expect.any(Number) }),
            'raw data import cancelled by the client',
          ),
        { timeout: 10_000, interval: 100 },
      );
      const [context] = info.mock.calls.find(
        ([, message]) => message === 'raw data import cancelled by the client',
      )!;
      // stopped after the step under way: not every device was done
      expect((context as { reattributed: number }).reattributed).toBeLessThan(3);
      expect(reattribute.mock.calls.length).toBeLessThan(3);
      // and nothing more afterwards
      const calls = reattribute.mock.calls.length;
      await new Promise((r) => setTimeout(r, 1200));
      expect(reattribute.mock.calls.length).toBe(calls);
    } finally {
      info.mockRestore();
      reattribute.mockRestore();
      await sql`DROP TRIGGER slow_update ON raw_records`.execute(t.db);
      await sql`DROP FUNCTION slow_update()`.execute(t.db);
    }
  });
});
