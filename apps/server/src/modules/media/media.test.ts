import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Datapoint, DeviceWithCredential, MediaDeletion, MediaItem } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { filesUnder, multipart, testJpeg, testMp4 } from '../../test/media-test-files.js';

/** The media calls on a real database with the local store: uploads, reading, deleting, retention. */
let t: TestApp;
let jpeg: Buffer;
let mp4: Buffer;
let demo: number;
let demoAsset: number;
let demoDriver: number;
let demoDevice: DeviceWithCredential;
let polderDevice: DeviceWithCredential;
let polderAsset: number;
const AT = '2026-11-10T08:00:00.000Z';
const MAX_BYTES = 2 * 1024 * 1024;

const mediaDir = () => path.join(t.config.dataDir, 'media');
const tmpDir = () => path.join(t.config.dataDir, 'tmp');
const mediaCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('media')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

const upload = (
  user: string,
  fields: Record<string, string | number>,
  data: Buffer,
  contentType = 'image/jpeg',
  filename = 'picture.jpg',
) =>
  t.as(user, {
    method: 'POST',
    url: '/api/media',
    ...multipart(fields, { filename, contentType, data }),
  });

const deviceUpload = (
  device: DeviceWithCredential,
  fields: Record<string, string | number>,
  data: Buffer,
) => {
  const body = multipart(fields, { filename: 'x.jpg', contentType: 'image/jpeg', data });
  return t.app.inject({
    method: 'POST',
    url: '/device-api/v1/media',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${device.credential}` },
  });
};

beforeAll(async () => {
  t = await createTestApp({ MEDIA_MAX_BYTES: String(MAX_BYTES), MEDIA_JOB_MINUTES: '0' });
  [jpeg, mp4] = await Promise.all([testJpeg(), testMp4()]);
  const seed = fleetSeed(t);
  demo = await t.organisationId('Demo Transport');
  const polder = await t.organisationId('Polder Logistics');
  demoAsset = (await seed.asset(demo)).id;
  demoDriver = (await seed.driver(demo)).id;
  demoDevice = await seed.device(demo);
  await seed.deviceLink(demoAsset, demoDevice.id, '2026-11-01T00:00:00Z');
  await seed.driverLink(demoAsset, demoDriver, '2026-11-01T00:00:00Z');
  polderAsset = (await seed.asset(polder)).id;
  polderDevice = await seed.device(polder);
  await seed.deviceLink(polderAsset, polderDevice.id, '2026-11-01T00:00:00Z');
}, 60_000);
afterAll(() => t.close());

describe('uploads', () => {
  it('stores a JPEG with a 250x140 thumbnail, the asset and driver of that moment', async () => {
    const response = await upload(
      'manager',
      { identifier: demoDevice.identifier, timestamp: AT, mimeType: 'image/jpeg', camera: 2 },
      jpeg,
      'image/jpeg',
      'Kijk één.jpg',
    );
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<MediaItem>();
    expect(item).toMatchObject({
      mimeType: 'image/jpeg',
      camera: 2,
      timestamp: AT,
      transferReason: 'UPLOADED',
      assetId: demoAsset,
      driverId: demoDriver,
      deviceId: demoDevice.id,
      deviceIdentifier: demoDevice.identifier,
      size: jpeg.length,
      duration: null,
      fileName: 'Kijk één.jpg',
    });
    const thumb = await t.as('driver', { method: 'GET', url: `/api/media/${item.id}/thumbnail` });
    expect(thumb.statusCode).toBe(200);
    expect(thumb.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 250, 140]);

    const download = await t.as('driver', { method: 'GET', url: `/api/media/${item.id}/download` });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(jpeg)).toBe(true);
    expect(download.headers['accept-ranges']).toBe('bytes');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Kijk __n.jpg"; filename*=UTF-8''Kijk%20%C3%A9%C3%A9n.jpg`,
    );
    expect((await t.as('driver', { method: 'GET', url: `/api/media/${item.id}` })).json()).toEqual(
      item,
    );
  });

  it('stores an H.264 MP4 with its duration and a thumbnail of a frame', async () => {
    const response = await upload(
      'manager',
      {
        identifier: demoDevice.identifier,
        timestamp: '2026-11-10T08:05:00Z',
        mimeType: 'video/mp4',
      },
      mp4,
      'video/mp4',
      'clip.mp4',
    );
    expect(response.statusCode, response.body).toBe(201);
    const item = response.json<MediaItem>();
    expect(item.mimeType).toBe('video/mp4');
    expect(item.duration).toBeCloseTo(1, 1);
    const thumb = await t.as('manager', { method: 'GET', url: `/api/media/${item.id}/thumbnail` });
    const meta = await sharp(thumb.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 250, 140]);
  });

  it('answers the declared type by the content when the content is still a JPEG or MP4', async () => {
    const response = await upload(
      'manager',
      {
        identifier: demoDevice.identifier,
        timestamp: '2026-11-10T08:06:00Z',
        mimeType: 'image/jpeg',
      },
      mp4,
      'image/jpeg',
      'trip-card.jpg',
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<MediaItem>()).toMatchObject({
      mimeType: 'video/mp4',
      fileName: 'trip-card.mp4',
    });
  });

  const refusals: [string, () => Buffer, number][] = [
    ['text that claims to be a JPEG', () => Buffer.from('hello, I am not a picture'), 415],
    ['a truncated JPEG (no end marker)', () => jpeg.subarray(0, Math.floor(jpeg.length / 2)), 415],
    [
      'an MP4 header with junk after it',
      () => Buffer.concat([mp4.subarray(0, 40), Buffer.alloc(4000, 7)]),
      415,
    ],
    [
      'a file above MEDIA_MAX_BYTES',
      () => Buffer.concat([jpeg, Buffer.alloc(MAX_BYTES + 10, 1)]),
      413,
    ],
  ];
  it.each(refusals)(
    'refuses %s and keeps nothing: no row, no file, no temp file',
    async (_, data, status) => {
      const before = await mediaCount();
      const filesBefore = (await filesUnder(mediaDir())).length;
      const response = await upload(
        'manager',
        {
          identifier: demoDevice.identifier,
          timestamp: '2026-11-10T08:07:00Z',
          mimeType: 'image/jpeg',
        },
        data(),
      );
      expect(response.statusCode, response.body).toBe(status);
      expect(response.json()).toMatchObject({
        code: status === 413 ? 'PAYLOAD_TOO_LARGE' : 'UNSUPPORTED_MEDIA_TYPE',
      });
      expect(await mediaCount()).toBe(before);
      expect((await filesUnder(mediaDir())).length).toBe(filesBefore);
      expect(await filesUnder(tmpDir())).toEqual([]);
    },
  );

  it('refuses bad fields, a missing file, a moment without an asset, and a driver', async () => {
    const fields = { identifier: demoDevice.identifier, timestamp: AT, mimeType: 'image/jpeg' };
    const cases: [Record<string, string | number>, number][] = [
      [{ ...fields, mimeType: 'image/png' }, 400],
      [{ ...fields, timestamp: 'yesterday' }, 400],
      [{ ...fields, timestamp: '2099-01-01T00:00:00Z' }, 400],
      [{ ...fields, camera: 3 }, 400],
      [{ ...fields, zz: 'unknown' }, 400],
      [{ ...fields, timestamp: '2026-10-01T00:00:00Z' }, 409],
      [{ ...fields, identifier: 'no such device' }, 404],
    ];
    for (const [f, status] of cases) {
      const response = await upload('manager', f, jpeg);
      expect(response.statusCode, `${JSON.stringify(f)}: ${response.body}`).toBe(status);
    }
    expect((await upload('driver', fields, jpeg)).statusCode).toBe(403);
    const noFile = await t.as('manager', {
      method: 'POST',
      url: '/api/media',
      ...multipart(fields),
    });
    expect(noFile.statusCode).toBe(400);
    const json = await t.as('manager', { method: 'POST', url: '/api/media', payload: fields });
    expect(json.statusCode).toBe(415);
    expect(await filesUnder(tmpDir())).toEqual([]);
  });

  it('leaves no temp file when the client aborts mid-upload', async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const token = (await t.login('manager')).accessToken;
    const body = multipart(
      {
        identifier: demoDevice.identifier,
        timestamp: '2026-11-10T08:09:00Z',
        mimeType: 'image/jpeg',
      },
      { filename: 'big.jpg', contentType: 'image/jpeg', data: Buffer.alloc(1024 * 1024, 1) },
    );
    const before = await mediaCount();
    let midway: string[] = [];
    await new Promise<void>((resolve) => {
      const request = http.request({
        port,
        host: '127.0.0.1',
        method: 'POST',
        path: '/api/media',
        headers: {
          ...body.headers,
          authorization: `Bearer ${token}`,
          'content-length': body.payload.length,
        },
      });
      request.on('error', () => resolve());
      request.write(body.payload.subarray(0, 400_000), () => {
        setTimeout(() => {
          void filesUnder(tmpDir()).then((files) => {
            midway = files;
            request.destroy();
            resolve();
          });
        }, 300);
      });
    });
    for (let i = 0; i < 50 && (await filesUnder(tmpDir())).length; i++)
      await new Promise((r) => setTimeout(r, 100));
    // the upload was on its way to a temp file when the client went away
    expect(midway).toHaveLength(1);
    expect(await filesUnder(tmpDir())).toEqual([]);
    expect(await mediaCount()).toBe(before);
  });
});

