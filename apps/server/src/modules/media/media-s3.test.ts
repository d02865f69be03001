import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeviceWithCredential, MediaItem } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { filesUnder, multipart, testJpeg, testMp4 } from '../../test/media-test-files.js';

/** The same media calls with the S3 store, against s3rver on loopback (a random port, a temp dir). */
let t: TestApp;
let s3: S3rver;
let s3Dir: string;
let device: DeviceWithCredential;
let jpeg: Buffer;
let mp4: Buffer;

beforeAll(async () => {
  s3Dir = await fs.mkdtemp(path.join(os.tmpdir(), 's3rver-'));
  s3 = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: 'fleet-media', configs: [] }],
  });
  const { port } = (await s3.run()) as AddressInfo;
  t = await createTestApp({
    MEDIA_STORE: 's3',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_BUCKET: 'fleet-media',
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    MEDIA_JOB_MINUTES: '0',
  });
  [jpeg, mp4] = await Promise.all([testJpeg(), testMp4()]);
  const seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  const asset = await seed.asset(demo);
  device = await seed.device(demo);
  await seed.deviceLink(asset.id, device.id, '2026-11-01T00:00:00Z');
}, 60_000);
afterAll(async () => {
  await t.close();
  await s3.close();
  await fs.rm(s3Dir, { recursive: true, force: true });
});

/** Objects s3rver holds (each object is a directory of files on its disk). */
const objects = async () =>
  (await filesUnder(path.join(s3Dir, 'fleet-media'))).filter((f) => f.endsWith('._S3rver_object'));

it('uploads, serves a range and the thumbnail, and deletes from the bucket', async () => {
  const response = await t.as('manager', {
    method: 'POST',
    url: '/api/media',
    ...multipart(
      { identifier: device.identifier, timestamp: '2026-11-10T08:00:00Z', mimeType: 'video/mp4' },
      { filename: 'clip.mp4', contentType: 'video/mp4', data: mp4 },
    ),
  });
  expect(response.statusCode, response.body).toBe(201);
  const item = response.json<MediaItem>();
  expect(await objects()).toHaveLength(2);
  // nothing written to the local media directory
  expect(await filesUnder(path.join(t.config.dataDir, 'media'))).toEqual([]);

  const whole = await t.as('manager', { method: 'GET', url: `/api/media/${item.id}/download` });
  expect(whole.statusCode).toBe(200);
  expect(whole.rawPayload.equals(mp4)).toBe(true);
  const part = await t.as('manager', {
    method: 'GET',
    url: `/api/media/${item.id}/download`,
    headers: { range: 'bytes=100-199' },
  });
  expect(part.statusCode).toBe(206);
  expect(part.headers['content-range']).toBe(`bytes 100-199/${mp4.length}`);
  expect(part.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
  const thumb = await t.as('manager', { method: 'GET', url: `/api/media/${item.id}/thumbnail` });
  const meta = await sharp(thumb.rawPayload).metadata();
  expect([meta.width, meta.height]).toEqual([250, 140]);

  const refused = await t.as('manager', {
    method: 'POST',
    url: '/api/media',
    ...multipart(
      { identifier: device.identifier, timestamp: '2026-11-10T08:01:00Z', mimeType: 'image/jpeg' },
      { filename: 'cut.jpg', contentType: 'image/jpeg', data: jpeg.subarray(0, 200) },
    ),
  });
  expect(refused.statusCode).toBe(415);
  expect(await objects()).toHaveLength(2);

  expect(
    (await t.as('manager', { method: 'DELETE', url: `/api/media/${item.id}` })).statusCode,
  ).toBe(204);
  expect(await objects()).toHaveLength(0);
  expect(await t.db.selectFrom('media_garbage').selectAll().execute()).toEqual([]);
});
