import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let org: number;
let seed: ReturnType<typeof fleetSeed>;
const names = (response: { json(): unknown }) =>
  (response.json() as { name?: string; lastName?: string }[]).map((r) => r.name ?? r.lastName);

beforeAll(async () => {
  t = await createTestApp();
  seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  org = (
    await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${demo}`,
      payload: { name: 'List Paging BV' },
    })
  ).json().id;
  // 25 assets: 'Truck 01' … 'Truck 25', plates XX-01 …; Truck 03 has a device and a driver.
  for (let i = 1; i <= 25; i++) {
    const n = String(i).padStart(2, '0');
    await t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${org}/assets`,
      payload: { name: `Truck ${n}`, licencePlate: `XX-${n}` },
    });
  }
});
afterAll(() => t.close());

const get = (url: string, query: Record<string, string> = {}, user = 'reseller') =>
  t.as(user, { method: 'GET', url, query });

describe('GET organisations/{id}/assets with paging', () => {
  it('answers every asset without limit, with X-Total-Count', async () => {
    const response = await get(`/api/organisations/${org}/assets`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('25');
    expect(response.json()).toHaveLength(25);
  });

  it('pages 10 at a time by name, the total the same on every page', async () => {
    const pages = [];
    for (const offset of [0, 10, 20]) {
      const response = await get(`/api/organisations/${org}/assets`, {
        limit: '10',
        offset: String(offset),
      });
      expect(response.headers['x-total-count']).toBe('25');
      pages.push(...names(response));
    }
    expect(pages).toEqual(
      Array.from({ length: 25 }, (_, i) => `Truck ${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('sorts descending, and past the end answers an empty page with the total', async () => {
    const desc = await get(`/api/organisations/${org}/assets`, {
      sort: 'name',
      order: 'desc',
      limit: '3',
    });
    expect(names(desc)).toEqual(['Truck 25', 'Truck 24', 'Truck 23']);
    const beyond = await get(`/api/organisations/${org}/assets`, { limit: '10', offset: '30' });
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('25');
  });

  it('searches name and licence plate regardless of case; % and _ are plain characters', async () => {
    const byName = await get(`/api/organisations/${org}/assets`, { search: 'truck 1' });
    expect(names(byName)).toEqual([
      'Truck 10',
      'Truck 11',
      'Truck 12',
      'Truck 13',
      'Truck 14',
      'Truck 15',
      'Truck 16',
      'Truck 17',
      'Truck 18',
      'Truck 19',
    ]);
    expect(byName.headers['x-total-count']).toBe('10');
    const byPlate = await get(`/api/organisations/${org}/assets`, { search: 'xx-2', limit: '2' });
    expect(names(byPlate)).toEqual(['Truck 20', 'Truck 21']);
    expect(byPlate.headers['x-total-count']).toBe('6');
    const wildcard = await get(`/api/organisations/${org}/assets`, { search: '%' });
    expect(wildcard.json()).toEqual([]);
    expect(wildcard.headers['x-total-count']).toBe('0');
  });

  it('carries the device and driver linked now and the configuration group; filter=unlinked leaves fitted assets out', async () => {
    const [truck] = (
      await get(`/api/organisations/${org}/assets`, { search: 'Truck 03' })
    ).json() as { id: number }[];
    const device = await seed.device(org, 'SN-LIST-1');
    const driver = await seed.driver(org, 'Listed');
    const group = await seed.configurationGroup(org, 'Cold chain');
    await seed.deviceLink(truck!.id, device.id);
    await seed.driverLink(truck!.id, driver.id);
    await t.as('oem', {
      method: 'PUT',
      url: `/api/configurationgroups/${group.id}/assets/${truck!.id}`,
    });
    const [row] = (await get(`/api/organisations/${org}/assets`, { search: 'Truck 03' })).json();
    expect(row).toMatchObject({
      name: 'Truck 03',
      deviceId: device.id,
      deviceName: 'Camera',
      driverId: driver.id,
      driverName: 'Sam Listed',
      configurationGroupId: group.id,
      configurationGroupName: 'Cold chain',
    });
    const unlinked = await get(`/api/organisations/${org}/assets`, { filter: 'unlinked' });
    expect(unlinked.headers['x-total-count']).toBe('24');
    expect(names(unlinked)).not.toContain('Truck 03');
    const byDevice = await get(`/api/organisations/${org}/assets`, { sort: 'device', limit: '1' });
    expect(names(byDevice)).toEqual(['Truck 03']); // the one with a device first, nulls last
  });

  it.each([
    ['limit', '0'],
    ['limit', '101'],
    ['limit', 'ten'],
    ['offset', '-1'],
    ['sort', 'password'],
    ['order', 'up'],
    ['filter', 'silent'],
    ['colour', 'red'],
  ])('answers 400 for %s=%s', async (key, value) => {
    const response = await get(`/api/organisations/${org}/assets`, { [key]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 404 for an organisation outside the caller’s subtree', async () => {
    const polder = await t.organisationId('Polder Logistics');
    const response = await get(`/api/organisations/${polder}/assets`, { limit: '10' }, 'manager');
    expect(response.statusCode).toBe(404);
  });
});

describe('the other lists', () => {
  it('devices: search by identifier, sort by lastSeen, filters unlinked, silent and pending', async () => {
    const quiet = await seed.device(org, 'SN-QUIET');
    const heard = await seed.device(org, 'SN-HEARD');
    await t.db
      .updateTable('devices')
      .set({ last_seen_at: new Date() })
      .where('id', '=', heard.id)
      .execute();
    const search = await get(`/api/organisations/${org}/devices`, { search: 'sn-q' });
    expect(search.json().map((d: { id: number }) => d.id)).toEqual([quiet.id]);
    const silent = (await get(`/api/organisations/${org}/devices`, { filter: 'silent' })).json();
    expect(silent.map((d: { id: number }) => d.id)).toContain(quiet.id);
    expect(silent.map((d: { id: number }) => d.id)).not.toContain(heard.id);
    const unlinked = (
      await get(`/api/organisations/${org}/devices`, { filter: 'unlinked' })
    ).json();
    expect(unlinked.map((d: { identifier: string }) => d.identifier).sort()).toEqual([
      'SN-HEARD',
      'SN-QUIET',
    ]);
    const recent = await get(`/api/organisations/${org}/devices`, {
      sort: 'lastSeen',
      order: 'desc',
      limit: '1',
    });
    expect(recent.json()[0].id).toBe(heard.id);
    const pending = await get(`/api/organisations/${org}/devices`, { filter: 'pending' });
    expect(pending.statusCode).toBe(200);
  });

  it('drivers: search by full name, sort by last name, with the asset now', async () => {
    await seed.driver(org, 'Zwart');
    await seed.driver(org, 'Aalders');
    const response = await get(`/api/organisations/${org}/drivers`, {
      sort: 'lastName',
      limit: '2',
    });
    expect(names(response)).toEqual(['Aalders', 'Listed']);
    expect(response.headers['x-total-count']).toBe('3');
    const full = await get(`/api/organisations/${org}/drivers`, { search: 'sam zw' });
    expect(names(full)).toEqual(['Zwart']);
    const linked = await get(`/api/organisations/${org}/drivers`, { search: 'listed' });
    expect(linked.json()[0].assetName).toBe('Truck 03');
  });

  it('groups: member counts, sort by assetCount', async () => {
    const big = await seed.group(org, 'Big');
    await seed.group(org, 'Empty');
    const assets = (await get(`/api/organisations/${org}/assets`, { limit: '2' })).json();
    for (const a of assets) {
      await t.as('oem', { method: 'PUT', url: `/api/groups/${big.id}/assets/${a.id}` });
    }
    const response = await get(`/api/organisations/${org}/groups`, {
      sort: 'assetCount',
      order: 'desc',
    });
    expect(response.json()[0]).toMatchObject({ name: 'Big', assetCount: 2, driverCount: 0 });
    expect(response.headers['x-total-count']).toBe('2');
  });

  it('configuration groups: asset count', async () => {
    const response = await get(`/api/organisations/${org}/configurationgroups`, { search: 'cold' });
    expect(response.json()).toEqual([
      expect.objectContaining({ name: 'Cold chain', assetCount: 1, groupConfigurations: [] }),
    ]);
    expect(response.headers['x-total-count']).toBe('1');
  });

  it('users: search, sort by role, page', async () => {
    const demo = await t.organisationId('Demo Transport');
    const response = await get(`/api/organisations/${demo}/users`, {
      sort: 'role',
      limit: '2',
    });
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.json().map((u: { user_role: string }) => u.user_role)).toEqual([
      'DRIVER',
      'INTEGRATOR',
    ]);
    const search = await get(`/api/organisations/${demo}/users`, { search: 'MARIT' });
    expect(search.json()).toEqual([expect.objectContaining({ username: 'manager' })]);
    expect(search.body).not.toContain('password');
  });
});
