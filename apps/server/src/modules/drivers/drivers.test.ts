import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed, fleetSnapshot } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let demo: number;
let seed: ReturnType<typeof fleetSeed>;
beforeAll(async () => {
  t = await createTestApp();
  demo = await t.organisationId('Demo Transport');
  seed = fleetSeed(t);
});
afterAll(() => t.close());

describe('drivers: delete with reasons', () => {
  it('refuses while the driver is linked to an asset (409), deletes once the link ended', async () => {
    const driver = await seed.driver(demo, 'Busy');
    const asset = await seed.asset(demo);
    await seed.driverLink(asset.id, driver.id, '2026-01-01T00:00:00Z');
    const held = await t.as('manager', { method: 'DELETE', url: `/api/drivers/${driver.id}` });
    expect(held.statusCode).toBe(409);
    expect(held.json().message).toBe(
      `Driver 'Sam Busy' is still linked to asset '${asset.name}'; end that link first`,
    );
    await t.as('oem', { method: 'DELETE', url: `/api/assets/${asset.id}/drivers/${driver.id}` });
    const deleted = await t.as('manager', { method: 'DELETE', url: `/api/drivers/${driver.id}` });
    expect(deleted.statusCode).toBe(204);
  });
});

describe('drivers: create, read, list, change, delete', () => {
  it('creates a driver with trimmed names and an optional phone', async () => {
    const response = await t.as('integrator', {
      method: 'POST',
      url: `/api/organisations/${demo}/drivers`,
      payload: { firstName: ' Fenna ', lastName: 'de Boer ', phone: ' +31 6 1234 5678 ' },
    });
    expect(response.statusCode).toBe(201);
    const driver = response.json();
    expect(driver).toEqual({
      id: expect.any(Number),
      organisationId: demo,
      firstName: 'Fenna',
      lastName: 'de Boer',
      phone: '+31 6 1234 5678',
      synchronised: null,
      deactivatedAt: null,
    });
    expect(
      (await t.as('driver', { method: 'GET', url: `/api/drivers/${driver.id}` })).json(),
    ).toEqual(driver);
  });

  it('lists the organisation’s drivers by first name, then last name', async () => {
    const org = (
      await t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${demo}`,
        payload: { name: 'Driver Sorting BV' },
      })
    ).json().id;
    for (const [firstName, lastName] of [
      ['Piet', 'Zand'],
      ['anna', 'Visser'],
      ['Piet', 'Aalders'],
    ]) {
      await t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${org}/drivers`,
        payload: { firstName, lastName },
      });
    }
    const response = await t.as('oem', { method: 'GET', url: `/api/organisations/${org}/drivers` });
    expect(response.json().map((d: { lastName: string }) => d.lastName)).toEqual([
      'Visser',
      'Aalders',
      'Zand',
    ]);
  });

  it('changes only the fields sent, clears the phone with null, and deletes', async () => {
    const driver = await seed.driver(demo, 'Jansen');
    const withPhone = await t.as('manager', {
      method: 'PUT',
      url: `/api/drivers/${driver.id}`,
      payload: { phone: '010-1234567' },
    });
    expect(withPhone.json()).toEqual({ ...driver, phone: '010-1234567' });
    const renamed = await t.as('manager', {
      method: 'PUT',
      url: `/api/drivers/${driver.id}`,
      payload: { firstName: 'Kees', phone: null },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toEqual({ ...driver, firstName: 'Kees', phone: null });

    const deleted = await t.as('manager', { method: 'DELETE', url: `/api/drivers/${driver.id}` });
    expect(deleted.statusCode).toBe(204);
    expect(
      (await t.as('manager', { method: 'GET', url: `/api/drivers/${driver.id}` })).statusCode,
    ).toBe(404);
  });

  it.each([
    [{ firstName: 'Sam' }, 'lastName is required'],
    [{ firstName: '', lastName: 'X' }, 'firstName must not be empty'],
    [{ firstName: 'Sam', lastName: '  ' }, 'lastName'],
    [{ firstName: 'Sam', lastName: 7 }, 'lastName'],
    [{ firstName: 'Sam', lastName: 'X', phone: 31612345678 }, 'phone'],
    [{ firstName: 'Sam', lastName: 'X', phone: '1'.repeat(41) }, 'phone'],
    [{ firstName: 'x'.repeat(101), lastName: 'X' }, 'firstName must have at most 100 characters'],
    [{ firstName: 'Sam', lastName: 'X', licence: 'C' }, "unknown field 'licence'"],
  ])('refuses %j with 400 and writes nothing', async (payload, message) => {
    const before = await fleetSnapshot(t);
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/organisations/${demo}/drivers`,
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: expect.stringContaining(message),
    });
    expect(await fleetSnapshot(t)).toEqual(before);
  });

  it('answers 404 for an unknown driver and 400 for a malformed id', async () => {
    expect((await t.as('oem', { method: 'GET', url: '/api/drivers/999999' })).statusCode).toBe(404);
    expect(
      (await t.as('oem', { method: 'PUT', url: '/api/drivers/999999', payload: {} })).statusCode,
    ).toBe(404);
    expect((await t.as('oem', { method: 'DELETE', url: '/api/drivers/x' })).statusCode).toBe(400);
  });
});
