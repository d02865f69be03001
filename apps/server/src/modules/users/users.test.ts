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
