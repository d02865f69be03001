import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The admin base is the OEM section's (spec §2, §6): every route on it, read
 * from the OpenAPI document so routes added later are covered, refuses every
 * other role on the server. The Calendar reads driver links from the main base.
 */
let t: TestApp;
let assetId: number;
let driverId: number;
let organisationId: number;
let adminRoutes: { method: string; path: string }[];
beforeAll(async () => {
  t = await createTestApp();
  organisationId = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  assetId = (await seed.asset(organisationId)).id;
  driverId = (await seed.driver(organisationId)).id;
  const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
    paths: Record<string, Record<string, unknown>>;
  }>();
  adminRoutes = Object.entries(document.paths)
    .filter(([path]) => path.startsWith('/admin-api/'))
    .flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ method: method.toUpperCase(), path })),
    );
});
afterAll(() => t.close());

const FROM = 'from=2026-11-01T00:00:00Z&until=2026-11-02T00:00:00Z';
const url = (path: string, id: number) => `${path.replace(/\{(\w+)\}/g, () => String(id))}?${FROM}`;

describe('the admin base', () => {
  it('has routes to check', () => {
    expect(adminRoutes.length).toBeGreaterThanOrEqual(3);
  });

  it.each(['reseller', 'manager', 'integrator', 'driver'])(
    'refuses %s on every route with 403, before reading anything',
    async (user) => {
      for (const { method, path } of adminRoutes) {
        // ids the caller may otherwise read: its own organisation, its own asset
        const id = path.includes('organisations') ? organisationId : assetId;
        const response = await t.as(user, { method: method as 'GET', url: url(path, id) });
        expect(response.statusCode, `${method} ${path}: ${response.body}`).toBe(403);
        expect(response.json()).toEqual({
          code: 'FORBIDDEN',
          message: 'The admin base is for OEM users',
        });
      }
    },
  );

  it('lets the OEM through to the route itself', async () => {
    for (const { method, path } of adminRoutes) {
      // an id that does not exist, so nothing is changed
      const response = await t.as('oem', { method: method as 'GET', url: url(path, 999999) });
      expect(response.statusCode, `${method} ${path}: ${response.body}`).not.toBe(403);
      expect(response.statusCode, `${method} ${path}`).toBeLessThan(500);
    }
  });

  it('still asks for a sign-in first', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: url('/admin-api/assets/{id}/driverlinks', assetId),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe("the Calendar's driver links on the main base", () => {
  it.each(['oem', 'reseller', 'manager', 'integrator', 'driver'])(
    'answer %s for assets and drivers alike',
    async (user) => {
      for (const path of [
        `/api/assets/${assetId}/driverlinks`,
        `/api/drivers/${driverId}/driverlinks`,
      ]) {
        const response = await t.as(user, { method: 'GET', url: `${path}?${FROM}` });
        expect(response.statusCode, `${path}: ${response.body}`).toBe(200);
        expect(response.json()).toEqual([]);
      }
    },
  );
});
