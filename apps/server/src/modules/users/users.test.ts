import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let userIds: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.db.selectFrom('users').select(['id', 'username']).execute();
  userIds = Object.fromEntries(rows.map((r) => [r.username, r.id]));
});
afterAll(() => t.close());

describe('GET /api/users/{id}', () => {
  it('answers the user without its password hash', async () => {
    const response = await t.as('manager', { method: 'GET', url: `/api/users/${userIds.manager}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: userIds.manager,
      name: 'Marit de Vries',
      username: 'manager',
      organisation_id: await t.organisationId('Demo Transport'),
      user_role: 'USER',
      driverId: null,
    });
  });

  it.each([
    ['oem', 'manager', 200],
    ['reseller', 'driver', 200],
    ['manager', 'integrator', 200],
    ['manager', 'reseller', 404],
    ['manager', 'oem', 404],
    ['reseller', 'oem', 404],
  ] as const)('%s reading %s answers %i', async (caller, target, status) => {
    const response = await t.as(caller, { method: 'GET', url: `/api/users/${userIds[target]}` });
    expect(response.statusCode).toBe(status);
    // outside the caller's subtree exactly as a user that does not exist
    if (status === 404)
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: `User ${userIds[target]} does not exist`,
      });
  });

  it('answers 404 for an unknown user', async () => {
    const response = await t.as('oem', { method: 'GET', url: '/api/users/999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('NOT_FOUND');
  });
});

describe('users: the authority matrix (caller role × role × own, child or foreign organisation)', () => {
  const ROLES = ['OEM', 'RESELLER', 'INTEGRATOR', 'USER', 'DRIVER'] as const;
  const GRANTS: Record<string, readonly string[]> = {
    oem: ROLES,
    reseller: ['RESELLER', 'USER', 'DRIVER'],
    integrator: ['INTEGRATOR', 'USER', 'DRIVER'],
    manager: ['USER', 'DRIVER'],
    driver: [],
  };
  let orgs: Record<string, Record<'own' | 'child' | 'foreign', number | undefined>>;
  let n = 0;
  beforeAll(async () => {
    const demo = await t.organisationId('Demo Transport');
    const child = (
      await t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${demo}`,
        payload: { name: 'Demo Depot' },
      })
    ).json().id;
    const polder = await t.organisationId('Polder Logistics');
    const fleetwise = await t.organisationId('Fleetwise OEM');
    const northline = await t.organisationId('Northline Reseller');
    const demoCaller = { own: demo, child, foreign: polder };
    orgs = {
      oem: { own: fleetwise, child: northline, foreign: undefined },
      reseller: { own: northline, child: demo, foreign: fleetwise },
      integrator: demoCaller,
      manager: demoCaller,
      driver: demoCaller,
    };
  });

  const cases = Object.keys(GRANTS).flatMap((caller) =>
    ROLES.flatMap((role) =>
      (['own', 'child', 'foreign'] as const).map((where) => [caller, role, where] as const),
    ),
  );
  it.each(cases)('%s and a %s user in its %s organisation', async (caller, role, where) => {
    const organisationId = orgs[caller]![where];
    if (organisationId === undefined) return; // the OEM has no organisation outside its tree
    const allowed = GRANTS[caller]!.includes(role);
    const username = `matrix-${++n}`;
    const create = await t.as(caller, {
      method: 'POST',
      url: `/api/organisations/${organisationId}/users`,
      payload: { name: `Matrix ${n}`, username, password: 'secret1', role },
    });
    expect(create.statusCode).toBe(where === 'foreign' ? 404 : allowed ? 201 : 403);

    // The same user made by the OEM: may the caller change and delete it?
    const target =
      create.statusCode === 201
        ? create.json()
        : (
            await t.as('oem', {
              method: 'POST',
              url: `/api/organisations/${organisationId}/users`,
              payload: { name: `Matrix ${n}`, username, password: 'secret1', role },
            })
          ).json();
    const expected = where === 'foreign' ? 404 : allowed ? 200 : 403;
    const rename = await t.as(caller, {
      method: 'PUT',
      url: `/api/users/${target.id}`,
      payload: { name: 'Renamed' },
    });
    expect(rename.statusCode).toBe(expected);
    const remove = await t.as(caller, { method: 'DELETE', url: `/api/users/${target.id}` });
    expect(remove.statusCode).toBe(expected === 200 ? 204 : expected);
    const still = await t.as('oem', { method: 'GET', url: `/api/users/${target.id}` });
    expect(still.statusCode).toBe(expected === 200 ? 404 : 200);
  });
});

