import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type {
  CommandBatch,
  Device,
  MediaRequest,
  MediaRequestCommand,
  RequestedMedia,
} from '@fleet/contract';
import { buildApp } from '../../app.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { EXPIRED_REASON, NOT_SENT_REASON } from '../media-requests/index.js';
import { multipart, testJpeg } from '../../test/media-test-files.js';

/** The device flow: a request reaches a device through the channel and is answered. */
let t: TestApp;
let seed: ReturnType<typeof fleetSeed>;
let demo: number;

const ago = (seconds: number) => new Date(Date.now() - seconds * 1000).toISOString();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A minimal device: its credential and the calls of docs/device-protocol.md. */
function deviceClient(credential: string, app = t.app) {
  const headers = { authorization: `Bearer ${credential}` };
  return {
    upload: (fields: Record<string, string | number>, jpeg: Buffer) => {
      const body = multipart(fields, {
        filename: 'front.jpg',
        contentType: 'image/jpeg',
        data: jpeg,
      });
      return app.inject({
        method: 'POST',
        url: '/device-api/v1/media',
        headers: { ...headers, ...body.headers },
        payload: body.payload,
      });
    },
    // Fitting a device sends it its settings (CONFIGURATION, issue 10): this device applies
    // them at once and polls again, so the tests here see only the commands they made.
    poll: async (wait = 0) => {
      for (;;) {
        const response = await app.inject({
          method: 'GET',
          url: '/device-api/v1/commands',
          query: { wait: String(wait) },
          headers,
        });
        expect(response.statusCode, response.body).toBe(200);
        const commands = response.json<CommandBatch>().commands;
        const settings = commands.filter((c) => c.kind === 'CONFIGURATION');
        for (const c of settings) {
          await app.inject({
            method: 'POST',
            url: `/device-api/v1/commands/${c.id}/result`,
            headers,
            payload: { status: 'DONE' },
          });
        }
        if (!settings.length || settings.length < commands.length) {
          return commands.filter((c) => c.kind !== 'CONFIGURATION');
        }
      }
    },
    send: (commandId: number, what: 'ack' | 'progress' | 'result', payload?: object) =>
      app.inject({
        method: 'POST',
        url: `/device-api/v1/commands/${commandId}/${what}`,
        headers,
        ...(payload ? { payload } : {}),
      }),
  };
}

/** An asset with a device fitted two days ago. */
async function fittedVehicle() {
  const asset = await seed.asset(demo);
  const device = await seed.device(demo);
  await seed.deviceLink(asset.id, device.id, ago(2 * 86_400));
  return { assetId: asset.id, deviceId: device.id, device: deviceClient(device.credential) };
}

