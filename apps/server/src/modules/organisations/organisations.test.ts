import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let ids: Record<string, number>;
beforeAll(async () => {
  t = await createTestApp();
  ids = {};
  for (const name of [
    'Fleetwise OEM',
    'Northline Reseller',
    'Demo Transport',
    'Polder Logistics',
  ]) {
    ids[name] = await t.organisationId(name);
  }
  // A second tree: foreign to every demo user, the OEM included.
  ids['Other Root'] = (
    await t.db
      .insertInto('organisations')
      .values({ name: 'Other Root', parent_id: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
});
afterAll(() => t.close());

/** Which demo organisations each demo user may act on: its own and every descendant. */
const VISIBLE: Record<string, string[]> = {
  oem: ['Fleetwise OEM', 'Northline Reseller', 'Demo Transport', 'Polder Logistics'],
  reseller: ['Northline Reseller', 'Demo Transport', 'Polder Logistics'],
  manager: ['Demo Transport'],
  integrator: ['Demo Transport'],
  driver: ['Demo Transport'],
};
const ALL = [...VISIBLE.oem!, 'Other Root'];
const ROLE: Record<string, string> = {
  oem: 'OEM',
  reseller: 'RESELLER',
  manager: 'USER',
  integrator: 'INTEGRATOR',
  driver: 'DRIVER',
};

describe('GET /api/organisations', () => {
  it.each(Object.entries(VISIBLE))(
    'answers the subtree %s may see, depth first',
    async (user, names) => {
      const response = await t.as(user, { method: 'GET', url: '/api/organisations' });
      expect(response.statusCode).toBe(200);
      expect(response.json().map((o: { name: string }) => o.name)).toEqual(names);
    },
  );

  it('gives each organisation its id, name and parentId', async () => {
    const response = await t.as('reseller', { method: 'GET', url: '/api/organisations' });
    expect(response.json()).toContainEqual({
      id: ids['Demo Transport'],
      name: 'Demo Transport',
      parentId: ids['Northline Reseller'],
    });
  });
});

describe('GET /api/organisations/{id}: role × organisation', () => {
  const cases = Object.entries(VISIBLE).flatMap(([user, visible]) =>
    ALL.map((org) => [user, org, visible.includes(org) ? 200 : 404] as const),
  );
  it.each(cases)('%s reading %s answers %i', async (user, org, status) => {
    const response = await t.as(user, { method: 'GET', url: `/api/organisations/${ids[org]}` });
    expect(response.statusCode).toBe(status);
    if (status === 200) expect(response.json().name).toBe(org);
    // outside the subtree exactly as if it did not exist
    else
      expect(response.json()).toEqual({
        code: 'NOT_FOUND',
        message: `Organisation ${ids[org]} does not exist`,
      });
  });

  it('answers 404 for an id that does not exist, 400 for one that is not an id', async () => {
    expect(
      (await t.as('oem', { method: 'GET', url: '/api/organisations/999999' })).statusCode,
    ).toBe(404);
    for (const bad of ['abc', '0', '-1', '1.5', '99999999999']) {
      const response = await t.as('oem', { method: 'GET', url: `/api/organisations/${bad}` });
      expect(response.statusCode, bad).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('POST /api/organisations/{id}: create a child organisation', () => {
  const create = (user: string, parent: string, name: unknown) =>
    t.as(user, { method: 'POST', url: `/api/organisations/${ids[parent]}`, payload: { name } });
  const count = async () =>
    Number(
      (
        await t.db
          .selectFrom('organisations')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('creates it under the parent for an OEM or reseller', async () => {
    const response = await create('reseller', 'Northline Reseller', '  Canal Haulage ');
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      name: 'Canal Haulage',
      parentId: ids['Northline Reseller'],
    });
    const list = await t.as('reseller', { method: 'GET', url: '/api/organisations' });
    expect(list.json().map((o: { name: string }) => o.name)).toContain('Canal Haulage');
  });

  // role × own / child / foreign organisation: OEM and RESELLER create within their
  // subtree; an INTEGRATOR, USER or DRIVER does not (403); outside the subtree 404.
  const creators = ['OEM', 'RESELLER'];
  const matrix = Object.entries(VISIBLE).flatMap(([user, visible]) =>
    ALL.map(
      (parent) =>
        [
          user,
          parent,
          !visible.includes(parent) ? 404 : creators.includes(ROLE[user]!) ? 201 : 403,
        ] as const,
    ),
  );
  it.each(matrix)('%s under %s answers %i', async (user, parent, status) => {
    const before = await count();
    const response = await create(user, parent, `${user} child of ${parent}`);
    expect(response.statusCode, response.body).toBe(status);
    if (status !== 201)
      expect(response.json().code).toBe(status === 404 ? 'NOT_FOUND' : 'FORBIDDEN');
    expect(await count()).toBe(status === 201 ? before + 1 : before);
  });

  it('refuses a name taken in any case with 409 and writes nothing', async () => {
    const before = await count();
    const response = await create('oem', 'Fleetwise OEM', 'demo TRANSPORT');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: "The name 'demo TRANSPORT' is not available; choose another",
    });
    expect(await count()).toBe(before);
  });

  // today each was created beside 'Demo Transport'
  it.each([
    'Demo\u00a0Transport',
    'Demo Transport\u200b',
    '\uff24emo  Transport',
    'DEMO\u3000TRANSPORT',
  ])('refuses the look-alike %j with 409 and writes nothing', async (name) => {
    const before = await count();
    const response = await create('oem', 'Fleetwise OEM', name);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: expect.stringMatching(
        /^The name '(Demo|DEMO) (Transport|TRANSPORT)' is not available/,
      ),
    });
    expect(await count()).toBe(before);
  });

  it('stores a new name normalised and refuses one with nothing visible (400)', async () => {
    const created = await create('oem', 'Fleetwise OEM', ' \uff2eormalised\u200b\u00a0Fleet ');
    expect(created.statusCode).toBe(201);
    expect(created.json().name).toBe('Normalised Fleet');
    const invisible = await create('oem', 'Fleetwise OEM', '\u2060\u200b');
    expect(invisible.statusCode).toBe(400);
    expect(invisible.json().code).toBe('VALIDATION_ERROR');
  });

  it("does not name or describe another tree's organisation when its name is taken", async () => {
    const response = await create('reseller', 'Northline Reseller', 'other ROOT');
    expect(response.statusCode).toBe(409);
    expect(response.body).not.toContain('Other Root');
    expect(response.body).not.toContain(String(ids['Other Root']));
    expect(response.body).not.toMatch(/exists/i);
  });

  it.each([[''], ['   '], [42], [null], ['x'.repeat(201)]])(
    'answers 400 for name %j',
    async (name) => {
      const response = await create('oem', 'Fleetwise OEM', name);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('VALIDATION_ERROR');
    },
  );

  it('answers 404 under a parent that does not exist', async () => {
    const response = await t.as('oem', {
      method: 'POST',
      url: '/api/organisations/999999',
      payload: { name: 'Ghost' },
    });
    expect(response.statusCode).toBe(404);
  });
});
