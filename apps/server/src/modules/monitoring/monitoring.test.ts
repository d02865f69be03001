import { createHmac } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  AssetMonitoring,
  AssetMonitoringRequest,
  DeviceCommand,
  DeviceMonitoring,
} from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/** Monitoring through the API: requests, the device's side, ending, tokens and the alarm. */
let t: TestApp;
const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();

interface Vehicle {
  asset: number;
  device: number;
  driver: number;
  credential: string;
}
let demo: number;
let seed: ReturnType<typeof fleetSeed>;
let polderVehicle: Vehicle;

const vehicle = async (organisationId: number): Promise<Vehicle> => {
  const asset = await seed.asset(organisationId);
  const device = await seed.device(organisationId);
  await seed.deviceLink(asset.id, device.id, ago(2 * 86_400));
  const driver = await seed.driver(organisationId);
  await seed.driverLink(asset.id, driver.id, ago(2 * 86_400));
  await seed.applySettings(device.credential);
  return { asset: asset.id, device: device.id, driver: driver.id, credential: device.credential };
};

beforeAll(async () => {
  // The control room's receivers of this file listen on 127.0.0.1: an on-premise control room,
  // allowed as an operator allows one. 127.0.0.2 (loopback too) stays refused.
  t = await createTestApp({ OUTBOUND_ALLOW: '127.0.0.1' });
  seed = fleetSeed(t);
  demo = await t.organisationId('Demo Transport');
  polderVehicle = await vehicle(await t.organisationId('Polder Logistics'));
}, 60_000);
afterAll(() => t.close());

const ask = (user: string, assetId: number, payload: object = {}) =>
  t.as(user, { method: 'POST', url: `/api/assets/${assetId}/assetmonitoringrequests`, payload });

const device = (v: Vehicle, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/device-api/v1${url}`,
    headers: { authorization: `Bearer ${v.credential}` },
    ...(payload ? { payload } : {}),
  });

const withToken = (token: string, method: 'GET' | 'PUT', url: string) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

/** Request → the device takes the command → starts the monitoring. */
async function started(v: Vehicle, payload: object = { liveFeed: false }) {
  const requested = await ask('manager', v.asset, payload);
  expect(requested.statusCode, requested.body).toBe(201);
  const polled = await device(v, 'GET', '/commands');
  const command = polled
    .json<{ commands: DeviceCommand[] }>()
    .commands.find((c) => c.kind === 'MONITORING_REQUEST')!;
  expect(command.payload).toMatchObject({
    monitoringRequestId: requested.json<AssetMonitoringRequest>().id,
  });
  const start = await device(v, 'POST', '/monitorings', { commandId: command.id });
  expect(start.statusCode, start.body).toBe(201);
  return {
    command,
    request: requested.json<AssetMonitoringRequest>(),
    monitoring: start.json<DeviceMonitoring>(),
  };
}

const get = async (user: string, id: number) => {
  const response = await t.as(user, { method: 'GET', url: `/api/assetmonitorings/${id}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AssetMonitoring>();
};