describe('multipart junk', () => {
  const fields = () => ({
    identifier: demoDevice.identifier,
    timestamp: '2026-11-10T08:30:00Z',
    mimeType: 'image/jpeg',
  });
  const raw = (body: string, type = 'multipart/form-data; boundary=b') => ({
    payload: Buffer.from(body),
    headers: { 'content-type': type },
  });
  const junk: [string, () => { payload: Buffer; headers: Record<string, string> }][] = [
    [
      'no closing boundary',
      () => raw('--b\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nxx'),
    ],
    ['another boundary', () => raw('--zz\r\n\r\n--zz--', 'multipart/form-data; boundary=b')],
    ['no boundary', () => raw('--b--', 'multipart/form-data')],
    ['only the end', () => raw('--b--\r\n')],
    [
      'the file before the fields',
      () => {
        const file = multipart({}, { filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg });
        return file;
      },
    ],
    [
      'the file in another field',
      () =>
        multipart(fields(), {
          name: 'picture',
          filename: 'a.jpg',
          contentType: 'image/jpeg',
          data: jpeg,
        }),
    ],
    [
      'an empty file',
      () =>
        multipart(fields(), {
          filename: 'a.jpg',
          contentType: 'image/jpeg',
          data: Buffer.alloc(0),
        }),
    ],
    [
      'a field beyond its size',
      () =>
        multipart(
          { ...fields(), fileName: 'x'.repeat(20_000) },
          { filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
        ),
    ],
    [
      'a NUL in a field',
      () =>
        multipart(
          { ...fields(), fileName: 'a\u0000b' },
          { filename: 'a.jpg', contentType: 'image/jpeg', data: jpeg },
        ),
    ],
  ];
  it.each(junk)(
    'refuses %s with a 4xx on both upload routes and stores nothing',
    async (_, body) => {
      const before = await mediaCount();
      const user = await t.as('manager', { method: 'POST', url: '/api/media', ...body() });
      expect(user.statusCode, user.body).toBeGreaterThanOrEqual(400);
      expect(user.statusCode, user.body).toBeLessThan(500);
      expect(user.json()).toHaveProperty('code');
      const b = body();
      const device = await t.app.inject({
        method: 'POST',
        url: '/device-api/v1/media',
        payload: b.payload,
        headers: { ...b.headers, authorization: `Bearer ${demoDevice.credential}` },
      });
      expect(device.statusCode, device.body).toBeGreaterThanOrEqual(400);
      expect(device.statusCode, device.body).toBeLessThan(500);
      expect(await mediaCount()).toBe(before);
      expect(await filesUnder(tmpDir())).toEqual([]);
    },
  );
});

describe('reading', () => {
  let item: MediaItem;
  beforeAll(async () => {
    item = (
      await upload(
        'manager',
        {
          identifier: demoDevice.identifier,
          timestamp: '2026-11-10T09:00:00Z',
          mimeType: 'video/mp4',
        },
        mp4,
        'video/mp4',
        'seek.mp4',
      )
    ).json<MediaItem>();
  });

  it('answers a byte range with 206, one beyond the end with 416', async () => {
    const part = await t.as('manager', {
      method: 'GET',
      url: `/api/media/${item.id}/download`,
      headers: { range: 'bytes=10-19' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${mp4.length}`);
    expect(part.rawPayload.equals(mp4.subarray(10, 20))).toBe(true);
    const tail = await t.as('manager', {
      method: 'GET',
      url: `/api/media/${item.id}/download`,
      headers: { range: 'bytes=-5' },
    });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(mp4.subarray(mp4.length - 5))).toBe(true);
    const beyond = await t.as('manager', {
      method: 'GET',
      url: `/api/media/${item.id}/download`,
      headers: { range: `bytes=${mp4.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${mp4.length}`);
    expect(beyond.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE' });
  });

  it('lists media of the asset and of the driver, and the datapoints carry them', async () => {
    const query = { from: '2026-11-10T00:00:00Z', until: '2026-11-11T00:00:00Z' };
    const asset = await t.as('driver', {
      method: 'GET',
      url: `/api/assets/${demoAsset}/media`,
      query,
    });
    expect(asset.statusCode).toBe(200);
    const ids = asset.json<MediaItem[]>().map((m) => m.id);
    expect(ids).toContain(item.id);
    const driver = await t.as('driver', {
      method: 'GET',
      url: `/api/drivers/${demoDriver}/media`,
      query,
    });
    expect(driver.json<MediaItem[]>().map((m) => m.id)).toEqual(ids);
    const long = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${demoAsset}/media`,
      query: { from: '2025-01-01T00:00:00Z' },
    });
    expect(long.statusCode).toBe(400);

    const points = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${demoAsset}/datapoints`,
      query: { ...query, media: 'true', events: 'true' },
    });
    expect(points.statusCode, points.body).toBe(200);
    const point = points
      .json<Datapoint[]>()
      .find((p) => p.timestamp === '2026-11-10T09:00:00.000Z');
    expect(point).toMatchObject({
      identifier: demoDevice.identifier,
      location: null,
      events: [],
      media: [{ id: item.id, mimeType: 'video/mp4' }],
    });
  });

  it("answers another organisation's medium 404 on every call", async () => {
    const polderItem = (
      await upload(
        'oem',
        { identifier: polderDevice.identifier, timestamp: AT, mimeType: 'image/jpeg' },
        jpeg,
      )
    ).json<MediaItem>();
    for (const [method, url] of [
      ['GET', `/api/media/${polderItem.id}`],
      ['GET', `/api/media/${polderItem.id}/download`],
      ['GET', `/api/media/${polderItem.id}/thumbnail`],
      ['DELETE', `/api/media/${polderItem.id}`],
      ['GET', `/api/assets/${polderAsset}/media?from=2026-11-10T00:00:00Z`],
    ] as const) {
      const response = await t.as('manager', { method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
    }
    const response = await upload(
      'manager',
      { identifier: polderDevice.identifier, timestamp: AT, mimeType: 'image/jpeg' },
      jpeg,
    );
    expect(response.statusCode).toBe(404);
    const deletions = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${await t.organisationId('Polder Logistics')}/mediadeletions`,
    });
    expect(deletions.statusCode).toBe(404);
  });
});

describe('deleting', () => {
  it('removes the row and both files, and records who did it', async () => {
    const item = (
      await upload(
        'manager',
        {
          identifier: demoDevice.identifier,
          timestamp: '2026-11-10T10:00:00Z',
          mimeType: 'image/jpeg',
        },
        jpeg,
      )
    ).json<MediaItem>();
    const files = await filesUnder(mediaDir());
    expect(
      (await t.as('driver', { method: 'DELETE', url: `/api/media/${item.id}` })).statusCode,
    ).toBe(403);
    const gone = await t.as('manager', { method: 'DELETE', url: `/api/media/${item.id}` });
    expect(gone.statusCode).toBe(204);
    expect(
      (await t.as('manager', { method: 'GET', url: `/api/media/${item.id}` })).statusCode,
    ).toBe(404);
    expect((await filesUnder(mediaDir())).length).toBe(files.length - 2);
    const garbage = await t.db.selectFrom('media_garbage').selectAll().execute();
    expect(garbage).toEqual([]);
    const audit = await t.as('manager', {
      method: 'GET',
      url: `/api/organisations/${demo}/mediadeletions`,
    });
    expect(audit.statusCode).toBe(200);
    expect(audit.json<MediaDeletion[]>()[0]).toMatchObject({
      mediaId: item.id,
      assetId: demoAsset,
      fileName: item.fileName,
      camera: 1,
      mediaTimestamp: '2026-11-10T10:00:00.000Z',
      reason: 'USER',
      deletedBy: 'Marit de Vries',
    });
    expect(
      (await t.as('driver', { method: 'GET', url: `/api/organisations/${demo}/mediadeletions` }))
        .statusCode,
    ).toBe(403);
  });
});

describe('device uploads', () => {
  it('stores a device medium once, for the asset it was fitted to', async () => {
    const fields = { timestamp: '2026-11-10T11:00:00Z', camera: 16, transferReason: 'HARSH_BRAKE' };
    const first = await deviceUpload(demoDevice, fields, jpeg);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<MediaItem>()).toMatchObject({
      assetId: demoAsset,
      deviceId: demoDevice.id,
      camera: 16,
      transferReason: 'HARSH_BRAKE',
    });
    const again = await deviceUpload(demoDevice, fields, jpeg);
    expect(again.statusCode).toBe(200);
    expect(again.json<MediaItem>().id).toBe(first.json<MediaItem>().id);
    const noCredential = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/media',
      ...multipart(fields, { filename: 'x.jpg', contentType: 'image/jpeg', data: jpeg }),
    });
    expect(noCredential.statusCode).toBe(401);
  });

  it("answers its own request's camera (AVAILABLE), not another device's command", async () => {
    const command = await t.db
      .insertInto('device_commands')
      .values({
        device_id: demoDevice.id,
        kind: 'MEDIA_REQUEST',
        payload: JSON.stringify({}),
        expires_at: new Date(Date.now() + 3_600_000),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const request = await t.db
      .insertInto('media_requests')
      .values({
        asset_id: demoAsset,
        device_id: demoDevice.id,
        command_id: command.id,
        media_type: 'PICTURE',
        camera_mask: 3,
        media_timestamp: new Date('2026-11-10T12:00:00Z'),
        driver_id: null,
        requested_by: null,
        duration: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('media_request_cameras')
      .values(
        [1, 2].map((camera) => ({
          media_request_id: request.id,
          camera,
          reason: null,
          media_id: null,
        })),
      )
      .execute();
    const fields = {
      timestamp: '2026-11-10T12:00:00Z',
      transferReason: 'REQUESTED',
      commandId: command.id,
    };
    expect((await deviceUpload(polderDevice, { ...fields, camera: 1 }, jpeg)).statusCode).toBe(404);
    expect((await deviceUpload(demoDevice, { ...fields, camera: 4 }, jpeg)).statusCode).toBe(400);
    const answer = await deviceUpload(demoDevice, { ...fields, camera: 2 }, jpeg);
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<MediaItem>().mediaRequestId).toBe(request.id);
    const cameras = await t.db
      .selectFrom('media_request_cameras')
      .select(['camera', 'availability', 'media_id'])
      .where('media_request_id', '=', request.id)
      .orderBy('camera')
      .execute();
    expect(cameras).toEqual([
      { camera: 1, availability: 'WAITING_FOR_DEVICE', media_id: null },
      { camera: 2, availability: 'AVAILABLE', media_id: answer.json<MediaItem>().id },
    ]);
  });
});

describe('retention', () => {
  it("deletes media past the organisation's retention, recorded as RETENTION, files and all", async () => {
    const polder = await t.organisationId('Polder Logistics');
    const polderBefore = await t.db
      .selectFrom('media')
      .select('id')
      .where('asset_id', '=', polderAsset)
      .execute();
    expect(polderBefore.length).toBeGreaterThan(0);
    const demoMedia = await t.db
      .selectFrom('media')
      .select('id')
      .where('asset_id', '=', demoAsset)
      .execute();
    await t.db
      .insertInto('organisation_settings')
      .values({ organisation_id: demo, media_retention_days: 1 })
      .execute();
    const deleted = await t.app.services.media.runRetention();
    expect(deleted).toBe(demoMedia.length);
    // Polder keeps the default 90 days.
    expect(
      await t.db.selectFrom('media').select('id').where('asset_id', '=', polderAsset).execute(),
    ).toEqual(polderBefore);
    const audit = await t.db
      .selectFrom('media_deletions')
      .select('media_id')
      .where('reason', '=', 'RETENTION')
      .execute();
    expect(audit.map((a) => a.media_id).sort()).toEqual(demoMedia.map((m) => m.id).sort());
    expect((await filesUnder(mediaDir())).length).toBe(polderBefore.length * 2);
    expect(polder).toBeGreaterThan(0);
  });
});
