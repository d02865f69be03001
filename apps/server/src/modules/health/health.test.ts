import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('GET /api/health answers ok with the database reachable, without a token', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ status: 'ok', database: 'ok' });
});

it('sends security headers', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
});

it('answers unknown API paths with a JSON 404 in the error shape', async () => {
  for (const url of ['/api/nothing', '/admin-api/nothing', '/sync-api/nothing']) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', message: `No route for GET ${url}` });
  }
});

it('publishes the OpenAPI document with the routes', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const paths = Object.keys(response.json().paths);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/login',
      '/api/refresh',
      '/api/organisations/{id}',
      '/api/users/{id}',
    ]),
  );
});
