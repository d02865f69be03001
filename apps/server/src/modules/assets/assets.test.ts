import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed, fleetSnapshot } from '../../test/fleet-seed.js';
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

describe('assets: create, read, list, change, delete', () => {
  it('creates an asset with its name and licence plate trimmed', async () => {
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/assets`,
      payload: { name: '  Volvo FH 16 ', licencePlate: ' 12-ABC-3 ' },
    });
    expect(response.statusCode).toBe(201);
    const asset = response.json();
    expect(asset).toEqual({
      id: expect.any(Number),
      organisationId: demo,
      name: 'Volvo FH 16',
      licencePlate: '12-ABC-3',
      configurationGroupId: null,
      synchronised: null,
      deactivatedAt: null,
    });
    const read = await t.as('driver', { method: 'GET', url: `/api/assets/${asset.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(asset);
  });

  it.each([[undefined], [null], [''], ['   ']])(
    'stores licence plate %j as none',
    async (plate) => {
      const response = await t.as('manager', {
        method: 'POST',
        url: `/api/organisations/${demo}/assets`,
        payload: { name: 'Plateless', ...(plate === undefined ? {} : { licencePlate: plate }) },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().licencePlate).toBeNull();
    },
  );

  it("lists only the organisation's own assets, by name regardless of case", async () => {
    const org = (
      await t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${demo}`,
        payload: { name: 'Asset Sorting BV' },
      })
    ).json().id;
    for (const name of ['bravo', 'Alpha', 'charlie']) await seed.asset(org, name);
    await seed.asset(polder, 'Aardvark');
    const response = await t.as('reseller', {
      method: 'GET',
      url: `/api/organisations/${org}/assets`,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().map((a: { name: string }) => a.name)).toEqual([
      'Alpha',
      'bravo',
      'charlie',
    ]);
  });

  it('changes only the fields sent', async () => {
    const asset = await seed.asset(demo, 'Before');
    await t.as('manager', {
      method: 'PUT',
      url: `/api/assets/${asset.id}`,
      payload: { licencePlate: 'XY-12' },
    });
    const renamed = await t.as('manager', {
      method: 'PUT',
      url: `/api/assets/${asset.id}`,
      payload: { name: ' After ' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...asset, name: 'After', licencePlate: 'XY-12' });
    const cleared = await t.as('manager', {
      method: 'PUT',
      url: `/api/assets/${asset.id}`,
      payload: { licencePlate: null },
    });
    expect(cleared.json().licencePlate).toBeNull();
    const unchanged = await t.as('manager', {
      method: 'PUT',
      url: `/api/assets/${asset.id}`,
      payload: {},
    });
    expect(unchanged.json()).toEqual({ ...asset, name: 'After' });
  });

  it('deletes an asset with its ended links and group memberships', async () => {
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);
    const group = await seed.group(demo);
    await seed.deviceLink(asset.id, device.id, '2026-01-01T00:00:00Z');
    await t.as('oem', { method: 'PUT', url: `/api/groups/${group.id}/assets/${asset.id}` });
    const held = await t.as('manager', { method: 'DELETE', url: `/api/assets/${asset.id}` });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toEqual({
      code: 'CONFLICT',
      message: `Asset '${asset.name}' still has 1 device link that has not ended; end it first`,
    });
    await t.as('oem', { method: 'DELETE', url: `/api/assets/${asset.id}/devices/${device.id}` });

    const response = await t.as('manager', { method: 'DELETE', url: `/api/assets/${asset.id}` });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect((await t.as('oem', { method: 'GET', url: `/api/assets/${asset.id}` })).statusCode).toBe(
      404,
    );
    const links = await t.as('oem', {
      method: 'GET',
      url: `/api/devices/${device.id}/devicelinks`,
    });
    expect(links.json()).toEqual([]);
    const members = await t.as('oem', { method: 'GET', url: `/api/groups/${group.id}/members` });
    expect(members.json().assets).toEqual([]);
  });

  it.each([
    ['GET', '/api/assets/999999'],
    ['PUT', '/api/assets/999999'],
    ['DELETE', '/api/assets/999999'],
    ['GET', '/api/organisations/999999/assets'],
    ['POST', '/api/organisations/999999/assets'],
  ] as const)('%s %s answers 404 for an id that does not exist', async (method, url) => {
    const response = await t.as('oem', { method, url, payload: { name: 'x' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });
});

describe('assets: delete with reasons', () => {
  it('names the device and driver links that have not ended, and deletes nothing', async () => {
    const asset = await seed.asset(demo);
    const drivers = [await seed.driver(demo), await seed.driver(demo)];
    await seed.deviceLink(asset.id, (await seed.device(demo)).id);
    // one driver now, one from tomorrow: both still hold the asset
    await seed.driverLink(asset.id, drivers[0]!.id, '2026-01-01T00:00:00Z');
    await t.as('oem', {
      method: 'DELETE',
      url: `/api/assets/${asset.id}/drivers/${drivers[0]!.id}`,
      query: { until: new Date(Date.now() + 3_600_000).toISOString() },
    });
    await seed.driverLink(
      asset.id,
      drivers[1]!.id,
      new Date(Date.now() + 86_400_000).toISOString(),
    );
    const before = await fleetSnapshot(t);
    const response = await t.as('manager', { method: 'DELETE', url: `/api/assets/${asset.id}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      `Asset '${asset.name}' still has 1 device link and 2 driver links that have not ended; end them first`,
    );
    expect(await fleetSnapshot(t)).toEqual(before);
  });
});

describe('assets: malformed requests answer 400 and write nothing', () => {
  it.each([
    [{}, 'name is required'],
    [{ name: '' }, 'name must not be empty'],
    [{ name: '   ' }, 'name'],
    [{ name: 42 }, 'name'],
    [{ name: null }, 'name'],
    [{ name: 'x'.repeat(201) }, 'name must have at most 200 characters'],
    [{ name: 'ok', licencePlate: 12 }, 'licencePlate'],
    [{ name: 'ok', licencePlate: 'x'.repeat(21) }, 'licencePlate'],
    [{ name: 'ok', colour: 'red' }, "unknown field 'colour'"],
    [{ name: 'ok', configurationGroupId: 1 }, "unknown field 'configurationGroupId'"],
    [{ name: 'ok', organisationId: 1 }, "unknown field 'organisationId'"],
    [[{ name: 'ok' }], 'body'],
    ['ok', 'body'],
  ])('POST %j', async (payload, message) => {
    const before = await fleetSnapshot(t);
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/assets`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(response.json().message).toContain(message);
    expect(await fleetSnapshot(t)).toEqual(before);
  });

  it.each([
    [{ name: '' }],
    [{ name: ' ' }],
    [{ name: true }],
    [{ licencePlate: [] }],
    [{ id: 5 }],
    [null],
  ])('PUT %j', async (payload) => {
    const asset = await seed.asset(demo);
    const response = await t.as('manager', {
      method: 'PUT',
      url: `/api/assets/${asset.id}`,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(payload),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect((await t.as('oem', { method: 'GET', url: `/api/assets/${asset.id}` })).json()).toEqual(
      asset,
    );
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/assets`,
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it.each(['abc', '0', '-1', '1.5', '1e3', '99999999999', '%20'])(
    'answers 400 for id %s on every route',
    async (bad) => {
      for (const [method, url] of [
        ['GET', `/api/assets/${bad}`],
        ['PUT', `/api/assets/${bad}`],
        ['DELETE', `/api/assets/${bad}`],
        ['GET', `/api/organisations/${bad}/assets`],
        ['POST', `/api/organisations/${bad}/assets`],
      ] as const) {
        const response = await t.as('oem', { method, url, payload: { name: 'x' } });
        expect(response.statusCode, `${method} ${url}`).toBe(400);
        expect(response.json().code).toBe('VALIDATION_ERROR');
      }
    },
  );

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/organisations/${demo}/assets`,
    });
    expect(response.statusCode).toBe(401);
  });
});
