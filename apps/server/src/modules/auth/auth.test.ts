import { SignJWT, decodeJwt } from 'jose';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_CONTENT_TYPE } from '@fleet/contract';
import { DEMO_PASSWORD } from '../demo/index.js';
import { buildApp } from '../../app.js';
import { createDb } from '../../db/database.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { hashPassword } from './passwords.js';
import { hashRefreshToken } from './tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    LOGIN_MAX_PER_ACCOUNT: '5',
    LOGIN_MAX_PER_ADDRESS: '1000',
    SESSION_CACHE: '0',
  });
});
afterAll(() => t.close());

const login = (payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/login', payload, headers });

/** A user of its own, for tests that change or delete it. */
async function createUser(app: TestApp, organisation: string, username: string, role: string) {
  const row = await app.db
    .insertInto('users')
    .values({
      organisation_id: await app.organisationId(organisation),
      username,
      name: username,
      role: role as 'USER',
      password_hash: await hashPassword(DEMO_PASSWORD),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const signIn = async (app: TestApp, organisation: string, username: string) => {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { organisation, username, password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ accessToken: string; refreshToken: string }>();
};

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

  it('finds the same account by a look-alike of its names, never another', async () => {
    const plain = await login({
      organisation: 'Demo Transport',
      username: 'integrator',
      password: 'demo-pass',
    });
    const lookAlike = await login({
      organisation: 'Demo\u00a0Transport\u200b',
      username: '\uff49ntegrator\u2060',
      password: 'demo-pass',
    });
    expect(lookAlike.statusCode).toBe(200);
    expect(decodeJwt(lookAlike.json().accessToken).user_id).toBe(
      decodeJwt(plain.json().accessToken).user_id,
    );
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
      'password must be text',
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

describe('failed sign-ins of one account', () => {
  const attempt = (remoteAddress: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress,
      payload: { organisation: 'Polder Logistics', username: 'planner', password },
    });

  it('lock the account for the address that failed, not for its owner elsewhere', async () => {
    await createUser(t, 'Polder Logistics', 'planner', 'USER');
    const stranger = '198.51.100.7';
    for (let i = 0; i < 5; i++) expect((await attempt(stranger, 'bad-guess')).statusCode).toBe(401);
    expect((await attempt(stranger, 'bad-guess')).statusCode).toBe(429);
    // the stranger is held off even with the right password …
    expect((await attempt(stranger, DEMO_PASSWORD)).statusCode).toBe(429);
    // … while the owner, from an address that has not failed, signs in
    expect((await attempt('203.0.113.20', DEMO_PASSWORD)).statusCode).toBe(200);
    // and a good sign-in there does not wipe the stranger's count
    expect((await attempt(stranger, DEMO_PASSWORD)).statusCode).toBe(429);
  });
});

describe('parallel guesses', () => {
  it('cannot beat the lockout: 60 at once (59 wrong, then the right one) get 5 tries, across two servers', async () => {
    await createUser(t, 'Polder Logistics', 'parallel', 'USER');
    // a second server on the same database, as another process would be: the count is shared
    const otherDb = createDb(t.databaseUrl, 4);
    const other = await buildApp({ config: t.config, db: otherDb });
    try {
      const attempt = (i: number, password: string) =>
        (i % 2 ? other : t.app).inject({
          method: 'POST',
          url: '/api/login',
          remoteAddress: '198.51.100.60',
          payload: { organisation: 'Polder Logistics', username: 'parallel', password },
        });
      const answers = await Promise.all([
        ...Array.from({ length: 59 }, (_, i) => attempt(i, `wrong-guess-${i}`)),
        attempt(59, DEMO_PASSWORD),
      ]);
      const statuses = answers.map((a) => a.statusCode);
      const count = (status: number) => statuses.filter((s) => s === status).length;
      // today: 59 × 401, then 200
      expect({ 401: count(401), 429: count(429), 200: count(200) }).toEqual({
        401: 5,
        429: 55,
        200: 0,
      });
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await other.close();
      await otherDb.destroy();
    }
  }, 120_000); // today's code checks all 60 passwords, slowly by design
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

/** Moves a spent refresh token's spending back past the grace, as if seconds had gone by. */
const pastGrace = (refreshToken: string) =>
  t.db
    .updateTable('refresh_tokens')
    .set({
      used_at: sql<Date>`used_at - make_interval(secs => ${t.config.refreshGraceSeconds + 1})`,
    })
    .where('token_hash', '=', hashRefreshToken(refreshToken))
    .execute();

describe('POST /api/refresh', () => {
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/refresh', payload: { refreshToken } });

  it('answers a new pair; the old token answers that same pair for the grace, then 401', async () => {
    const first = await t.login('integrator');
    const response = await refresh(first.refreshToken);
    expect(response.statusCode).toBe(200);
    const second = response.json();
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(decodeJwt(second.accessToken).user_role).toBe('INTEGRATOR');

    // a second tab that refreshed with the same token a moment later: the same pair, not another
    const again = await refresh(first.refreshToken);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(second);

    await pastGrace(first.refreshToken);
    const late = await refresh(first.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('INVALID_TOKEN');
  });

  it('revokes the whole family when a spent token is replayed after the grace', async () => {
    const first = await t.login('integrator');
    const second = (await refresh(first.refreshToken)).json();
    await pastGrace(first.refreshToken);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401); // replay
    expect((await refresh(second.refreshToken)).statusCode).toBe(401); // the thief's successor is dead too
  });

  it('gives two refreshes at once with one token the same pair, and the session lives on', async () => {
    const first = await t.login('manager');
    const answers = await Promise.all([refresh(first.refreshToken), refresh(first.refreshToken)]);
    // today: one 200, one 401 that revoked the family
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers[0]!.json()).toEqual(answers[1]!.json());
    const pair = answers[0]!.json<{ accessToken: string; refreshToken: string }>();
    const organisations = await t.app.inject({
      method: 'GET',
      url: '/api/organisations',
      headers: { authorization: `Bearer ${pair.accessToken}` },
    });
    expect(organisations.statusCode).toBe(200);
    expect((await refresh(pair.refreshToken)).statusCode).toBe(200);
  });

  it('keeps the repeated pair sealed: the database holds neither token of it', async () => {
    const first = await t.login('manager');
    const second = (await refresh(first.refreshToken)).json();
    const row = await t.db
      .selectFrom('refresh_tokens')
      .select('successor_sealed')
      .where('token_hash', '=', hashRefreshToken(first.refreshToken))
      .executeTakeFirstOrThrow();
    expect(row.successor_sealed).toEqual(expect.any(String));
    for (const secret of [second.refreshToken, second.accessToken.split('.')[1]])
      expect(row.successor_sealed).not.toContain(secret);
    // another token (a guess) does not open it
    expect((await refresh(`${first.refreshToken}x`)).statusCode).toBe(401);
  });

  it('ends the session on logout with a token spent within the grace', async () => {
    const first = await t.login('manager');
    const second = (await refresh(first.refreshToken)).json();
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refreshToken: first.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    expect((await refresh(second.refreshToken)).statusCode).toBe(401);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401);
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

describe('revoking a session reaches its access tokens', () => {
  const organisations = (accessToken: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/organisations',
      headers: { authorization: `Bearer ${accessToken}` },
    });
  const refresh = (refreshToken: string) =>
    t.app.inject({ method: 'POST', url: '/api/refresh', payload: { refreshToken } });

  it('carry the session id', async () => {
    const first = await t.login('manager');
    const second = (await refresh(first.refreshToken)).json();
    const sid = decodeJwt(first.accessToken).sid;
    expect(sid).toMatch(/^[0-9a-f-]{36}$/);
    expect(decodeJwt(second.accessToken).sid).toBe(sid);
    expect(decodeJwt((await t.login('manager')).accessToken).sid).not.toBe(sid);
  });

  it('after a replayed refresh token revokes the family', async () => {
    const first = await t.login('integrator');
    const second = (await refresh(first.refreshToken)).json();
    expect((await organisations(first.accessToken)).statusCode).toBe(200);
    expect((await organisations(second.accessToken)).statusCode).toBe(200);
    await pastGrace(first.refreshToken);
    expect((await refresh(first.refreshToken)).statusCode).toBe(401); // replay
    for (const token of [first.accessToken, second.accessToken]) {
      const response = await organisations(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe('INVALID_TOKEN');
    }
    // another session of the same user is not affected
    expect((await organisations((await t.login('integrator')).accessToken)).statusCode).toBe(200);
  });

  it('after logout', async () => {
    // not 'driver': an earlier test locked that account from this address
    const pair = await t.login('reseller');
    const other = await t.login('reseller');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refreshToken: pair.refreshToken },
    });
    expect(logout.statusCode).toBe(204);
    expect((await organisations(pair.accessToken)).json().code).toBe('INVALID_TOKEN');
    expect((await refresh(pair.refreshToken)).statusCode).toBe(401);
    expect((await organisations(other.accessToken)).statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refreshToken: 'nope' },
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('INVALID_TOKEN');
  });

  it('after the user is deleted', async () => {
    const id = await createUser(t, 'Demo Transport', 'leaver', 'USER');
    const pair = await signIn(t, 'Demo Transport', 'leaver');
    expect((await organisations(pair.accessToken)).statusCode).toBe(200);
    await t.db.deleteFrom('users').where('id', '=', id).execute();
    const response = await organisations(pair.accessToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });

  it("after a role change, without the old role's rights", async () => {
    const id = await createUser(t, 'Fleetwise OEM', 'demoted', 'OEM');
    const pair = await signIn(t, 'Fleetwise OEM', 'demoted');
    const parent = await t.organisationId('Fleetwise OEM');
    const create = (accessToken: string, name: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/organisations/${parent}`,
        headers: { authorization: `Bearer ${accessToken}` },
        payload: { name },
      });
    expect((await create(pair.accessToken, 'Made while OEM')).statusCode).toBe(201);
    await t.db.updateTable('users').set({ role: 'USER' }).where('id', '=', id).execute();
    const stale = await create(pair.accessToken, 'Made after the demotion');
    expect(stale.statusCode).toBe(401);
    // TOKEN_EXPIRED: the client refreshes once and carries on with the new role
    expect(stale.json().code).toBe('TOKEN_EXPIRED');
    const renewed = (await refresh(pair.refreshToken)).json();
    expect(decodeJwt(renewed.accessToken).user_role).toBe('USER');
    expect((await create(renewed.accessToken, 'Made after the demotion')).statusCode).toBe(403);
  });

  it('are refused without a session id, even when signed with our secret', async () => {
    const claims = { organisation_id: 1, user_id: 1, user_role: 'OEM' };
    const token = await sign(claims, t.config.jwtSecret!, '5m');
    const response = await organisations(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('INVALID_TOKEN');
  });
});

describe('the session cache', () => {
  let cached: TestApp;
  beforeAll(async () => {
    cached = await createTestApp({ SESSION_CACHE: '5' });
  });
  afterAll(() => {
    vi.useRealTimers();
    return cached.close();
  });

  it('lets a change made elsewhere reach the tokens within its few seconds', async () => {
    const id = await createUser(cached, 'Demo Transport', 'cached', 'USER');
    const pair = await signIn(cached, 'Demo Transport', 'cached');
    const call = () =>
      cached.app.inject({
        method: 'GET',
        url: '/api/organisations',
        headers: { authorization: `Bearer ${pair.accessToken}` },
      });
    expect((await call()).statusCode).toBe(200);
    await cached.db.deleteFrom('users').where('id', '=', id).execute();
    // within the cache's delay the process still trusts what it read …
    expect((await call()).statusCode).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 6000);
    // … and after it, no longer
    expect((await call()).statusCode).toBe(401);
  });

  it('forgets a session revoked by this process at once', async () => {
    vi.useRealTimers();
    const pair = await cached.login('manager');
    const call = () =>
      cached.app.inject({
        method: 'GET',
        url: '/api/organisations',
        headers: { authorization: `Bearer ${pair.accessToken}` },
      });
    expect((await call()).statusCode).toBe(200);
    await cached.app.inject({
      method: 'POST',
      url: '/api/logout',
      payload: { refreshToken: pair.refreshToken },
    });
    expect((await call()).statusCode).toBe(401);
  });
});