describe('a monitoring request', () => {
  it('is refused when out of bounds, for another asset, or with cameras but no live feed', async () => {
    const v = await vehicle(demo);
    for (const [payload, message] of [
      [{ tracingFrequency: 0 }, /tracingFrequency/],
      [{ tracingFrequency: 61 }, /tracingFrequency/],
      [{ tracingFrequency: 2.5 }, /tracingFrequency/],
      [{ liveFeedCameraMask: 32 }, /liveFeedCameraMask/],
      [{ liveFeed: false, liveFeedCameraMask: 3 }, /liveFeed is off/],
      [{ assetId: v.asset + 1000 }, /is not the asset/],
      [{ liveFeed: 'yes' }, /liveFeed/],
      [{ zz: 1 }, /zz|additional|unknown/i],
    ] as const) {
      const response = await ask('manager', v.asset, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::integer AS n FROM asset_monitoring_requests WHERE asset_id = ${v.asset}`.execute(
      t.db,
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('takes the defaults (5 s, live feed on, the configured cameras) and waits for the device', async () => {
    const v = await vehicle(demo);
    const response = await ask('manager', v.asset, { assetId: v.asset });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      assetId: v.asset,
      deviceId: v.device,
      tracingFrequency: 5,
      liveFeed: true,
      liveFeedCameraMask: 0,
      state: 'PENDING',
      monitoringId: null,
      requestedBy: 'Marit de Vries',
    });
    expect(response.json().syncedWithDevice).toBeUndefined();
    // A second one while it is pending: 409, nothing stored.
    const again = await ask('manager', v.asset, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('CONFLICT');
    // Many at once: exactly one more after the first expires.
    await sql`UPDATE device_commands SET created_at = now() - interval '1 hour', expires_at = now() - interval '1 second'
               WHERE device_id = ${v.device}`.execute(t.db);
    const burst = await Promise.all(Array.from({ length: 6 }, () => ask('manager', v.asset, {})));
    expect(burst.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const list = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${v.asset}/assetmonitoringrequests`,
    });
    expect(list.json<AssetMonitoringRequest[]>().map((r) => r.state)).toEqual([
      'PENDING',
      'EXPIRED',
    ]);
  });

  it('needs a device fitted now', async () => {
    const bare = await seed.asset(demo);
    const response = await ask('manager', bare.id, {});
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/No device/);
  });

  it('is not for DRIVER (403), and another organisation’s asset is missing (404)', async () => {
    const v = await vehicle(demo);
    expect((await ask('driver', v.asset, {})).statusCode).toBe(403);
    const list = await t.as('driver', {
      method: 'GET',
      url: `/api/assets/${v.asset}/assetmonitorings`,
    });
    expect(list.statusCode).toBe(403);
    const outside = await ask('manager', polderVehicle.asset, {});
    expect(outside.statusCode).toBe(404);
    expect(outside.json().message).toBe(`Asset ${polderVehicle.asset} does not exist`);
    expect((await ask('reseller', polderVehicle.asset, { liveFeed: false })).statusCode).toBe(201);
  });
});

