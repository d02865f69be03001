import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Issue 20 §4: a DRIVER user is linked to their driver record in the user's edit. */
let t: TestApp;
let seed: ReturnType<typeof fleetSeed>;
let demo: number;
let child: number;
let polder: number;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  seed = fleetSeed(t);
  demo = await t.organisationId('Demo Transport');
  polder = await t.organisationId('Polder Logistics');
  const created = await t.as('oem', {
    method: 'POST',
    url: `/api/organisations/${demo}`,
    payload: { name: 'Demo Depot (driver links)' },
  });
  child = created.json<{ id: number }>().id;
}, 60_000);
afterAll(() => t.close());

const newUser = (organisationId: number, payload: object, caller = 'manager') =>
  t.as(caller, {
    method: 'POST',
    url: `/api/organisations/${organisationId}/users`,
    payload: { name: 'Dirk', username: `dirk-${++n}`, password: 'long-enough-pass', ...payload },
  });
const change = (id: number, payload: object, caller = 'manager') =>
  t.as(caller, { method: 'PUT', url: `/api/users/${id}`, payload });

describe('the driver link of a user', () => {
  it('links a new DRIVER user to a driver of the organisation, and answers it', async () => {
    const driver = await seed.driver(demo);
    const created = await newUser(demo, { role: 'DRIVER', driverId: driver.id });
    expect(created.statusCode, created.body).toBe(201);
    const user = created.json<User>();
    expect(user.driverId).toBe(driver.id);
    const read = await t.as('manager', { method: 'GET', url: `/api/users/${user.id}` });
    expect(read.json<User>().driverId).toBe(driver.id);
    const listed = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/users`,
      query: { search: user.username },
    });
    expect(listed.json<User[]>().map((u) => u.driverId)).toEqual([driver.id]);
  });

  it('links a driver of an organisation below the user’s, changes and removes the link', async () => {
    const below = await seed.driver(child);
    const other = await seed.driver(demo);
    const user = (await newUser(demo, { role: 'DRIVER' })).json<User>();
    expect(user.driverId).toBeNull();
    const linked = await change(user.id, { driverId: below.id });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json<User>().driverId).toBe(below.id);
    // a change that does not name the link keeps it
    expect((await change(user.id, { name: 'Dirk B.' })).json<User>().driverId).toBe(below.id);
    expect((await change(user.id, { driverId: other.id })).json<User>().driverId).toBe(other.id);
    expect((await change(user.id, { driverId: null })).json<User>().driverId).toBeNull();
  });

  it('refuses a driver of an organisation above, beside or unknown with 400 in words', async () => {
    const above = await seed.driver(demo);
    const beside = await seed.driver(polder);
    const user = (await newUser(child, { role: 'DRIVER' })).json<User>();
    for (const driverId of [above.id, beside.id, 999_999]) {
      const refused = await change(user.id, { driverId }, 'oem');
      expect(refused.statusCode, refused.body).toBe(400);
      // the same words whether the driver is elsewhere or does not exist
      expect(refused.json()).toEqual({
        code: 'VALIDATION_ERROR',
        message: `Driver ${driverId} is not a driver of this user's organisation or one below it`,
      });
    }
    const created = await newUser(demo, { role: 'DRIVER', driverId: beside.id });
    expect(created.statusCode).toBe(400);
    expect((await change(user.id, { driverId: 'seven' }, 'oem')).statusCode).toBe(400);
    expect(
      (await t.as('oem', { method: 'GET', url: `/api/users/${user.id}` })).json<User>(),
    ).toMatchObject({ driverId: null });
  });

  it('refuses a driver link for any role but DRIVER, and drops it when the role changes', async () => {
    const driver = await seed.driver(demo);
    const refused = await newUser(demo, { role: 'USER', driverId: driver.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: "Only a DRIVER user is linked to a driver record; this user's role is USER",
    });
    const user = (await newUser(demo, { role: 'DRIVER', driverId: driver.id })).json<User>();
    expect((await change(user.id, { role: 'USER', driverId: driver.id })).statusCode).toBe(400);
    const promoted = await change(user.id, { role: 'USER' });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json<User>()).toMatchObject({ user_role: 'USER', driverId: null });
  });

  it('a DRIVER may not link anyone (403), and the link goes when the driver is deleted', async () => {
    const driver = await seed.driver(demo);
    const user = (await newUser(demo, { role: 'DRIVER', driverId: driver.id })).json<User>();
    expect((await change(user.id, { driverId: null }, 'driver')).statusCode).toBe(403);
    const deleted = await t.as('oem', { method: 'DELETE', url: `/api/drivers/${driver.id}` });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    const read = await t.as('manager', { method: 'GET', url: `/api/users/${user.id}` });
    expect(read.json<User>().driverId).toBeNull();
  });
});
