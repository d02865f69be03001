import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed, fleetSnapshot, unique } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let demo: number;
let polder: number;
let seed: ReturnType<typeof fleetSeed>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  seed = fleetSeed(t);
});
afterAll(() => t.close());

const ids = (records: { id: number }[]) => records.map((r) => r.id);

describe('groups: create, read, list, change, delete', () => {
  it('creates an active group unless told otherwise, and changes it', async () => {
    const created = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/groups`,
      payload: { name: ' Night shift ' },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toEqual({
      id: expect.any(Number),
      organisationId: demo,
      name: 'Night shift',
      active: true,
    });

    const inactive = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/groups`,
      payload: { name: 'Retired', active: false },
    });
    expect(inactive.json().active).toBe(false);

    const changed = await t.as('manager', {
      method: 'PUT',
      url: `/api/groups/${group.id}`,
      payload: { active: false },
    });
    expect(changed.json()).toEqual({ ...group, active: false });
    expect(
      (await t.as('driver', { method: 'GET', url: `/api/groups/${group.id}` })).json(),
    ).toEqual({
      ...group,
      active: false,
    });
    const list = await t.as('driver', { method: 'GET', url: `/api/organisations/${demo}/groups` });
    expect(list.json().map((g: { name: string }) => g.name)).toEqual(['Night shift', 'Retired']);
  });

  it('refuses a name taken in the organisation, in any case, with 409; another organisation may use it', async () => {
    const name = unique('Tankers');
    await seed.group(demo, name);
    const before = await fleetSnapshot(t);
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/groups`,
      payload: { name: name.toUpperCase() },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: `A group named '${name.toUpperCase()}' already exists in this organisation`,
    });
    expect(await fleetSnapshot(t)).toEqual(before);
    expect((await seed.group(polder, name)).name).toBe(name);

    const other = await seed.group(demo);
    const rename = await t.as('manager', {
      method: 'PUT',
      url: `/api/groups/${other.id}`,
      payload: { name },
    });
    expect(rename.statusCode).toBe(409);
  });

  it('deletes a group but not its members', async () => {
    const group = await seed.group(demo);
    const asset = await seed.asset(demo);
    await t.as('manager', { method: 'PUT', url: `/api/groups/${group.id}/assets/${asset.id}` });
    expect(
      (await t.as('manager', { method: 'DELETE', url: `/api/groups/${group.id}` })).statusCode,
    ).toBe(204);
    expect(
      (await t.as('manager', { method: 'GET', url: `/api/groups/${group.id}` })).statusCode,
    ).toBe(404);
    expect(
      (await t.as('manager', { method: 'GET', url: `/api/assets/${asset.id}` })).statusCode,
    ).toBe(200);
  });

  it.each([[{}], [{ name: '' }], [{ name: 'x', active: 'yes' }], [{ name: 'x', members: [] }]])(
    'refuses %j with 400',
    async (payload) => {
      const response = await t.as('manager', {
        method: 'POST',
        url: `/api/organisations/${demo}/groups`,
        payload,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    },
  );
});

describe('groups: members', () => {
  it('adds and removes assets and drivers; candidates are the rest of the organisation', async () => {
    const org = (
      await t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${demo}`,
        payload: { name: 'Membership BV' },
      })
    ).json().id;
    const group = await seed.group(org);
    const [a1, a2] = [await seed.asset(org, 'A1'), await seed.asset(org, 'A2')];
    const [d1, d2] = [await seed.driver(org, 'D1'), await seed.driver(org, 'D2')];
    await seed.asset(demo); // another organisation's: never a candidate

    const members = async () =>
      (await t.as('oem', { method: 'GET', url: `/api/groups/${group.id}/members` })).json();
    const candidates = async () =>
      (
        await t.as('oem', { method: 'GET', url: `/api/groups/${group.id}/membercandidates` })
      ).json();

    expect(await members()).toEqual({ assets: [], drivers: [] });
    expect(await candidates()).toEqual({ assets: [a1, a2], drivers: [d1, d2] });

    for (let i = 0; i < 2; i++) {
      // Adding again changes nothing.
      for (const url of [
        `/api/groups/${group.id}/assets/${a2.id}`,
        `/api/groups/${group.id}/drivers/${d1.id}`,
      ]) {
        const response = await t.as('oem', { method: 'PUT', url });
        expect(response.statusCode).toBe(204);
      }
    }
    expect(await members()).toEqual({ assets: [a2], drivers: [d1] });
    expect(await candidates()).toEqual({ assets: [a1], drivers: [d2] });

    for (let i = 0; i < 2; i++) {
      expect(
        (await t.as('oem', { method: 'DELETE', url: `/api/groups/${group.id}/assets/${a2.id}` }))
          .statusCode,
      ).toBe(204);
    }
    expect(
      (await t.as('oem', { method: 'DELETE', url: `/api/groups/${group.id}/drivers/${d1.id}` }))
        .statusCode,
    ).toBe(204);
    expect(await members()).toEqual({ assets: [], drivers: [] });
    expect(ids((await candidates()).assets)).toEqual(ids([a1, a2]));
  });

  it('removes a driver or an asset with PUT …/remove as the portal calls it (spec §7)', async () => {
    const group = await seed.group(demo);
    const driver = await seed.driver(demo);
    const asset = await seed.asset(demo);
    const members = async () =>
      (await t.as('manager', { method: 'GET', url: `/api/groups/${group.id}/members` })).json();
    for (const url of [
      `/api/groups/${group.id}/drivers/${driver.id}`,
      `/api/groups/${group.id}/assets/${asset.id}`,
    ]) {
      expect((await t.as('manager', { method: 'PUT', url })).statusCode).toBe(204);
    }
    expect(await members()).toMatchObject({
      assets: [{ id: asset.id }],
      drivers: [{ id: driver.id }],
    });
    for (const url of [
      `/api/groups/${group.id}/drivers/${driver.id}/remove`,
      `/api/groups/${group.id}/assets/${asset.id}/remove`,
    ]) {
      const removed = await t.as('manager', { method: 'PUT', url });
      expect(removed.statusCode).toBe(204);
      // Again: no change, still 204.
      expect((await t.as('manager', { method: 'PUT', url })).statusCode).toBe(204);
    }
    expect(await members()).toEqual({ assets: [], drivers: [] });
    const refused = await t.as('driver', {
      method: 'PUT',
      url: `/api/groups/${group.id}/drivers/${driver.id}/remove`,
    });
    expect(refused.statusCode).toBe(403);
  });

  it("refuses a member from another organisation than the group's with 403 and writes nothing", async () => {
    const group = await seed.group(demo);
    const asset = await seed.asset(polder);
    const driver = await seed.driver(polder);
    const before = await fleetSnapshot(t);
    for (const url of [
      `/api/groups/${group.id}/assets/${asset.id}`,
      `/api/groups/${group.id}/drivers/${driver.id}`,
    ]) {
      const response = await t.as('reseller', { method: 'PUT', url });
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toContain(`another organisation than group ${group.id}`);
    }
    expect(await fleetSnapshot(t)).toEqual(before);
  });

  it('answers 404 for an unknown group or member and 400 for a malformed id', async () => {
    const group = await seed.group(demo);
    const asset = await seed.asset(demo);
    for (const [url, status] of [
      [`/api/groups/999999/assets/${asset.id}`, 404],
      [`/api/groups/${group.id}/assets/999999`, 404],
      [`/api/groups/${group.id}/drivers/999999`, 404],
      [`/api/groups/${group.id}/assets/abc`, 400],
      [`/api/groups/0/drivers/1`, 400],
    ] as const) {
      expect((await t.as('manager', { method: 'PUT', url })).statusCode, url).toBe(status);
    }
    expect(
      (await t.as('manager', { method: 'GET', url: '/api/groups/999999/members' })).statusCode,
    ).toBe(404);
  });
});
