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

const configurationGroupOf = async (assetId: number) =>
  (await t.as('oem', { method: 'GET', url: `/api/assets/${assetId}` })).json().configurationGroupId;

describe('configuration groups: create, read, list, change, delete', () => {
  it('creates, renames, lists by name and reads', async () => {
    const created = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/configurationgroups`,
      payload: { name: ' Zeta defaults ' },
    });
    expect(created.statusCode).toBe(201);
    const group = created.json();
    expect(group).toEqual({
      id: expect.any(Number),
      organisationId: demo,
      name: 'Zeta defaults',
      groupConfigurations: [],
    });
    await seed.configurationGroup(demo, 'alpha');

    const renamed = await t.as('manager', {
      method: 'PUT',
      url: `/api/configurationgroups/${group.id}`,
      payload: { name: 'Beta' },
    });
    expect(renamed.json()).toEqual({ ...group, name: 'Beta' });
    const list = await t.as('driver', {
      method: 'GET',
      url: `/api/organisations/${demo}/configurationgroups`,
    });
    expect(list.json().map((g: { name: string }) => g.name)).toEqual(['alpha', 'Beta']);
    expect(
      (await t.as('driver', { method: 'GET', url: `/api/configurationgroups/${group.id}` })).json(),
    ).toEqual({ ...group, name: 'Beta', devices: [] }); // one read also says how its devices stand
  });

  it('carries the settings it holds as groupConfigurations (spec §3)', async () => {
    const group = await seed.configurationGroup(demo);
    const definitions = (
      await t.as('manager', { method: 'GET', url: '/api/deviceconfigurations' })
    ).json<
      {
        id: number;
        service: string;
        parameter: string;
        description: string;
        type: string;
        defaultValue: string;
      }[]
    >();
    const setting = definitions[0]!;
    const saved = await t.as('manager', {
      method: 'POST',
      url: `/api/configurationgroups/${group.id}/deviceconfigurations`,
      payload: [{ deviceConfigurationId: setting.id, value: setting.defaultValue }],
    });
    expect(saved.statusCode).toBeLessThan(300);
    const expected = [
      {
        deviceConfigurationId: setting.id,
        value: setting.defaultValue,
        deviceConfiguration: {
          service: setting.service,
          parameter: setting.parameter,
          description: setting.description,
        },
      },
    ];
    const read = await t.as('driver', {
      method: 'GET',
      url: `/api/configurationgroups/${group.id}`,
    });
    expect(read.json().groupConfigurations).toEqual(expected);
    const list = await t.as('driver', {
      method: 'GET',
      url: `/api/organisations/${demo}/configurationgroups`,
    });
    expect(list.json().find((g: { id: number }) => g.id === group.id).groupConfigurations).toEqual(
      expected,
    );
  });

  it('refuses a taken name with 409', async () => {
    const name = unique('Standard');
    await seed.configurationGroup(demo, name);
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/configurationgroups`,
      payload: { name },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
  });

  it('refuses to delete a configuration group that holds assets (409), deletes it once empty', async () => {
    const group = await seed.configurationGroup(demo);
    const asset = await seed.asset(demo);
    await t.as('manager', {
      method: 'PUT',
      url: `/api/configurationgroups/${group.id}/assets/${asset.id}`,
    });
    expect(await configurationGroupOf(asset.id)).toBe(group.id);
    const held = await t.as('manager', {
      method: 'DELETE',
      url: `/api/configurationgroups/${group.id}`,
    });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(
      `Configuration group '${group.name}' still holds 1 asset; take it out first`,
    );
    expect(await configurationGroupOf(asset.id)).toBe(group.id);
    await t.as('manager', {
      method: 'DELETE',
      url: `/api/configurationgroups/${group.id}/assets/${asset.id}`,
    });
    const response = await t.as('manager', {
      method: 'DELETE',
      url: `/api/configurationgroups/${group.id}`,
    });
    expect(response.statusCode).toBe(204);
    expect(await configurationGroupOf(asset.id)).toBeNull();
  });
});

describe('configuration groups: members', () => {
  it('puts an asset in at most one configuration group', async () => {
    const org = (
      await t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${demo}`,
        payload: { name: 'Configured BV' },
      })
    ).json().id;
    const [first, second] = [
      await seed.configurationGroup(org),
      await seed.configurationGroup(org),
    ];
    const [a1, a2] = [await seed.asset(org, 'A1'), await seed.asset(org, 'A2')];
    const members = async (id: number) =>
      (await t.as('oem', { method: 'GET', url: `/api/configurationgroups/${id}/members` })).json();
    const candidates = async (id: number) =>
      (
        await t.as('oem', { method: 'GET', url: `/api/configurationgroups/${id}/membercandidates` })
      ).json();

    expect(await candidates(first.id)).toEqual({ assets: [a1, a2] });
    for (let i = 0; i < 2; i++) {
      const put = await t.as('oem', {
        method: 'PUT',
        url: `/api/configurationgroups/${first.id}/assets/${a1.id}`,
      });
      expect(put.statusCode).toBe(204);
    }
    expect(await members(first.id)).toEqual({
      assets: [{ ...a1, configurationGroupId: first.id }],
    });
    expect(await candidates(first.id)).toEqual({ assets: [a2] });
    // In another group, a1 is a candidate of the second; adding it there moves it.
    expect((await candidates(second.id)).assets.map((a: { id: number }) => a.id)).toEqual([
      a1.id,
      a2.id,
    ]);
    await t.as('oem', {
      method: 'PUT',
      url: `/api/configurationgroups/${second.id}/assets/${a1.id}`,
    });
    expect(await members(first.id)).toEqual({ assets: [] });
    expect(await configurationGroupOf(a1.id)).toBe(second.id);

    // Removing it from a group it is not in leaves it where it is.
    const notIn = await t.as('oem', {
      method: 'DELETE',
      url: `/api/configurationgroups/${first.id}/assets/${a1.id}`,
    });
    expect(notIn.statusCode).toBe(204);
    expect(await configurationGroupOf(a1.id)).toBe(second.id);
    await t.as('oem', {
      method: 'DELETE',
      url: `/api/configurationgroups/${second.id}/assets/${a1.id}`,
    });
    expect(await configurationGroupOf(a1.id)).toBeNull();
  });

  it("refuses an asset of another organisation than the group's with 403 and writes nothing", async () => {
    const group = await seed.configurationGroup(demo);
    const asset = await seed.asset(polder);
    const before = await fleetSnapshot(t);
    const response = await t.as('reseller', {
      method: 'PUT',
      url: `/api/configurationgroups/${group.id}/assets/${asset.id}`,
    });
    expect(response.statusCode).toBe(403);
    expect(await fleetSnapshot(t)).toEqual(before);
  });

  it('answers 404 for an unknown group or asset', async () => {
    const group = await seed.configurationGroup(demo);
    const asset = await seed.asset(demo);
    for (const url of [
      `/api/configurationgroups/999999/assets/${asset.id}`,
      `/api/configurationgroups/${group.id}/assets/999999`,
    ]) {
      expect((await t.as('manager', { method: 'PUT', url })).statusCode).toBe(404);
    }
    expect(
      (
        await t.as('manager', {
          method: 'GET',
          url: '/api/configurationgroups/999999/membercandidates',
        })
      ).statusCode,
    ).toBe(404);
  });
});
