import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeviceWithCredential } from '@fleet/contract';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { filesUnder, multipart, testJpeg } from '../../test/media-test-files.js';
import { formatBytes, uploadRefusal } from './upload-limits.js';

describe('uploadRefusal', () => {
  const NOW = 10_000_000;
  const minute = { perMinute: 3, bytesPerHour: 1e12 };
  const hour = { perMinute: 100, bytesPerHour: 1000 };
  const ago = (ms: number) => NOW - ms;

  it.each([
    [
      'two starts of the last minute: a third may start',
      minute,
      [ago(20_000), ago(1000)],
      [],
      undefined,
    ],
    [
      'three starts: the next once the oldest is a minute old',
      minute,
      [ago(20_000), ago(20_000), ago(0)],
      [],
      { retryAfterSeconds: 40, reason: 'at most 3 uploads a minute' },
    ],
    [
      'three starts, two of them over a minute ago',
      minute,
      [ago(61_000), ago(60_000), ago(1)],
      [],
      undefined,
    ],
    [
      '1,100 bytes in the hour: free when the first 600 age out',
      hour,
      [],
      [
        { at: ago(3 * 60_000), bytes: 600 },
        { at: ago(2 * 60_000), bytes: 300 },
        { at: ago(60_000), bytes: 200 },
      ],
      { retryAfterSeconds: 57 * 60, reason: 'at most 1000 bytes an hour' },
    ],
    [
      'bytes older than an hour do not count',
      hour,
      [],
      [{ at: ago(3_600_001), bytes: 5000 }],
      undefined,
    ],
  ])('%s', (_, limits, starts, received, expected) => {
    expect(uploadRefusal(limits, { starts, received }, NOW)).toEqual(expected);
  });

  it.each([
    [80, '80 bytes'],
    [12 * 1024, '12 KiB'],
    [300 * 1024 ** 2, '300 MiB'],
    [1.5 * 1024 ** 3, '1.5 GiB'],
    [50 * 1024 ** 3, '50 GiB'],
  ])('formatBytes(%d) is %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});

const AT = '2026-11-10T08:00:00.000Z';
let jpeg: Buffer;

async function demoFleet(t: TestApp): Promise<DeviceWithCredential> {
  const seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  const asset = await seed.asset(demo);
  const device = await seed.device(demo);
  await seed.deviceLink(asset.id, device.id, '2026-11-01T00:00:00Z');
  return device;
}

const userUpload = (t: TestApp, device: DeviceWithCredential, camera = 1) =>
  t.as('manager', {
    method: 'POST',
    url: '/api/media',
    ...multipart(
      { identifier: device.identifier, timestamp: AT, mimeType: 'image/jpeg', camera },
      { filename: 'p.jpg', contentType: 'image/jpeg', data: jpeg },
    ),
  });

describe('the organisation storage quota', () => {
  let t: TestApp;
  let device: DeviceWithCredential;
  beforeAll(async () => {
    jpeg = await testJpeg();
    // Room for two pictures and a half.
    t = await createTestApp({
      MEDIA_QUOTA_BYTES: String(Math.floor(jpeg.length * 2.5)),
      MEDIA_JOB_MINUTES: '0',
    });
    device = await demoFleet(t);
  }, 60_000);
  afterAll(() => t.close());

  it('holds under parallel uploads: two fit, the others get 413 QUOTA_EXCEEDED and leave nothing', async () => {
    const answers = await Promise.all([1, 2, 4, 8].map((camera) => userUpload(t, device, camera)));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses).toEqual([201, 201, 413, 413]);
    for (const refused of answers.filter((a) => a.statusCode === 413))
      expect(refused.json().message).toMatch(
        /^The file \(\d[^)]*\) does not fit in the organisation's media storage \(\d[^)]* used\); delete media to make room$/,
      );
    expect(refused(answers)).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    const rows = await t.db.selectFrom('media').select('size').execute();
    expect(rows.map((r) => Number(r.size))).toEqual([jpeg.length, jpeg.length]);
    // Each kept picture has its file and thumbnail; the refused ones left no file behind.
    expect(await filesUnder(path.join(t.config.dataDir, 'media'))).toHaveLength(4);
    expect(await filesUnder(path.join(t.config.dataDir, 'tmp'))).toHaveLength(0);
  });

  it("keeps a device's own media, which count: then a full storage refuses before reading", async () => {
    const body = multipart(
      { timestamp: AT, camera: 1, transferReason: 'HARSH_BRAKE' },
      { filename: 'x.jpg', contentType: 'image/jpeg', data: jpeg },
    );
    const fromDevice = await t.app.inject({
      method: 'POST',
      url: '/device-api/v1/media',
      payload: body.payload,
      headers: { ...body.headers, authorization: `Bearer ${device.credential}` },
    });
    expect(fromDevice.statusCode, fromDevice.body).toBe(201);
    const full = await userUpload(t, device);
    expect(full.statusCode).toBe(413);
    expect(full.json()).toEqual({
      code: 'QUOTA_EXCEEDED',
      message: expect.stringMatching(
        /^The organisation's media storage is full \(\d[^)]* used\); delete media to make room$/,
      ),
    });
  });
});

const refused = (answers: { statusCode: number; json: () => unknown }[]) =>
  answers.find((a) => a.statusCode === 413)!.json();

describe('the per-user upload rate', () => {
  let t: TestApp;
  let device: DeviceWithCredential;
  beforeAll(async () => {
    jpeg ??= await testJpeg();
    t = await createTestApp({ MEDIA_UPLOADS_PER_MINUTE: '3', MEDIA_JOB_MINUTES: '0' });
    device = await demoFleet(t);
  }, 60_000);
  afterAll(() => t.close());

  it('answers 429 UPLOAD_RATE_EXCEEDED with Retry-After beyond it, parallel uploads included', async () => {
    const answers = await Promise.all(
      [1, 2, 4, 8, 16].map((camera) => userUpload(t, device, camera)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 201, 201, 429, 429]);
    const limited = answers.find((a) => a.statusCode === 429)!;
    expect(limited.json()).toEqual({
      code: 'UPLOAD_RATE_EXCEEDED',
      message: expect.stringMatching(
        /^Too many uploads: at most 3 uploads a minute\. Try again in \d+ s$/,
      ),
    });
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const rows = await t.db.selectFrom('media').select('id').execute();
    expect(rows).toHaveLength(3);
  });
});
