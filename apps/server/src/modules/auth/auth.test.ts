import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_CONTENT_TYPE } from '@fleet/contract';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_PER_ACCOUNT: '5', LOGIN_MAX_PER_ADDRESS: '1000' });
});
afterAll(() => t.close());

const login = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload, headers });

const sign = (claims: object, secret: string, exp: number | string) =>
  new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));

describe('POST /api/login', () => {
  it('answers a token pair whose access token carries organisation, user and role', async () => {
    const response = await login({
      organisation: 'Demo Transport',
      username: 'manager',
      password: 'demo-pass',
    });
    expect(response.statusCode).toBe(200);
    const { accessToken, refreshToken } = response.json();
    expect(refreshToken).toMatch(/^[\w-]{40,}$/);
    const claims = decodeJwt(accessToken);
    expect(claims).toMatchObject({
      organisation_id: await t.organisationId('Demo Transport'),
      user_role: 'USER',
    });
    expect(claims.user_id).toEqual(expect.any(Number));
    // valid for minutes, not days
    expect(claims.exp! - claims.iat!).toBeLessThanOrEqual(60 * 60);
  });

  it('matches the organisation and user name case-insensitively', async () => {
    const response = await login({
      organisation: '  demo TRANSPORT',
      username: 'Manager',
      password: 'demo-pass',
    });
    expect(response.statusCode).toBe(200);
  });

  it('accepts the versioned JSON content type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': API_CONTENT_TYPE },
      payload: JSON.stringify({
        organisation: 'Fleetwise OEM',
        username: 'oem',
        password: 'demo-pass',
      }),
    });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    [{ organisation: 'Demo Transport', username: 'manager', password: 'wrong-pass' }],
    [{ organisation: 'Demo Transport', username: 'nobody', password: 'demo-pass' }],
    [{ organisation: 'Polder Logistics', username: 'manager', password: 'demo-pass' }],
  ])('refuses wrong credentials with 401 and a message (%o)', async (body) => {
    const response = await login(body, { 'x-forwarded-for': 'irrelevant' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'INVALID_CREDENTIALS',
      message: 'The organisation, user name or password is not correct',
    });
  });

  it.each([
    [{ username: 'manager', password: 'demo-pass' }, 'organisation is required'],
    [{ organisation: 'Demo Transport', password: 'demo-pass' }, 'username is required'],
    [{ organisation: 'Demo Transport', username: 'manager' }, 'password is required'],
    [
      { organisation: '', username: 'manager', password: 'demo-pass' },
      'organisation must not be empty',
    ],
    [
      { organisation: 'Demo Transport', username: 'manager', password: 'short' },
      'password must have at least 6 characters',
    ],
    [
      { organisation: 'Demo Transport', username: 'manager', password: 123456 },
      'password must be string',
    ],
    [
      { organisation: 'x', username: 'y', password: 'zzzzzz', rememberMe: true },
      "unknown field 'rememberMe'",
    ],
  ])('answers 400 saying which field is wrong: %o', async (body, message) => {
    const response = await login(body);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
    expect(response.json().message).toContain(message);
  });

  it('answers malformed JSON with 400, not 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"organisation":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_ERROR');
  });

  it('refuses an account with 429 after repeated failures, even with the right password', async () => {
    const body = { organisation: 'Demo Transport', username: 'driver', password: 'bad-guess' };
    for (let i = 0; i < 5; i++) expect((await login(body)).statusCode).toBe(401);
    const refused = await login({ ...body, password: 'demo-pass' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // other accounts are not affected
    expect(
      (
        await login({
          organisation: 'Demo Transport',
          username: 'integrator',
          password: 'demo-pass',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('failed sign-ins from one address', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({ LOGIN_MAX_PER_ACCOUNT: '1000', LOGIN_MAX_PER_ADDRESS: '3' });
  });
  afterAll(() => limited.close());

  it('are refused for a while with 429 across accounts', async () => {
    const attempt = (username: string, password = 'bad-guess') =>
      limited.app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { organisation: 'Demo Transport', username, password },
      });
    expect((await attempt('manager')).statusCode).toBe(401);
    expect((await attempt('driver')).statusCode).toBe(401);
    expect((await attempt('someone')).statusCode).toBe(401);
    expect((await attempt('integrator', 'demo-pass')).statusCode).toBe(429);
  });
});

describe('POST /api/refresh', () => {
  it('answers a new pair and the old refresh token stops working', async () => {
    const first = await t.login('integrator');
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refreshToken: first.refreshToken },
    });
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.accessToken).user_role).toBe('INTEGRATOR');

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refreshToken: first.refreshToken },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it('revokes the whole family when a spent token is replayed', async () => {
    const first = await t.login('integrator');
    const refresh = (refreshToken: string) =>
      t.app.inject({ method: 'POST', url: '/api/refresh', payload: { refreshToken } });
    const second = (await refresh(first.refreshToken)).json();
    expect((await refresh(first.refreshToken)).statusCode).toBe(401); // replay
    expect((await refresh(second.refreshToken)).statusCode).toBe(401); // the thief's successor is dead too
  });

  it('answers 401 for an unknown token and 400 for a missing one', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/refresh',
      payload: { refreshToken: 'nope' },
    });
    expect(unknown.statusCode).toBe(401);
    const missing = await t.app.inject({ method: 'POST', url: '/api/refresh', payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('refreshToken is required');
  });
});

describe('access tokens', () => {
  const call = (authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/organisations',
      headers: authorization ? { authorization } : {},
    });

  it('are required on protected routes', async () => {
    const response = await call();
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHORIZED');
  });

  it('answer TOKEN_EXPIRED once expired', async () => {
    const claims = { organisation_id: 1, user_id: 1, user_role: 'OEM' };
    const expired = await sign(claims, t.config.jwtSecret!, Math.floor(Date.now() / 1000) - 10);
    const response = await call(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      code: 'TOKEN_EXPIRED',
      message: 'The access token has expired',
    });
  });

  it('are refused with a bad signature', async () => {
    const forged = await sign(
      { organisation_id: 1, user_id: 1, user_role: 'OEM' },
      'another-secret',
      '5m',
    );
    const response = await call(`Bearer ${forged}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });

  it("are refused with alg 'none'", async () => {
    const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const exp = Math.floor(Date.now() / 1000) + 300;
    const unsigned = `${part({ alg: 'none', typ: 'JWT' })}.${part({ organisation_id: 1, user_id: 1, user_role: 'OEM', exp })}.`;
    const response = await call(`Bearer ${unsigned}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });

  it('are refused when the claims are not ours', async () => {
    const odd = await sign(
      { organisation_id: 1, user_id: 1, user_role: 'ADMIN' },
      t.config.jwtSecret!,
      '5m',
    );
    expect((await call(`Bearer ${odd}`)).statusCode).toBe(401);
    expect((await call('Basic abc')).statusCode).toBe(401);
  });
});
