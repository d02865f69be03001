import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let test: TestApp | undefined;
afterEach(() => test?.close());

describe('GET /api/client-config', () => {
  it('answers null without MAP_STYLE_URL, and needs no sign-in', async () => {
    test = await createTestApp();
    const response = await test.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ mapStyleUrl: null });
  });

  it('answers the fleet time zone, so the web shows the days the server cuts', async () => {
    test = await createTestApp({ TIMEZONE: 'America/New_York' });
    const response = await test.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json()).toMatchObject({ timeZone: 'America/New_York' });
  });

  it('answers the configured style URL', async () => {
    test = await createTestApp({ MAP_STYLE_URL: 'https://tiles.example.com/style.json' });
    const response = await test.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.json()).toMatchObject({ mapStyleUrl: 'https://tiles.example.com/style.json' });
  });
});

describe('GET /api/client-config and TURN', () => {
  const ICE = JSON.stringify([
    { urls: 'stun:stun.example.com:3478' },
    { urls: 'turn:turn.example.com:3478', username: 'fleet', credential: 'turn-password' },
  ]);

  it.each([
    ['static TURN credentials', { ICE_SERVERS: ICE }],
    ['a TURN secret', { ICE_SERVERS: ICE, TURN_SECRET: 'shared-with-coturn' }],
  ])('gives anonymous callers STUN only, never TURN (%s)', async (_, env) => {
    test = await createTestApp(env);
    const response = await test.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json().liveVideo.iceServers).toEqual([{ urls: 'stun:stun.example.com:3478' }]);
    expect(response.body).not.toMatch(/turn|password|credential/i);
  });
});
