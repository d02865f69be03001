import { afterAll, beforeAll, expect, it } from 'vitest';
import { API_CONTENT_TYPE } from '@fleet/contract';
import { fleetSeed } from './fleet-seed.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * A JSON body nested thousands deep (7 kB) once made every JSON route answer 500: the checks
 * after the parse recurse over it. Every body route of every base, from the OpenAPI document
 * (so later routes are covered), in every JSON content type its base takes, answers 400 now;
 * without signing in too.
 */

const DEPTH = 3600;
const BOMB = '['.repeat(DEPTH) + ']'.repeat(DEPTH);
const OBJECT_BOMB = '{"a":'.repeat(DEPTH) + '1' + '}'.repeat(DEPTH);

type Operation = { requestBody?: { content?: Record<string, unknown> } };

let t: TestApp;
let userToken: string;
let deviceToken: string;

beforeAll(async () => {
  t = await createTestApp();
  userToken = (await t.login('oem')).accessToken;
  const device = await fleetSeed(t).device(await t.organisationId('Demo Transport'));
  deviceToken = device.credential;
}, 120_000);
afterAll(() => t.close());

async function bodyRoutes(): Promise<{ method: string; url: string }[]> {
  const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = docs.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
  const routes = [];
  for (const [path, operations] of Object.entries(paths))
    for (const [method, operation] of Object.entries(operations)) {
      const content = Object.keys(operation.requestBody?.content ?? {});
      if (!['post', 'put', 'patch'].includes(method) || content.includes('multipart/form-data'))
        continue;
      routes.push({ method: method.toUpperCase(), url: path.replace(/\{\w+\}/g, '1') });
    }
  // The Janus proxy is outside the document.
  routes.push({ method: 'POST', url: '/janus' });
  return routes;
}

const typesOf = (url: string) =>
  url.startsWith('/api/')
    ? ['application/json', API_CONTENT_TYPE, 'application/octet-stream']
    : ['application/json', API_CONTENT_TYPE];

it('every JSON route of every base refuses a deep body with 400 {code, message}', async () => {
  const routes = await bodyRoutes();
  expect(routes.length).toBeGreaterThan(20);
  const bases = new Set(routes.map((r) => r.url.split('/')[1]));
  expect([...bases].sort()).toEqual(['admin-api', 'api', 'device-api', 'janus', 'sync-api']);
  const answers: string[] = [];
  let tried = 0;
  let failed = 0;
  for (const route of routes)
    for (const type of typesOf(route.url))
      for (const payload of [BOMB, OBJECT_BOMB]) {
        tried++;
        const token = route.url.startsWith('/device-api/') ? deviceToken : userToken;
        const response = await t.app.inject({
          ...route,
          method: route.method as 'POST',
          payload,
          headers: { 'content-type': type, authorization: `Bearer ${token}` },
        });
        if (response.statusCode >= 500) failed++;
        const body = response.json<{ code?: string; message?: string }>();
        if (
          response.statusCode !== 400 ||
          body.code !== 'VALIDATION_ERROR' ||
          !/nested too deeply/.test(body.message ?? '')
        )
          answers.push(
            `${route.method} ${route.url} ${type}: ${response.statusCode} ${response.body}`,
          );
      }
  console.log(
    `depth bomb: ${tried} requests over ${routes.length} routes; 5xx: ${failed}; not 400: ${answers.length}`,
  );
  expect(answers).toEqual([]);
}, 120_000);

it('refuses it without signing in, where the body is read before the caller is known', async () => {
  for (const url of ['/api/login', '/api/refresh', '/janus'])
    for (const payload of [BOMB, OBJECT_BOMB]) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
});

it('judges a body at the limit by its schema, not its depth', async () => {
  const login = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload,
      headers: { 'content-type': API_CONTENT_TYPE },
    });
  const wrong = await login(
    JSON.stringify({
      organisation: 'Demo Transport',
      username: 'oem',
      password: 'not-the-password',
    }),
  );
  expect(wrong.statusCode).toBe(401);
  // The object is level 1: 63 arrays inside it reach the limit of 64, one more passes it.
  const atLimit = await login(`{"organisation":${'['.repeat(63)}${']'.repeat(63)}}`);
  expect(atLimit.statusCode).toBe(400);
  expect(atLimit.json().message).not.toMatch(/nested too deeply/);
  const beyond = await login(`{"organisation":${'['.repeat(64)}${']'.repeat(64)}}`);
  expect(beyond.json().message).toMatch(/nested too deeply/);
});