describe('users: create, change, delete', () => {
  let org: number;
  beforeAll(async () => {
    const demo = await t.organisationId('Demo Transport');
    org = (
      await t.as('oem', {
        method: 'POST',
        url: `/api/organisations/${demo}`,
        payload: { name: 'User Rules BV' },
      })
    ).json().id;
  });
  const create = (payload: object, user = 'reseller') =>
    t.as(user, { method: 'POST', url: `/api/organisations/${org}/users`, payload });

  it('creates a user who can sign in; the password is not answered', async () => {
    const response = await create({
      name: ' Kim Post ',
      username: ' kim ',
      password: 'sixsix',
      role: 'USER',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      id: expect.any(Number),
      name: 'Kim Post',
      username: 'kim',
      organisation_id: org,
      user_role: 'USER',
      driverId: null,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { organisation: 'User Rules BV', username: 'KIM', password: 'sixsix' },
    });
    expect(login.statusCode).toBe(200);
  });

  it.each([
    [{ name: 'A', username: 'a', password: 'five5', role: 'USER' }, 'password'],
    [{ name: 'A', username: 'a', password: 'secret', role: 'BOSS' }, 'role'],
    [{ name: ' ', username: 'a', password: 'secret', role: 'USER' }, 'name'],
    [{ name: 'A', password: 'secret', role: 'USER' }, 'username'],
    [{ name: 'A', username: 'a', password: 'secret', role: 'USER', admin: true }, 'admin'],
  ])('refuses %j with 400 naming %s', async (payload, field) => {
    const response = await create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(field);
  });

  it('refuses a user name taken in the organisation, in any case, with 409', async () => {
    const response = await create({
      name: 'Kim 2',
      username: 'KIM',
      password: 'secret',
      role: 'USER',
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("A user named 'KIM' already exists in this organisation");
  });

  it('keeps the last user who can manage the organisation (409), and lets it go once another can', async () => {
    const [kim] = (
      await t.as('reseller', {
        method: 'GET',
        url: `/api/organisations/${org}/users`,
        query: { search: 'kim' },
      })
    ).json();
    const demote = await t.as('reseller', {
      method: 'PUT',
      url: `/api/users/${kim.id}`,
      payload: { role: 'DRIVER' },
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toContain('Kim Post is the last user who can manage');
    const remove = await t.as('reseller', { method: 'DELETE', url: `/api/users/${kim.id}` });
    expect(remove.statusCode).toBe(409);
    const driver = await create({
      name: 'Dirk',
      username: 'dirk',
      password: 'secret',
      role: 'DRIVER',
    });
    expect(
      (await t.as('reseller', { method: 'DELETE', url: `/api/users/${driver.json().id}` }))
        .statusCode,
    ).toBe(204);
    await create({ name: 'Lot', username: 'lot', password: 'secret', role: 'USER' });
    const now = await t.as('reseller', {
      method: 'PUT',
      url: `/api/users/${kim.id}`,
      payload: { role: 'DRIVER' },
    });
    expect(now.statusCode).toBe(200);
    expect(now.json().user_role).toBe('DRIVER');
  });

  it('refuses deleting oneself and changing one’s own role with 403', async () => {
    const self = userIds.manager;
    const remove = await t.as('manager', { method: 'DELETE', url: `/api/users/${self}` });
    expect(remove.statusCode).toBe(403);
    const demote = await t.as('manager', {
      method: 'PUT',
      url: `/api/users/${self}`,
      payload: { role: 'DRIVER' },
    });
    expect(demote.statusCode).toBe(403);
    expect(demote.json().message).toBe('Nobody may change their own role');
  });

  it('a new password ends the user’s sessions: its tokens stop working', async () => {
    await create({ name: 'Session', username: 'session', password: 'first1', role: 'USER' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { organisation: 'User Rules BV', username: 'session', password: 'first1' },
    });
    const { accessToken, refreshToken } = login.json();
    const me = await t.app.inject({
      method: 'GET',
      url: `/api/organisations/${org}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(me.statusCode).toBe(200);
    const [user] = (
      await t.as('reseller', {
        method: 'GET',
        url: `/api/organisations/${org}/users`,
        query: { search: 'session' },
      })
    ).json();
    const reset = await t.as('reseller', {
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: { password: 'second2' },
    });
    expect(reset.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/organisations/${org}`,
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(after.statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refreshToken },
    });
    expect(refresh.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { organisation: 'User Rules BV', username: 'session', password: 'second2' },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('users: look-alike user names', () => {
  let demo: number;
  beforeAll(async () => {
    demo = await t.organisationId('Demo Transport');
  });
  const create = (username: string) =>
    t.as('oem', {
      method: 'POST',
      url: `/api/organisations/${demo}/users`,
      payload: { name: 'Look-alike', username, password: 'secret', role: 'USER' },
    });
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('users')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  // today each was created beside 'manager'
  it.each(['manager\u200b', '\uff4danager', ' MANAGER\u2060', 'man\u00adager', '\u202emanager'])(
    'refuses %j beside manager with 409 and writes nothing',
    async (username) => {
      const before = await count();
      const response = await create(username);
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        code: 'CONFLICT',
        message: expect.stringMatching(/^A user named '(manager|MANAGER)' already exists/),
      });
      expect(await count()).toBe(before);
    },
  );

  it('stores a new name normalised, and refuses one with nothing visible (400)', async () => {
    const created = await create('\uff4e\uff45\uff57\u200b\u00a0hire ');
    expect(created.statusCode).toBe(201);
    expect(created.json().username).toBe('new hire');
    const invisible = await create('\u200b\u200c');
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json()).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'username must have a visible character',
    });
  });

  it('refuses renaming a user into a look-alike of another (409)', async () => {
    const id = (await create('renamed-later')).json().id;
    const response = await t.as('oem', {
      method: 'PUT',
      url: `/api/users/${id}`,
      payload: { username: 'dri\u200bver' },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('CONFLICT');
  });
});
