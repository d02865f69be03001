import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * upgrade-insecure-requests and HSTS only for requests that came over HTTPS: over plain HTTP
 * at a network address the upgrade turned every script and style into an https:// address
 * nobody serves (a blank portal). Behind a reverse proxy (TRUST_PROXY) its X-Forwarded-Proto
 * says HTTPS, and its X-Forwarded-For is the client address the sign-in limits count.
 */

const health = (t: TestApp, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/health', headers });

const failedSignIn = (t: TestApp, from: string, attempt: number) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    headers: { 'x-forwarded-for': from },
    payload: {
      organisation: 'Demo Transport',
      username: `nobody${attempt}`,
      password: 'wrong-password',
    },
  });

describe('served directly (no TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LOGIN_MAX_PER_ADDRESS: '3' });
  }, 60_000);
  afterAll(() => t.close());

  it('over HTTP: a CSP without upgrade-insecure-requests, and no HSTS', async () => {
    const response = await health(t);
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it("a client's X-Forwarded-Proto and X-Forwarded-For are not believed", async () => {
    const response = await health(t, { 'x-forwarded-proto': 'https' });
    expect(response.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    // Every attempt counts against the real address, whatever the header claims.
    const statuses = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await failedSignIn(t, `198.51.100.${i}`, i)).statusCode);
    expect(statuses).toContain(429);
  });
});

describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: '127.0.0.1', LOGIN_MAX_PER_ADDRESS: '3' });
  }, 60_000);
  afterAll(() => t.close());

  it('a request the proxy took over HTTPS gets upgrade-insecure-requests and HSTS', async () => {
    const response = await health(t, { 'x-forwarded-proto': 'https' });
    expect(response.headers['content-security-policy']).toMatch(/;upgrade-insecure-requests$/);
    expect(response.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('one it took over HTTP does not', async () => {
    for (const headers of [{ 'x-forwarded-proto': 'http' }, {}]) {
      const response = await health(t, headers);
      expect(response.headers['content-security-policy']).not.toContain(
        'upgrade-insecure-requests',
      );
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it("the sign-in limits count the proxy's client address, not the proxy's", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push((await failedSignIn(t, '203.0.113.7', i)).statusCode);
    expect(statuses.slice(-1)).toEqual([429]);
    // Another client behind the same proxy is not locked out by the first.
    expect((await failedSignIn(t, '203.0.113.8', 99)).statusCode).toBe(401);
  });
});
