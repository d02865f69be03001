import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed, fleetSnapshot } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let demo: number;
let polder: number;
let northline: number;
let seed: ReturnType<typeof fleetSeed>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  northline = await t.organisationId('Northline Reseller');
  seed = fleetSeed(t);
});
afterAll(() => t.close());

const JAN = '2026-01-01T00:00:00.000Z';
const FEB = '2026-02-01T00:00:00.000Z';
const MAR = '2026-03-01T00:00:00.000Z';
const APR = '2026-04-01T00:00:00.000Z';

const put = (url: string, query: Record<string, string> = {}, user = 'manager') =>
  t.as(user, { method: 'PUT', url, query });
const del = (url: string, query: Record<string, string> = {}, user = 'manager') =>
  t.as(user, { method: 'DELETE', url, query });
const get = async (url: string, query: Record<string, string> = {}, user = 'manager') => {
  const response = await t.as(user, { method: 'GET', url, query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

/** Answers 409, names the link it collides with, and leaves every table as it was. */
async function expectCollision(
  request: () => Promise<{ statusCode: number; json(): unknown }>,
  message: string,
) {
  const before = await fleetSnapshot(t);
  const response = await request();
  expect(response.statusCode).toBe(409);
  expect(response.json()).toEqual({ code: 'CONFLICT', message });
  expect(await fleetSnapshot(t)).toEqual(before);
}

describe('device links', () => {
  it('links, lists, terminates and deletes', async () => {
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);

    const created = await put(`/api/assets/${asset.id}/devices/${device.id}`, {
      from: '2026-01-01T01:00:00+01:00',
    });
    expect(created.statusCode).toBe(201);
    const link = created.json();
    expect(link).toEqual({
      id: expect.any(Number),
      assetId: asset.id,
      deviceId: device.id,
      from: JAN,
      until: null,
      synchronised: null,
      deactivatedAt: null,
    });
    expect(await get(`/api/assets/${asset.id}/devicelinks`)).toEqual([link]);
    expect(await get(`/api/devices/${device.id}/devicelinks`, {}, 'driver')).toEqual([link]);

    const ended = await del(`/api/assets/${asset.id}/devices/${device.id}`, {
      until: '2026-03-01T01:00:00+01:00',
    });
    expect(ended.statusCode).toBe(200);
    expect(ended.json()).toEqual({ ...link, until: MAR });
    expect(await get(`/api/devices/${device.id}/devicelinks`)).toEqual([{ ...link, until: MAR }]);
    // Nothing open any more.
    const again = await del(`/api/assets/${asset.id}/devices/${device.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe(`Asset ${asset.id} has no open link to device ${device.id}`);

    expect((await del(`/api/devicelinks/${link.id}`)).statusCode).toBe(204);
    expect(await get(`/api/assets/${asset.id}/devicelinks`)).toEqual([]);
    expect((await del(`/api/devicelinks/${link.id}`)).statusCode).toBe(404);
  });

  it('starts and ends at now when from and until are left out', async () => {
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);
    const before = Date.now();
    const link = (await put(`/api/assets/${asset.id}/devices/${device.id}`)).json();
    expect(Date.parse(link.from)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(link.from)).toBeLessThanOrEqual(Date.now() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const ended = (await del(`/api/assets/${asset.id}/devices/${device.id}`)).json();
    expect(Date.parse(ended.until)).toBeGreaterThan(Date.parse(link.from));
    expect(Date.parse(ended.until)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('moves a device from asset A to asset B once its link to A has ended, not before', async () => {
    const [a, b] = [await seed.asset(demo, 'A'), await seed.asset(demo, 'B')];
    const device = await seed.device(demo);
    const onA = await seed.deviceLink(a.id, device.id, JAN);

    await expectCollision(
      () => put(`/api/assets/${b.id}/devices/${device.id}`, { from: FEB }),
      `Device ${device.id} is already linked to asset ${a.id} from ${JAN} on, with no end (device link ${onA.id})`,
    );
    await del(`/api/assets/${a.id}/devices/${device.id}`, { until: MAR });
    // Still on A in February.
    await expectCollision(
      () => put(`/api/assets/${b.id}/devices/${device.id}`, { from: FEB }),
      `Device ${device.id} is already linked to asset ${a.id} from ${JAN} until ${MAR} (device link ${onA.id})`,
    );
    // [from, until): B may start the moment A ends.
    const onB = await put(`/api/assets/${b.id}/devices/${device.id}`, { from: MAR });
    expect(onB.statusCode).toBe(201);
    expect(
      (await get(`/api/devices/${device.id}/devicelinks`)).map(
        (l: { assetId: number }) => l.assetId,
      ),
    ).toEqual([b.id, a.id]);
  });

  it('refuses a second device on an asset at the same time (device_links_asset_overlap)', async () => {
    const asset = await seed.asset(demo);
    const [first, second] = [await seed.device(demo), await seed.device(demo)];
    const link = await seed.deviceLink(asset.id, first.id, FEB);
    await expectCollision(
      () => put(`/api/assets/${asset.id}/devices/${second.id}`, { from: MAR }),
      `Asset ${asset.id} already has device ${first.id} from ${FEB} on, with no end (device link ${link.id})`,
    );
    // An open link from before the existing one overlaps it too.
    await expectCollision(
      () => put(`/api/assets/${asset.id}/devices/${second.id}`, { from: JAN }),
      `Asset ${asset.id} already has device ${first.id} from ${FEB} on, with no end (device link ${link.id})`,
    );
  });

  it('answers links overlapping the period asked for, newest first', async () => {
    const [a, b] = [await seed.asset(demo), await seed.asset(demo)];
    const device = await seed.device(demo);
    const first = await seed.deviceLink(a.id, device.id, JAN);
    await del(`/api/assets/${a.id}/devices/${device.id}`, { until: FEB });
    const second = await seed.deviceLink(b.id, device.id, MAR);

    const linkIds = async (url: string, query: Record<string, string>) =>
      (await get(url, query)).map((l: { id: number }) => l.id);
    expect(await linkIds(`/api/devices/${device.id}/devicelinks`, {})).toEqual([
      second.id,
      first.id,
    ]);
    expect(
      await linkIds(`/api/devices/${device.id}/devicelinks`, { from: '2026-01-15T00:00:00Z' }),
    ).toEqual([second.id, first.id]);
    // The first ended at FEB: [JAN, FEB) does not hold at FEB.
    expect(await linkIds(`/api/devices/${device.id}/devicelinks`, { from: FEB })).toEqual([
      second.id,
    ]);
    expect(await linkIds(`/api/assets/${a.id}/devicelinks`, { from: JAN, until: FEB })).toEqual([
      first.id,
    ]);
    expect(await linkIds(`/api/assets/${a.id}/devicelinks`, { from: FEB, until: APR })).toEqual([]);
    expect(await linkIds(`/api/assets/${b.id}/devicelinks`, { until: MAR })).toEqual([]);
    expect(
      await linkIds(`/api/assets/${b.id}/devicelinks`, { until: '2026-03-01T00:00:01Z' }),
    ).toEqual([second.id]);
  });

  it('refuses an until at or before the start with 400 and keeps the link open', async () => {
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);
    const link = await seed.deviceLink(asset.id, device.id, FEB);
    for (const until of [FEB, JAN, '2026-02-01T01:00:00+01:00']) {
      const before = await fleetSnapshot(t);
      const response = await del(`/api/assets/${asset.id}/devices/${device.id}`, { until });
      expect(response.statusCode, until).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
      expect(response.json().message).toContain(`after the link's from (${FEB})`);
      expect(await fleetSnapshot(t)).toEqual(before);
    }
    expect(await get(`/api/assets/${asset.id}/devicelinks`)).toEqual([link]);
  });
});

describe('driver links', () => {
  it('links, lists on both bases, terminates and deletes', async () => {
    const asset = await seed.asset(demo);
    const driver = await seed.driver(demo);
    const created = await put(`/api/assets/${asset.id}/drivers/${driver.id}`, { from: JAN });
    expect(created.statusCode).toBe(201);
    const link = created.json();
    expect(link).toEqual({
      id: expect.any(Number),
      assetId: asset.id,
      driverId: driver.id,
      from: JAN,
      until: null,
      synchronised: null,
      deactivatedAt: null,
    });

    expect(await get(`/api/assets/${asset.id}/driverlinks`)).toEqual([link]);
    expect(await get(`/api/drivers/${driver.id}/driverlinks`, { from: FEB, until: MAR })).toEqual([
      link,
    ]);
    expect(await get(`/admin-api/assets/${asset.id}/driverlinks`, { from: FEB }, 'oem')).toEqual([
      link,
    ]);
    expect(await get(`/admin-api/assets/${asset.id}/driverlinks`, { until: JAN }, 'oem')).toEqual(
      [],
    );

    const ended = await del(`/api/assets/${asset.id}/drivers/${driver.id}`, { until: FEB });
    expect(ended.json()).toEqual({ ...link, until: FEB });
    expect(await get(`/api/drivers/${driver.id}/driverlinks`, { from: FEB })).toEqual([]);
    expect((await del(`/api/driverlinks/${link.id}`)).statusCode).toBe(204);
    expect(await get(`/api/drivers/${driver.id}/driverlinks`)).toEqual([]);
  });

  it('refuses a driver on two assets at once (driver_links_driver_overlap)', async () => {
    const [a, b] = [await seed.asset(demo), await seed.asset(demo)];
    const driver = await seed.driver(demo);
    const link = await seed.driverLink(a.id, driver.id, JAN);
    await del(`/api/assets/${a.id}/drivers/${driver.id}`, { until: MAR });
    await expectCollision(
      () => put(`/api/assets/${b.id}/drivers/${driver.id}`, { from: FEB }),
      `Driver ${driver.id} is already linked to asset ${a.id} from ${JAN} until ${MAR} (driver link ${link.id})`,
    );
    expect((await put(`/api/assets/${b.id}/drivers/${driver.id}`, { from: MAR })).statusCode).toBe(
      201,
    );
  });

  it('refuses two drivers on one asset at once (driver_links_asset_overlap)', async () => {
    const asset = await seed.asset(demo);
    const [first, second] = [await seed.driver(demo), await seed.driver(demo)];
    const link = await seed.driverLink(asset.id, first.id, JAN);
    await expectCollision(
      () => put(`/api/assets/${asset.id}/drivers/${second.id}`, { from: FEB }),
      `Asset ${asset.id} already has driver ${first.id} from ${JAN} on, with no end (driver link ${link.id})`,
    );
  });

  it('answers 404 when there is no open link to end, and for an unknown link', async () => {
    const asset = await seed.asset(demo);
    const driver = await seed.driver(demo);
    const response = await del(`/api/assets/${asset.id}/drivers/${driver.id}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      `Asset ${asset.id} has no open link to driver ${driver.id}`,
    );
    expect((await del('/api/driverlinks/999999')).statusCode).toBe(404);
    expect((await put(`/api/assets/${asset.id}/drivers/999999`)).statusCode).toBe(404);
    expect((await put(`/api/assets/999999/drivers/${driver.id}`)).statusCode).toBe(404);
  });
});

describe('links: whose device or driver may serve whose asset', () => {
  // The reseller sees all three organisations, so only the organisation rule decides.
  it.each([
    ['device', 'Demo Transport', 'Demo Transport', 201],
    ['device', 'Northline Reseller', 'Demo Transport', 201],
    ['device', 'Polder Logistics', 'Demo Transport', 403],
    ['device', 'Demo Transport', 'Northline Reseller', 403],
    ['driver', 'Northline Reseller', 'Polder Logistics', 201],
    ['driver', 'Polder Logistics', 'Demo Transport', 403],
    ['driver', 'Demo Transport', 'Northline Reseller', 403],
  ] as const)('a %s of %s on an asset of %s answers %i', async (kind, owner, assetOrg, status) => {
    const ids: Record<string, number> = {
      'Demo Transport': demo,
      'Polder Logistics': polder,
      'Northline Reseller': northline,
    };
    const asset = await seed.asset(ids[assetOrg]!);
    const target =
      kind === 'device' ? await seed.device(ids[owner]!) : await seed.driver(ids[owner]!);
    const before = await fleetSnapshot(t);
    const response = await put(`/api/assets/${asset.id}/${kind}s/${target.id}`, {}, 'reseller');
    expect(response.statusCode).toBe(status);
    if (status === 403) {
      expect(response.json().message).toMatch(/neither the asset's nor above it/);
      expect(await fleetSnapshot(t)).toEqual(before);
    }
  });

  it("refuses a manager the reseller's device on the manager's own asset: it is outside the manager's subtree", async () => {
    const asset = await seed.asset(demo);
    const device = await seed.device(northline);
    const response = await put(`/api/assets/${asset.id}/devices/${device.id}`);
    expect(response.statusCode).toBe(404);
  });
});

describe('links: malformed requests answer 400, never 500', () => {
  it.each([
    ['from', 'yesterday'],
    ['from', '2026-01-01'],
    ['from', '2026-01-01T00:00:00'],
    ['from', '2026-01-01 00:00:00Z'],
    ['from', '2026-13-01T00:00:00Z'],
    ['from', '2026-02-30T00:00:00Z'],
    ['from', '2026-01-01T25:00:00Z'],
    ['from', '2026-12-31T23:59:60Z'],
    ['from', '2026-01-01T00:00:00Z[Europe/Amsterdam]'],
    ['from', ''],
    ['form', JAN],
  ])('PUT with %s=%j', async (name, value) => {
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);
    const before = await fleetSnapshot(t);
    const response = await put(`/api/assets/${asset.id}/devices/${device.id}`, { [name]: value });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'VALIDATION_ERROR', message: expect.any(String) });
    expect(await fleetSnapshot(t)).toEqual(before);
  });

  it.each([
    ['GET', '/api/assets/{asset}/devicelinks', { from: 'soon' }],
    ['GET', '/api/assets/{asset}/driverlinks', { until: '2026-01-01' }],
    ['GET', '/admin-api/assets/{asset}/driverlinks', { from: '1' }],
    ['GET', '/api/drivers/{driver}/driverlinks', { until: 'x' }],
    ['GET', '/api/devices/{device}/devicelinks', { until: JAN }],
    ['GET', '/api/assets/{asset}/devicelinks', { from: FEB, until: JAN }],
    ['GET', '/api/assets/{asset}/driverlinks', { from: FEB, until: FEB }],
    ['DELETE', '/api/assets/{asset}/drivers/{driver}', { until: 'now' }],
    ['DELETE', '/api/assets/{asset}/devices/{device}', { from: JAN }],
    ['PUT', '/api/assets/{asset}/drivers/{driver}', { from: '01-01-2026T00:00:00Z' }],
  ] as const)('%s %s with %j', async (method, template, query) => {
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);
    const driver = await seed.driver(demo);
    const url = template
      .replace('{asset}', String(asset.id))
      .replace('{device}', String(device.id))
      .replace('{driver}', String(driver.id));
    const user = url.startsWith('/admin-api/') ? 'oem' : 'manager'; // the admin base is the OEM's
    const response = await t.as(user, { method, url, query });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it.each([
    ['PUT', '/api/assets/abc/devices/1'],
    ['PUT', '/api/assets/1/devices/0'],
    ['DELETE', '/api/assets/1/drivers/1.5'],
    ['DELETE', '/api/devicelinks/-1'],
    ['DELETE', '/api/driverlinks/99999999999'],
    ['GET', '/api/devices/x/devicelinks'],
    ['GET', '/admin-api/assets/x/driverlinks'],
  ] as const)('%s %s', async (method, url) => {
    const user = url.startsWith('/admin-api/') ? 'oem' : 'manager'; // the admin base is the OEM's
    const response = await t.as(user, { method, url });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('answers 401 on the admin base without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/admin-api/assets/1/driverlinks' });
    expect(response.statusCode).toBe(401);
  });
});
