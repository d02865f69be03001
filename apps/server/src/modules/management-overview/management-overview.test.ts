import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let org: number;
let seed: ReturnType<typeof fleetSeed>;
beforeAll(async () => {
  t = await createTestApp();
  seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  org = (
    await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${demo}`,
      payload: { name: 'Overview BV' },
    })
  ).json().id;
});
afterAll(() => t.close());

const overview = (user = 'reseller', id = org) =>
  t.as(user, { method: 'GET', url: `/api/organisations/${id}/managementoverview` });

describe('GET organisations/{id}/managementoverview', () => {
  it('counts an empty organisation', async () => {
    const response = await overview();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      counts: { assets: 0, devices: 0, drivers: 0, groups: 0 },
      checks: [
        { check: 'devicesWithoutAsset', count: 0, resource: 'devices', filter: 'unlinked' },
        { check: 'assetsWithoutDevice', count: 0, resource: 'assets', filter: 'unlinked' },
        { check: 'silentDevices', count: 0, resource: 'devices', filter: 'silent' },
        { check: 'pendingDevices', count: 0, resource: 'devices', filter: 'pending' },
      ],
    });
  });

  it('counts what the filtered lists show', async () => {
    const fitted = await seed.asset(org);
    await seed.asset(org);
    await seed.asset(org);
    const inTruck = await seed.device(org);
    const spare = await seed.device(org);
    await seed.driver(org);
    await seed.group(org);
    await seed.deviceLink(fitted.id, inTruck.id);
    await t.db
      .updateTable('devices')
      .set({ last_seen_at: new Date() })
      .where('id', '=', spare.id)
      .execute();
    const body = (await overview()).json();
    expect(body.counts).toEqual({ assets: 3, devices: 2, drivers: 1, groups: 1 });
    const count = (check: string) =>
      body.checks.find((c: { check: string }) => c.check === check).count;
    expect(count('devicesWithoutAsset')).toBe(1);
    expect(count('assetsWithoutDevice')).toBe(2);
    expect(count('silentDevices')).toBe(1);
    for (const [resource, filter, check] of [
      ['devices', 'unlinked', 'devicesWithoutAsset'],
      ['assets', 'unlinked', 'assetsWithoutDevice'],
      ['devices', 'silent', 'silentDevices'],
      ['devices', 'pending', 'pendingDevices'],
    ] as const) {
      const list = await t.as('reseller', {
        method: 'GET',
        url: `/api/organisations/${org}/${resource}`,
        query: { filter, limit: '10' },
      });
      expect(Number(list.headers['x-total-count']), check).toBe(count(check));
    }
  });

  it('answers 404 outside the subtree, whatever the role; any role inside reads', async () => {
    const polder = await t.organisationId('Polder Logistics');
    expect((await overview('manager', polder)).statusCode).toBe(404);
    expect((await overview('manager', 999999)).statusCode).toBe(404);
    const demo = await t.organisationId('Demo Transport');
    expect((await overview('driver', demo)).statusCode).toBe(200);
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/organisations/${org}/managementoverview`,
    });
    expect(response.statusCode).toBe(401);
  });
});
