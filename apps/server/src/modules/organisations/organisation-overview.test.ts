import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrganisationListItem } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** GET organisations/{id}/organisations: the OEM organisation overview on the generic list screen. */
let t: TestApp;
let ids: Record<string, number>;

const overview = (user: string, root: string, query: Record<string, string | number> = {}) =>
  t.as(user, {
    method: 'GET',
    url: `/api/organisations/${ids[root]}/organisations`,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
  });
const names = (body: OrganisationListItem[]) => body.map((o) => o.name);

beforeAll(async () => {
  t = await createTestApp();
  ids = {};
  for (const name of ['Fleetwise OEM', 'Northline Reseller', 'Demo Transport', 'Polder Logistics'])
    ids[name] = await t.organisationId(name);
  ids['Other Root'] = (
    await t.db
      .insertInto('organisations')
      .values({ name: 'Other Root', parent_id: null })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  // Polder Logistics: 2 assets, 3 devices; Demo Transport: 1 asset; its users are the demo's
  const seed = fleetSeed(t);
  await seed.asset(ids['Polder Logistics']!);
  await seed.asset(ids['Polder Logistics']!);
  for (let i = 0; i < 3; i++) await seed.device(ids['Polder Logistics']!);
  await seed.asset(ids['Demo Transport']!);
  // 12 customers under Polder, named so that the name order is not the id order
  for (let i = 0; i < 12; i++)
    await t.db
      .insertInto('organisations')
      .values({
        name: `Customer ${String.fromCharCode(76 - i)}`,
        parent_id: ids['Polder Logistics']!,
      })
      .execute();
}, 60_000);
afterAll(() => t.close());

describe('the organisation overview', () => {
  it("lists the subtree in the tree's order with parents and counts, 10 a page", async () => {
    const response = await overview('oem', 'Fleetwise OEM', { limit: 10 });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe('16');
    const page: OrganisationListItem[] = response.json();
    expect(names(page)).toEqual([
      'Fleetwise OEM',
      'Northline Reseller',
      'Demo Transport',
      'Polder Logistics',
      'Customer A',
      'Customer B',
      'Customer C',
      'Customer D',
      'Customer E',
      'Customer F',
    ]);
    expect(page[0]).toEqual({
      id: ids['Fleetwise OEM'],
      name: 'Fleetwise OEM',
      parentId: null,
      parentName: null,
      depth: 0,
      users: 1,
      assets: 0,
      devices: 0,
    });
    expect(page.find((o) => o.name === 'Demo Transport')).toMatchObject({
      parentName: 'Northline Reseller',
      depth: 2,
      users: 3,
      assets: 1,
    });
    expect(page.find((o) => o.name === 'Polder Logistics')).toMatchObject({
      users: 0,
      assets: 2,
      devices: 3,
    });
    expect(page.find((o) => o.name === 'Customer A')).toMatchObject({
      parentName: 'Polder Logistics',
      depth: 3,
    });
  });

  it('pages without overlap or gaps', async () => {
    const seen: string[] = [];
    for (const offset of [0, 10]) {
      const response = await overview('oem', 'Fleetwise OEM', { limit: 10, offset });
      seen.push(...names(response.json()));
    }
    expect(seen).toHaveLength(16);
    expect(new Set(seen).size).toBe(16);
    expect(seen).not.toContain('Other Root');
  });

  it.each([
    [{ sort: 'name' }, ['Customer A', 'Customer B', 'Customer C']],
    [{ sort: 'name', order: 'desc' }, ['Polder Logistics', 'Northline Reseller', 'Fleetwise OEM']],
    [{ sort: 'assets', order: 'desc' }, ['Polder Logistics', 'Demo Transport']],
    // ties go by id, in the same direction
    [{ sort: 'users', order: 'desc' }, ['Demo Transport', 'Northline Reseller', 'Fleetwise OEM']],
    [{ sort: 'devices', order: 'desc' }, ['Polder Logistics']],
    [{ sort: 'parent' }, ['Northline Reseller', 'Demo Transport', 'Polder Logistics']],
  ])('sorts by %j', async (query, first) => {
    const response = await overview('oem', 'Fleetwise OEM', { limit: 10, ...query });
    expect(names(response.json()).slice(0, first.length)).toEqual(first);
  });

  it('searches names, anywhere and in any case, and counts what it found', async () => {
    const response = await overview('oem', 'Fleetwise OEM', { search: 'LINE', limit: 10 });
    expect(names(response.json())).toEqual(['Northline Reseller']);
    expect(response.headers['x-total-count']).toBe('1');
    const customers = await overview('oem', 'Fleetwise OEM', { search: 'customer', limit: 5 });
    expect(customers.headers['x-total-count']).toBe('12');
    // a % or _ is looked for as itself
    expect((await overview('oem', 'Fleetwise OEM', { search: '%' })).json()).toEqual([]);
  });

  it("shows a reseller its own subtree, and anyone's organisation only from within", async () => {
    const response = await overview('reseller', 'Northline Reseller', { limit: 10 });
    expect(response.headers['x-total-count']).toBe('15');
    expect(names(response.json()).slice(0, 3)).toEqual([
      'Northline Reseller',
      'Demo Transport',
      'Polder Logistics',
    ]);
    expect(response.json()[0].depth).toBe(0);
    for (const [user, root] of [
      ['reseller', 'Fleetwise OEM'],
      ['manager', 'Polder Logistics'],
      ['oem', 'Other Root'],
    ] as const) {
      const outside = await overview(user, root);
      expect(outside.statusCode).toBe(404);
      expect(outside.json().code).toBe('NOT_FOUND');
    }
    const own = await overview('driver', 'Demo Transport');
    expect(names(own.json())).toEqual(['Demo Transport']);
  });

  it.each([
    { sort: 'tree' },
    { sort: 'id' },
    { limit: 0 },
    { limit: 101 },
    { offset: -1 },
    { filter: 'x' },
  ])('answers 400 for %j', async (query) => {
    const response = await overview('oem', 'Fleetwise OEM', query);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });
});