async function ask(assetId: number, cameraMask = 3): Promise<MediaRequest> {
  const response = await t.as('manager', {
    method: 'POST',
    url: `/api/assets/${assetId}/mediarequests`,
    payload: { mediaType: 'VIDEO', duration: 10, cameraMask, mediaTimestamp: ago(120) },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaRequest>();
}

async function medias(requestId: number) {
  const response = await t.as('manager', {
    method: 'GET',
    url: `/api/mediarequests/${requestId}/medias`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<RequestedMedia[]>().map(({ camera, availability, reason }) => ({
    camera,
    availability,
    reason,
  }));
}

async function request(assetId: number, requestId: number) {
  const response = await t.as('manager', {
    method: 'GET',
    url: `/api/assets/${assetId}/mediarequests`,
  });
  return response.json<MediaRequest[]>().find((r) => r.id === requestId)!;
}

beforeAll(async () => {
  t = await createTestApp();
  seed = fleetSeed(t);
  demo = await t.organisationId('Demo Transport');
});
afterAll(() => t?.close());

describe('a media request through the channel', () => {
  it('reaches the device, is acknowledged, answered per camera and finished', async () => {
    const { assetId, device } = await fittedVehicle();
    const asked = await ask(assetId);

    const [command, ...rest] = await device.poll();
    expect(rest).toEqual([]);
    expect(command).toMatchObject({ kind: 'MEDIA_REQUEST', expiresAt: asked.expiresAt });
    expect(command!.payload as MediaRequestCommand).toEqual({
      mediaRequestId: asked.id,
      mediaType: 'VIDEO',
      duration: 10,
      cameraMask: 3,
      mediaTimestamp: asked.mediaTimestamp,
      priority: 'USER',
    });
    // Handed out but not acknowledged: still pending, handed out again.
    expect((await device.poll()).map((c) => c.id)).toEqual([command!.id]);
    expect((await request(assetId, asked.id)).syncedWithDevice).toBeUndefined();

    expect((await device.send(command!.id, 'ack')).statusCode).toBe(204);
    const synced = (await request(assetId, asked.id)).syncedWithDevice;
    expect(synced).toEqual(expect.any(String));
    expect((await device.send(command!.id, 'ack')).statusCode).toBe(204);
    expect((await request(assetId, asked.id)).syncedWithDevice).toBe(synced);
    expect(await device.poll()).toEqual([]);
    expect(await medias(asked.id)).toEqual([
      { camera: 1, availability: 'SENT', reason: null },
      { camera: 2, availability: 'SENT', reason: null },
    ]);

    const progress = await device.send(command!.id, 'progress', {
      cameras: [{ camera: 2, availability: 'NOT_AVAILABLE', reason: 'no rear camera fitted' }],
    });
    expect(progress.statusCode, progress.body).toBe(204);
    const unasked = await device.send(command!.id, 'progress', {
      cameras: [{ camera: 4, availability: 'UPLOADING' }],
    });
    expect(unasked.statusCode).toBe(400);
    expect(unasked.json().message).toMatch(/Camera 4 was not requested/);
    await device.send(command!.id, 'progress', {
      cameras: [{ camera: 1, availability: 'UPLOADING' }],
    });
    expect(await medias(asked.id)).toEqual([
      { camera: 1, availability: 'UPLOADING', reason: null },
      { camera: 2, availability: 'NOT_AVAILABLE', reason: 'no rear camera fitted' },
    ]);
    expect((await request(assetId, asked.id)).settled).toBe(false);

    expect((await device.send(command!.id, 'result', { status: 'DONE' })).statusCode).toBe(204);
    const closed = [
      { camera: 1, availability: 'FAILED', reason: NOT_SENT_REASON },
      { camera: 2, availability: 'NOT_AVAILABLE', reason: 'no rear camera fitted' },
    ];
    expect(await medias(asked.id)).toEqual(closed);
    expect((await request(assetId, asked.id)).settled).toBe(true);
    // The first result stays; a late progress changes nothing that is closed.
    await device.send(command!.id, 'result', { status: 'FAILED', reason: 'second thoughts' });
    await device.send(command!.id, 'progress', {
      cameras: [{ camera: 1, availability: 'UPLOADING' }],
    });
    expect(await medias(asked.id)).toEqual(closed);
  });

  it('an uploaded picture makes its camera AVAILABLE, with a medium one can download', async () => {
    const { assetId, device } = await fittedVehicle();
    const response = await t.as('manager', {
      method: 'POST',
      url: `/api/assets/${assetId}/mediarequests`,
      payload: { mediaType: 'PICTURE', cameraMask: 3, mediaTimestamp: ago(90) },
    });
    const asked = response.json<MediaRequest>();
    const [command] = await device.poll();
    await device.send(command!.id, 'ack');
    await device.send(command!.id, 'progress', {
      cameras: [
        { camera: 1, availability: 'UPLOADING' },
        { camera: 2, availability: 'NOT_AVAILABLE', reason: 'outside the recording window' },
      ],
    });
    const jpeg = await testJpeg();
    const upload = await device.upload(
      {
        timestamp: asked.mediaTimestamp,
        camera: 1,
        transferReason: 'REQUESTED',
        commandId: command!.id,
      },
      jpeg,
    );
    expect(upload.statusCode, upload.body).toBe(201);
    expect(await medias(asked.id)).toEqual([
      { camera: 1, availability: 'AVAILABLE', reason: null },
      { camera: 2, availability: 'NOT_AVAILABLE', reason: 'outside the recording window' },
    ]);
    await device.send(command!.id, 'result', { status: 'DONE' });

    const answered = await t.as('manager', {
      method: 'GET',
      url: `/api/mediarequests/${asked.id}/medias`,
    });
    const [front] = answered.json<RequestedMedia[]>();
    expect(front!.media).toMatchObject({
      id: upload.json().id,
      camera: 1,
      mimeType: 'image/jpeg',
      transferReason: 'REQUESTED',
      assetId,
      mediaRequestId: asked.id,
      timestamp: asked.mediaTimestamp,
    });
    expect((await request(assetId, asked.id)).settled).toBe(true);
    const download = await t.as('manager', {
      method: 'GET',
      url: `/api/media/${front!.media!.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('image/jpeg');
    expect(download.rawPayload.equals(jpeg)).toBe(true);
  });

  it("a failed result gives the device's reason to the open cameras", async () => {
    const { assetId, device } = await fittedVehicle();
    const asked = await ask(assetId, 1);
    const [command] = await device.poll();
    await device.send(command!.id, 'result', { status: 'FAILED', reason: 'storage fault' });
    expect(await medias(asked.id)).toEqual([
      { camera: 1, availability: 'FAILED', reason: 'storage fault' },
    ]);
    expect((await request(assetId, asked.id)).syncedWithDevice).toEqual(expect.any(String));
  });

  it('a device sees and answers only its own commands', async () => {
    const mine = await fittedVehicle();
    const other = await fittedVehicle();
    await ask(mine.assetId);
    const [command] = await mine.device.poll();
    expect(await other.device.poll()).toEqual([]);
    for (const [what, payload] of [
      ['ack', undefined],
      ['progress', { cameras: [{ camera: 1, availability: 'FAILED' }] }],
      ['result', { status: 'DONE' }],
    ] as const) {
      const response = await other.device.send(command!.id, what, payload);
      expect(response.statusCode, what).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
    const noCredential = await t.app.inject({ method: 'GET', url: '/device-api/v1/commands' });
    expect(noCredential.statusCode).toBe(401);
    const tooLong = await t.app.inject({
      method: 'GET',
      url: '/device-api/v1/commands',
      query: { wait: '31' },
      headers: { authorization: `Bearer ${(await seed.device(demo)).credential}` },
    });
    expect(tooLong.statusCode).toBe(400);
  });

  it("an offline device's request waits, and is served when the device polls", async () => {
    const { assetId, deviceId, device } = await fittedVehicle();
    const getDevice = async () =>
      (await t.as('manager', { method: 'GET', url: `/api/devices/${deviceId}` })).json<Device>();
    expect(await getDevice()).toMatchObject({ online: false, lastSeen: null });

    const asked = await ask(assetId, 1);
    await sleep(300);
    expect(await medias(asked.id)).toEqual([
      { camera: 1, availability: 'WAITING_FOR_DEVICE', reason: null },
    ]);

    const [command] = await device.poll();
    expect(command!.payload.mediaRequestId).toBe(asked.id);
    await device.send(command!.id, 'ack');
    expect(await medias(asked.id)).toEqual([{ camera: 1, availability: 'SENT', reason: null }]);
    const seen = await getDevice();
    expect(seen.online).toBe(true);
    expect(Date.now() - Date.parse(seen.lastSeen!)).toBeLessThan(10_000);
  });

  it('a poll waiting before the request is woken within a second', async () => {
    const { assetId, device } = await fittedVehicle();
    const polled = device.poll(20);
    await sleep(500); // the poll is waiting
    const asked = await ask(assetId);
    const t0 = Date.now();
    const commands = await polled;
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(commands.map((c) => c.payload.mediaRequestId)).toEqual([asked.id]);
  });

  it('a second poll of the same device answers the first one empty', async () => {
    const { device } = await fittedVehicle();
    const first = device.poll(20);
    await sleep(200);
    const t0 = Date.now();
    const second = device.poll(1);
    expect(await first).toEqual([]);
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(await second).toEqual([]);
  });

  it('an expired request fails and is no longer handed out', async () => {
    const { assetId, device } = await fittedVehicle();
    const asked = await ask(assetId, 1);
    await sql`
      UPDATE device_commands SET created_at = now() - interval '25 hours',
                                 expires_at = now() - interval '1 hour'
       WHERE (payload->>'mediaRequestId')::int = ${asked.id}`.execute(t.db);
    expect(await device.poll()).toEqual([]);
    expect(await medias(asked.id)).toEqual([
      { camera: 1, availability: 'FAILED', reason: EXPIRED_REASON },
    ]);
    expect((await request(assetId, asked.id)).settled).toBe(true);
  });

  it('wakes a poll in another server process on the same database (NOTIFY)', async () => {
    const other = await buildApp({ config: t.config, db: t.db });
    try {
      const vehicle = await fittedVehicle();
      const credential = (await seed.device(demo)).credential;
      // Re-fit: the vehicle's device is the one the other process serves.
      const deviceElsewhere = deviceClient(credential, other);
      const deviceId = Number(/^dev_(\d+)_/.exec(credential)![1]);
      await sql`UPDATE device_links SET device_id = ${deviceId} WHERE asset_id = ${vehicle.assetId}`.execute(
        t.db,
      );
      const polled = deviceElsewhere.poll(20);
      await sleep(500);
      const asked = await ask(vehicle.assetId, 1);
      const t0 = Date.now();
      expect((await polled).map((c) => c.payload.mediaRequestId)).toEqual([asked.id]);
      expect(Date.now() - t0).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });

  it('listens again after its connection is dropped', async () => {
    const { assetId, device } = await fittedVehicle();
    await device.poll(1); // starts the listener (it may answer at once: a command can be waiting)
    const listeners = () =>
      sql<{ pid: number }>`
        SELECT pid FROM pg_stat_activity
         WHERE datname = current_database() AND query = 'LISTEN device_commands'`.execute(t.db);
    let { rows } = await listeners();
    for (let tries = 0; !rows.length && tries < 50; tries++) {
      await sleep(100);
      ({ rows } = await listeners());
    }
    expect(rows.length).toBeGreaterThan(0);
    for (const { pid } of rows) await sql`SELECT pg_terminate_backend(${pid})`.execute(t.db);
    await sleep(1500);
    expect((await listeners()).rows.length).toBeGreaterThan(0);
    const polled = device.poll(20);
    await sleep(300);
    const asked = await ask(assetId, 1);
    const t0 = Date.now();
    expect((await polled).map((c) => c.payload.mediaRequestId)).toEqual([asked.id]);
    expect(Date.now() - t0).toBeLessThan(1000);
  });
});

it('a device that hangs up stops waiting', async () => {
  const app = await buildApp({ config: t.config, db: t.db });
  try {
    const address = await app.listen({ host: '127.0.0.1', port: 0 });
    const device = await seed.device(demo);
    const hangUp = new AbortController();
    const polled = fetch(`${address}/device-api/v1/commands?wait=30`, {
      headers: { authorization: `Bearer ${device.credential}` },
      signal: hangUp.signal,
    }).catch(() => 'aborted');
    await sleep(500);
    expect(app.services.deviceChannel.waitingPolls).toBe(1);
    hangUp.abort();
    expect(await polled).toBe('aborted');
    await sleep(200);
    expect(app.services.deviceChannel.waitingPolls).toBe(0);
  } finally {
    await app.close();
  }
});

it('closing the server answers a waiting poll at once', async () => {
  const app = await buildApp({ config: t.config, db: t.db });
  // Started (the job runner's start takes a moment): a server closed while it starts answers 503.
  await app.ready();
  const device = await seed.device(demo);
  const polled = deviceClient(device.credential, app).poll(30);
  await sleep(300);
  const t0 = Date.now();
  await app.close();
  expect(await polled).toEqual([]);
  expect(Date.now() - t0).toBeLessThan(2000);
});