describe('the flow', () => {
  it('request → command → ack → start → positions → the portal ends it → the device hears', async () => {
    const v = await vehicle(demo);
    const requested = await ask('manager', v.asset, {
      tracingFrequency: 2,
      liveFeed: true,
      liveFeedCameraMask: 3,
    });
    const polled = await device(v, 'GET', '/commands');
    const command = polled.json<{ commands: DeviceCommand[] }>().commands[0]!;
    expect(command).toMatchObject({
      kind: 'MONITORING_REQUEST',
      payload: {
        monitoringRequestId: requested.json().id,
        tracingFrequency: 2,
        liveFeed: true,
        liveFeedCameraMask: 3,
      },
    });
    expect((await device(v, 'POST', `/commands/${command.id}/ack`)).statusCode).toBe(204);
    const synced = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${v.asset}/assetmonitoringrequests`,
    });
    expect(synced.json()[0].syncedWithDevice).toEqual(expect.any(String));

    const start = await device(v, 'POST', '/monitorings', { commandId: command.id });
    expect(start.statusCode, start.body).toBe(201);
    const monitoring = start.json<DeviceMonitoring>();
    // No gateway on this test server: the live feed says so, the monitoring runs.
    expect(monitoring).toMatchObject({ tracingFrequency: 2, ended: false });
    expect(monitoring.liveFeed).toMatchObject({
      available: false,
      gatewayUrl: null,
      pin: null,
      cameraMask: 3,
    });
    expect(monitoring.liveFeed!.reason).toMatch(/unavailable|off/i);
    // Starting again answers the same monitoring.
    const again = await device(v, 'POST', '/monitorings', { commandId: command.id });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(monitoring.id);

    const positions = [0, 2, 4].map((s) => ({
      timestamp: ago(10 - s),
      location: { latitude: 5209031 + s * 10, longitude: 511945 },
      speed: 50,
      heading: 90,
    }));
    const sent = await device(v, 'POST', `/monitorings/${monitoring.id}/positions`, { positions });
    expect(sent.json()).toEqual({ stored: 3, ended: false, tracingFrequency: 2 });
    const repeated = await device(v, 'POST', `/monitorings/${monitoring.id}/positions`, {
      positions,
    });
    expect(repeated.json()).toMatchObject({ stored: 0 });

    const active = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${v.asset}/assetmonitorings/active`,
    });
    expect(active.statusCode).toBe(200);
    const seen = active.json<AssetMonitoring>();
    const driver = await t.db
      .selectFrom('drivers')
      .select(['first_name', 'last_name'])
      .where('id', '=', v.driver)
      .executeTakeFirstOrThrow();
    expect(seen).toMatchObject({
      id: monitoring.id,
      assetId: v.asset,
      deviceId: v.device,
      driverId: v.driver,
      driverName: `${driver.first_name} ${driver.last_name}`,
      deviceName: 'Camera',
      controlRoomAlarm: { controlRoomIdentifier: null, webhook: { state: 'NONE', attempts: 0 } },
      liveFeed: { available: false, roomId: null, media: [], cameraMask: 3 },
    });
    expect(seen.end).toBeUndefined();
    expect(seen.dataPoints.map((p) => p.location.latitude)).toEqual([5209031, 5209051, 5209071]);
    expect(seen.accessToken).toMatch(/^ey/);
    const byDriver = await t.as('manager', {
      method: 'GET',
      url: `/api/drivers/${v.driver}/assetmonitorings`,
    });
    expect(byDriver.json<AssetMonitoring[]>().map((m) => m.id)).toEqual([monitoring.id]);
    expect((await ask('manager', v.asset, {})).statusCode).toBe(409);

    const ended = await t.as('manager', {
      method: 'PUT',
      url: `/api/assetmonitorings/${monitoring.id}/end`,
    });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ endedBy: 'USER', end: expect.any(String) });
    // Ending again changes nothing.
    const twice = await t.as('manager', {
      method: 'PUT',
      url: `/api/assetmonitorings/${monitoring.id}/end`,
    });
    expect(twice.json().end).toBe(ended.json().end);
    // The device hears it twice: a command, and the answer to its next call.
    const end = (await device(v, 'GET', '/commands')).json<{ commands: DeviceCommand[] }>()
      .commands;
    expect(end).toMatchObject([
      { kind: 'MONITORING_END', payload: { monitoringId: monitoring.id } },
    ]);
    const late = await device(v, 'POST', `/monitorings/${monitoring.id}/positions`, { positions });
    expect(late.json()).toMatchObject({ stored: 0, ended: true });
    expect((await device(v, 'GET', `/monitorings/${monitoring.id}`)).json()).toMatchObject({
      ended: true,
    });
    const none = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${v.asset}/assetmonitorings/active`,
    });
    expect(none.statusCode).toBe(404);
    const request = (
      await t.as('manager', {
        method: 'GET',
        url: `/api/assets/${v.asset}/assetmonitoringrequests`,
      })
    ).json()[0];
    expect(request).toMatchObject({ state: 'ENDED', monitoringId: monitoring.id });
    // The asset is free again.
    expect((await ask('manager', v.asset, {})).statusCode).toBe(201);
  });

  it('the device ends it: no command back', async () => {
    const v = await vehicle(demo);
    const { monitoring } = await started(v);
    const end = await device(v, 'PUT', `/monitorings/${monitoring.id}/end`);
    expect(end.json()).toMatchObject({ ended: true });
    expect((await get('manager', monitoring.id)).endedBy).toBe('DEVICE');
    expect((await device(v, 'GET', '/commands')).json().commands).toEqual([]);
  });

  it('ends by itself at the maximum duration (the periodic check)', async () => {
    const v = await vehicle(demo);
    const { monitoring } = await started(v);
    const first = await get('manager', monitoring.id);
    expect(Date.parse(first.maxEnd) - Date.parse(first.start)).toBeCloseTo(60 * 60_000, -4);
    await sql`UPDATE asset_monitorings SET start_at = now() - interval '2 hours',
                max_end_at = now() - interval '1 hour' WHERE id = ${monitoring.id}`.execute(t.db);
    expect(await t.app.services.monitoringJobs.endOverdue()).toBe(1);
    const ended = await get('manager', monitoring.id);
    expect(ended).toMatchObject({
      endedBy: 'MAX_DURATION',
      end: first.maxEnd === ended.maxEnd ? expect.any(String) : expect.any(String),
    });
    expect(ended.end).toBe(ended.maxEnd);
    expect(await t.app.services.monitoringJobs.endOverdue()).toBe(0);
  });

  it('a device cannot start, trace or end another device’s monitoring, nor a media command', async () => {
    const v = await vehicle(demo);
    const other = await vehicle(demo);
    const { command, monitoring } = await started(v);
    expect(
      (await device(other, 'POST', '/monitorings', { commandId: command.id })).statusCode,
    ).toBe(404);
    expect((await device(other, 'GET', `/monitorings/${monitoring.id}`)).statusCode).toBe(404);
    expect((await device(other, 'PUT', `/monitorings/${monitoring.id}/end`)).statusCode).toBe(404);
    const future = await device(v, 'POST', `/monitorings/${monitoring.id}/positions`, {
      positions: [
        {
          timestamp: new Date(Date.now() + 3_600_000).toISOString(),
          location: { latitude: 1, longitude: 1 },
        },
      ],
    });
    expect(future.statusCode).toBe(400);
    expect((await get('manager', monitoring.id)).end).toBeUndefined();
  });

  it('a request the device refuses frees the asset', async () => {
    const v = await vehicle(demo);
    await ask('manager', v.asset, {});
    const command = (await device(v, 'GET', '/commands')).json().commands[0];
    await device(v, 'POST', `/commands/${command.id}/result`, {
      status: 'FAILED',
      reason: 'no cameras',
    });
    const list = (
      await t.as('manager', {
        method: 'GET',
        url: `/api/assets/${v.asset}/assetmonitoringrequests`,
      })
    ).json();
    expect(list[0]).toMatchObject({ state: 'FAILED', reason: 'no cameras' });
    const start = await device(v, 'POST', '/monitorings', { commandId: command.id });
    expect(start.statusCode).toBe(409);
    expect((await ask('manager', v.asset, {})).statusCode).toBe(201);
  });
});

describe('the monitoring token', () => {
  let own: number;
  let otherMonitoring: number;
  let token: string;
  let vehicleOfOwn: Vehicle;

  beforeAll(async () => {
    vehicleOfOwn = await vehicle(demo);
    own = (await started(vehicleOfOwn)).monitoring.id;
    otherMonitoring = (await started(await vehicle(demo))).monitoring.id;
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/assetmonitorings/${own}/token`,
    });
    expect(response.statusCode).toBe(200);
    token = response.json().accessToken;
  });

  it('opens its own monitoring, not another; a user token is no monitoring token', async () => {
    const mine = await withToken(token, 'GET', `/api/assetmonitorings/${own}`);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(mine.json()).toMatchObject({ id: own, assetId: vehicleOfOwn.asset });
    const other = await withToken(token, 'GET', `/api/assetmonitorings/${otherMonitoring}`);
    expect(other.statusCode).toBe(404);
    expect(
      (await withToken(token, 'PUT', `/api/assetmonitorings/${otherMonitoring}/end`)).statusCode,
    ).toBe(404);
    expect((await withToken(token, 'GET', `/api/assetmonitorings/${own}/token`)).statusCode).toBe(
      401,
    );
    // A tampered token.
    const [h, p, s] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ monitoring_id: otherMonitoring, aud: 'fleetwise-monitoring' })).toString('base64url')}.${s}`;
    expect(
      (await withToken(forged, 'GET', `/api/assetmonitorings/${otherMonitoring}`)).statusCode,
    ).toBe(401);
    expect(p).toBeTruthy();
    // The DRIVER role may not read monitorings with its session.
    expect(
      (await t.as('driver', { method: 'GET', url: `/api/assetmonitorings/${own}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.as('driver', { method: 'GET', url: `/api/assetmonitorings/${own}/token` }))
        .statusCode,
    ).toBe(403);
  });

  it('is refused (401) by every other route of every base', async () => {
    const docs = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{
      paths: Record<string, Record<string, { security?: unknown[] }>>;
    }>();
    const viewRoutes = [
      'GET /api/assetmonitorings/{id}',
      'PUT /api/assetmonitorings/{id}/end',
      'POST /api/assetmonitorings/{id}/enhancevideo',
      'GET /api/geocode',
      'GET /api/assetmonitorings/{id}/media/{mediaId}/download',
    ];
    const failures: string[] = [];
    let checked = 0;
    for (const [path, operations] of Object.entries(docs.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        if (Array.isArray(operation.security) && operation.security.length === 0) continue; // public
        const route = `${method.toUpperCase()} ${path}`;
        if (viewRoutes.includes(route)) continue;
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'id' ? String(own) : '1',
        );
        const response = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: `${url}${url.includes('from') ? '' : '?from=2026-11-01T00:00:00Z&until=2026-11-02T00:00:00Z'}`,
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          payload: method === 'get' ? undefined : '{}',
        });
        checked++;
        if (response.statusCode !== 401) failures.push(`${route} → ${response.statusCode}`);
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(failures).toEqual([]);
    // The Janus proxy (not in the document) takes it; without a gateway it says so.
    const proxy = await t.app.inject({
      method: 'POST',
      url: '/janus',
      payload: { janus: 'create', token },
    });
    expect(proxy.statusCode).toBe(404);
    expect(proxy.json().message).toMatch(/off|unavailable/i);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/janus',
      payload: { janus: 'create' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it("asks the device to enhance a camera of its own monitoring ('Enhance video')", async () => {
    const v = await vehicle(demo);
    const { monitoring } = await started(v, { liveFeed: true, liveFeedCameraMask: 3 });
    const viewToken = (
      await t.as('manager', { method: 'GET', url: `/api/assetmonitorings/${monitoring.id}/token` })
    ).json().accessToken as string;
    const enhance = (bearer: string, id: number, payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/assetmonitorings/${id}/enhancevideo`,
        headers: { authorization: `Bearer ${bearer}` },
        payload,
      });
    expect((await enhance(viewToken, monitoring.id, { camera: 2 })).statusCode).toBe(202);
    // The view's addresses: reverse geocoding takes the token.
    const place = await withToken(
      viewToken,
      'GET',
      '/api/geocode?latitude=5209031&longitude=511945',
    );
    expect(place.statusCode, place.body).toBe(200);
    const commands = (await device(v, 'GET', '/commands')).json<{ commands: DeviceCommand[] }>()
      .commands;
    expect(commands).toEqual([
      expect.objectContaining({
        kind: 'MONITORING_ENHANCE',
        payload: { monitoringId: monitoring.id, camera: 2, seconds: 60 },
      }),
    ]);
    for (const [bearer, id, payload, status] of [
      [viewToken, monitoring.id, { camera: 4 }, 400], // not a camera of the feed
      [viewToken, monitoring.id, { camera: 3 }, 400], // not one camera
      [viewToken, monitoring.id, {}, 400],
      [viewToken, otherMonitoring, { camera: 1 }, 404], // another monitoring
      [token, monitoring.id, { camera: 1 }, 404], // another monitoring's token
    ] as const) {
      expect((await enhance(bearer, id, payload)).statusCode, JSON.stringify(payload)).toBe(status);
    }
    expect(
      (
        await t.as('driver', {
          method: 'POST',
          url: `/api/assetmonitorings/${monitoring.id}/enhancevideo`,
          payload: { camera: 1 },
        })
      ).statusCode,
    ).toBe(403);
    await withToken(viewToken, 'PUT', `/api/assetmonitorings/${monitoring.id}/end`);
    expect((await enhance(viewToken, monitoring.id, { camera: 1 })).statusCode).toBe(409);
  });

  it('ends its monitoring, works for a while after the end, then not', async () => {
    const ended = await withToken(token, 'PUT', `/api/assetmonitorings/${own}/end`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toMatchObject({ endedBy: 'TOKEN' });
    expect((await withToken(token, 'GET', `/api/assetmonitorings/${own}`)).statusCode).toBe(200);
    await sql`UPDATE asset_monitorings SET start_at = now() - interval '30 hours',
                end_at = now() - interval '25 hours' WHERE id = ${own}`.execute(t.db);
    const expired = await withToken(token, 'GET', `/api/assetmonitorings/${own}`);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('TOKEN_EXPIRED');
    // The user still reads it.
    expect(
      (await t.as('manager', { method: 'GET', url: `/api/assetmonitorings/${own}` })).statusCode,
    ).toBe(200);
  });
});

describe('the control room alarm', () => {
  it('is posted signed, retried after a failure, and its state shows on the monitoring', async () => {
    const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const receiver = http.createServer((request, response) => {
      let body = '';
      request.on('data', (c: Buffer) => (body += c.toString()));
      request.on('end', () => {
        received.push({ headers: request.headers, body });
        response.statusCode = received.length === 1 ? 503 : 204;
        response.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const port = (receiver.address() as AddressInfo).port;
    try {
      const polder = await t.organisationId('Polder Logistics');
      const secret = 'a-secret-of-the-control-room';
      const saved = await t.as('reseller', {
        method: 'POST',
        url: `/api/organisations/${polder}/settings`,
        payload: {
          controlRoomIdentifier: 'CR-NORTH-7',
          alarmWebhookUrl: `http://127.0.0.1:${port}/alarms`,
          alarmWebhookSecret: secret,
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const v = await vehicle(polder);
      const requested = await t.as('reseller', {
        method: 'POST',
        url: `/api/assets/${v.asset}/assetmonitoringrequests`,
        payload: { liveFeed: false },
      });
      const command = (await device(v, 'GET', '/commands')).json().commands[0];
      const { id } = (await device(v, 'POST', '/monitorings', { commandId: command.id })).json();
      expect(requested.statusCode).toBe(201);

      await t.app.services.monitoringJobs.deliverAlarms();
      let seen = await get('reseller', id);
      expect(seen.controlRoomAlarm).toMatchObject({
        controlRoomIdentifier: 'CR-NORTH-7',
        webhook: {
          state: 'PENDING',
          attempts: 1,
          lastOutcome: 'NOT_ACCEPTED',
          lastError: 'The control room did not accept the alarm',
          deliveredAt: null,
        },
      });
      // Not due yet: nothing is posted.
      await t.app.services.monitoringJobs.deliverAlarms();
      expect(received).toHaveLength(1);
      await sql`UPDATE asset_monitorings SET webhook_next_at = now() WHERE id = ${id}`.execute(
        t.db,
      );
      await t.app.services.monitoringJobs.deliverAlarms();
      seen = await get('reseller', id);
      expect(seen.controlRoomAlarm.webhook).toMatchObject({
        state: 'DELIVERED',
        attempts: 2,
        lastOutcome: 'DELIVERED',
        lastError: null,
      });
      expect(received).toHaveLength(2);

      const last = received[1]!;
      const expected = `sha256=${createHmac('sha256', secret).update(last.body).digest('hex')}`;
      expect(last.headers['x-fleetwise-signature']).toBe(expected);
      expect(last.headers['content-type']).toBe('application/json');
      const alarm = JSON.parse(last.body);
      expect(alarm).toMatchObject({
        type: 'MONITORING_STARTED',
        controlRoomIdentifier: 'CR-NORTH-7',
        monitoring: { id },
        asset: { id: v.asset },
        device: { id: v.device },
      });
      const link = new URL(alarm.monitoringViewUrl);
      expect(link.pathname).toBe('/monitoring');
      const viewed = await withToken(
        link.searchParams.get('t')!,
        'GET',
        `/api/assetmonitorings/${id}`,
      );
      expect(viewed.statusCode).toBe(200);
    } finally {
      receiver.close();
    }
  });

  /** A receiver that counts what reaches it, on a loopback address. */
  async function receiver(host: string) {
    const hits: string[] = [];
    const server = http.createServer((request, response) => {
      hits.push(request.url ?? '');
      response.statusCode = 400;
      response.end('INTERNAL-ONLY db_password=hunter2');
    });
    await new Promise<void>((r) => server.listen(0, host, r));
    const url = `http://${host}:${(server.address() as AddressInfo).port}/alarms`;
    return { hits, url, close: () => new Promise((r) => server.close(r)) };
  }

  /** A monitoring of a new Polder vehicle whose organisation's webhook is `url`, as stored. */
  async function monitoringWithWebhook(url: string) {
    const polder = await t.organisationId('Polder Logistics');
    // Written as it is: a URL saved before the rule, or a name that resolves elsewhere now.
    await sql`INSERT INTO organisation_settings (organisation_id, alarm_webhook_url)
              VALUES (${polder}, ${url}) ON CONFLICT (organisation_id)
              DO UPDATE SET alarm_webhook_url = excluded.alarm_webhook_url`.execute(t.db);
    const v = await vehicle(polder);
    const requested = await t.as('reseller', {
      method: 'POST',
      url: `/api/assets/${v.asset}/assetmonitoringrequests`,
      payload: { liveFeed: false },
    });
    expect(requested.statusCode, requested.body).toBe(201);
    const command = (await device(v, 'GET', '/commands')).json().commands[0];
    const { id } = (await device(v, 'POST', '/monitorings', { commandId: command.id })).json();
    return id as number;
  }

  it('is refused for an address that is not allowed, at the save and at every delivery', async () => {
    const target = await receiver('127.0.0.2');
    try {
      const polder = await t.organisationId('Polder Logistics');
      const saved = await t.as('reseller', {
        method: 'POST',
        url: `/api/organisations/${polder}/settings`,
        payload: { alarmWebhookUrl: target.url },
      });
      expect(saved.statusCode, saved.body).toBe(400);
      expect(saved.json().message).toMatch(/^alarmWebhookUrl is not an allowed destination/);

      const id = await monitoringWithWebhook(target.url);
      await t.app.services.monitoringJobs.deliverAlarms();
      const response = await t.as('reseller', {
        method: 'GET',
        url: `/api/assetmonitorings/${id}`,
      });
      expect(response.json<AssetMonitoring>().controlRoomAlarm.webhook).toMatchObject({
        state: 'FAILED',
        attempts: 1,
        lastOutcome: 'ADDRESS_NOT_ALLOWED',
        lastError: 'Refused: the address is not allowed',
      });
      expect(target.hits).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('tells what happened in words, never a status code or a network error', async () => {
    const answering = await receiver('127.0.0.1');
    const closed = await receiver('127.0.0.1');
    await closed.close();
    try {
      // One at a time: the webhook is the organisation's.
      const rejected = await monitoringWithWebhook(answering.url);
      await t.app.services.monitoringJobs.deliverAlarms();
      const unanswered = await monitoringWithWebhook(closed.url);
      await t.app.services.monitoringJobs.deliverAlarms();
      expect(answering.hits).toHaveLength(1);
      const words: Record<number, string> = {
        [rejected]: 'The control room did not accept the alarm',
        [unanswered]: 'The control room did not answer',
      };
      for (const id of [rejected, unanswered]) {
        const reseller = await t.as('reseller', {
          method: 'GET',
          url: `/api/assetmonitorings/${id}`,
        });
        expect(reseller.json<AssetMonitoring>().controlRoomAlarm.webhook.lastError).toBe(words[id]);
        expect(reseller.body).not.toMatch(/ECONN|UND_ERR|HTTP \d|\b400\b|INTERNAL-ONLY|socket/i);
      }
    } finally {
      await answering.close();
    }
  });
});
