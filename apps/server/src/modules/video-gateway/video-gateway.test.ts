import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssetMonitoring, DeviceCommand, DeviceMonitoring } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { findJanus } from './janus-process.repository.js';

/**
 * Live video with a real Janus, started by the server. On a machine without Janus this is
 * skipped, except in CI (CI=true), where it fails: CI installs Janus.
 */
const janusInstalled = findJanus('janus') !== undefined;
if (!janusInstalled && process.env.CI === 'true') {
  throw new Error(
    'Janus is not installed, but CI tests live video (apt install janus janus-tools)',
  );
}

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const until = async (check: () => Promise<boolean>, ms: number) => {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
};

describe.skipIf(!janusInstalled)('the video gateway (Janus run by the server)', () => {
  let t: TestApp;
  let credential: string;
  let assetId: number;

  beforeAll(async () => {
    t = await createTestApp({ JANUS: 'auto', JANUS_RTP_PORTS: '21000-21100' });
    await t.app.ready();
    const seed = fleetSeed(t);
    const demo = await t.organisationId('Demo Transport');
    const asset = await seed.asset(demo);
    const device = await seed.device(demo);
    await seed.deviceLink(asset.id, device.id, ago(86_400));
    await seed.applySettings(device.credential);
    credential = device.credential;
    assetId = asset.id;
  }, 60_000);
  afterAll(async () => {
    const pid = t.app.services.videoGateway.pid;
    await t.close();
    // No orphan: the Janus is gone with the server.
    if (pid) expect(() => process.kill(pid, 0)).toThrow();
  });

  const device = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/device-api/v1${url}`,
      headers: { authorization: `Bearer ${credential}` },
      ...(payload ? { payload } : {}),
    });

  const start = async () => {
    const requested = await t.as('manager', {
      method: 'POST',
      url: `/api/assets/${assetId}/assetmonitoringrequests`,
      payload: { liveFeed: true, liveFeedCameraMask: 3 },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const commands = (await device('GET', '/commands')).json<{ commands: DeviceCommand[] }>();
    const command = commands.commands.find((c) => c.kind === 'MONITORING_REQUEST')!;
    const started = await device('POST', '/monitorings', { commandId: command.id });
    expect(started.statusCode, started.body).toBe(201);
    await device('GET', '/commands'); // leaves nothing pending but a later MONITORING_END
    return started.json<DeviceMonitoring>();
  };

  it('reports the gateway up, and live video to the web', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({ videoGateway: 'up' });
    const config = await t.app.inject({ method: 'GET', url: '/api/client-config' });
    expect(config.json().liveVideo).toMatchObject({
      available: true,
      reason: null,
      gatewayPath: '/janus',
    });
  });

  it('makes a room with the pin at the start and destroys it at the end', async () => {
    const monitoring = await start();
    expect(monitoring.liveFeed).toMatchObject({ available: true, cameraMask: 3 });
    const { roomId, pin, gatewayUrl } = monitoring.liveFeed!;
    expect(gatewayUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/janus$/);
    expect(pin).toMatch(/^[\w-]{16}$/);
    const gateway = t.app.services.videoGateway;
    expect(await gateway.roomExists(roomId!)).toBe(true);

    const seen = await t.as('manager', {
      method: 'GET',
      url: `/api/assetmonitorings/${monitoring.id}`,
    });
    expect(seen.json<AssetMonitoring>().liveFeed).toMatchObject({
      available: true,
      roomId,
      joinPassphrase: pin,
      reason: null,
    });

    // The browser reaches Janus through the server with the monitoring token.
    const token = seen.json<AssetMonitoring>().accessToken;
    const session = await t.app.inject({
      method: 'POST',
      url: '/janus',
      payload: { janus: 'create', transaction: 'x', token },
    });
    expect(session.statusCode, session.body).toBe(200);
    expect(session.json()).toMatchObject({ janus: 'success', data: { id: expect.any(Number) } });
    const sessionId = session.json().data.id;
    const attached = await t.app.inject({
      method: 'POST',
      url: `/janus/${sessionId}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { janus: 'attach', plugin: 'janus.plugin.videoroom', transaction: 'y' },
    });
    expect(attached.json()).toMatchObject({ janus: 'success' });
    // Without the pin the room stays closed; and no one but the server makes rooms.
    const handle = attached.json().data.id;
    const create = await t.app.inject({
      method: 'POST',
      url: `/janus/${sessionId}/${handle}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { janus: 'message', transaction: 'z', body: { request: 'create', room: 4242 } },
    });
    expect(create.statusCode).toBe(403);
    expect(create.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await gateway.roomExists(4242)).toBe(false);
    const noToken = await t.app.inject({
      method: 'POST',
      url: `/janus/${sessionId}`,
      payload: { janus: 'keepalive' },
    });
    expect(noToken.statusCode).toBe(401);

    await t.as('manager', { method: 'PUT', url: `/api/assetmonitorings/${monitoring.id}/end` });
    await t.app.services.monitoringJobs.runJobs();
    expect(await gateway.roomExists(roomId!)).toBe(false);
    const ended = await t.as('manager', {
      method: 'GET',
      url: `/api/assetmonitorings/${monitoring.id}`,
    });
    expect(ended.json<AssetMonitoring>().liveFeed).toMatchObject({
      roomId: null,
      joinPassphrase: null,
      recordingsPending: 0,
      media: [],
    });
  });

  it('restarts Janus after it was killed, and makes the active rooms again', async () => {
    const monitoring = await start();
    const gateway = t.app.services.videoGateway;
    const pid = gateway.pid!;
    process.kill(pid, 'SIGKILL');
    expect(await until(async () => (await gateway.status()) === 'down', 3000)).toBe(true);
    expect(
      await until(
        async () =>
          gateway.pid !== undefined && gateway.pid !== pid && (await gateway.status()) === 'up',
        15_000,
      ),
    ).toBe(true);
    expect(await until(() => gateway.roomExists(monitoring.liveFeed!.roomId!), 5000)).toBe(true);
    await t.as('manager', { method: 'PUT', url: `/api/assetmonitorings/${monitoring.id}/end` });
    await t.app.services.monitoringJobs.runJobs();
  }, 30_000);
});
