import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  encodeEventMask,
  type MediaItem,
  type MediaRequest,
  type RawRecordInput,
  type RequestedMedia,
} from '@fleet/contract';
// The simulator's camera units, as `npm start` runs one per demo vehicle.
import { DeviceApi } from '../../../simulator/src/client.js';
import { ChannelHealth, runCommandLoop } from '../../../simulator/src/commands.js';
import type { DeviceUnit, UnitServices } from '../../../simulator/src/device-unit.js';
import { LiveEventMedia } from '../../../simulator/src/event-media.js';
import { ffmpegPath, MediaMaker } from '../../../simulator/src/media-maker.js';
import { Recordings, type TrackPoint } from '../../../simulator/src/recorder.js';
import { DEFAULT_SETTINGS, type DeviceSettings } from '../../../simulator/src/settings.js';
import { ffmpegInput } from '../modules/media/media-files.repository.js';
import { fleetSeed } from './fleet-seed.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The simulated cameras against the real server on loopback: a user's media
 * request reaches a unit through the command channel and comes back as a real
 * JPEG or H.264 clip; a moment the unit no longer holds is NOT_AVAILABLE; a
 * harsh event sends its media by itself. (Here, not in the simulator's unit
 * tests, because it needs the server and its database.)
 */
let t: TestApp;
let url: string;
const stop = new AbortController();
const loops: Promise<void>[] = [];
const logs: string[] = [];
let services: UnitServices;

const HOUR = 3_600_000;
const ago = (ms: number) => Date.now() - ms;

/** An asset whose device was fitted two days ago, with its camera unit answering commands. */
async function vehicle(settings: DeviceSettings = DEFAULT_SETTINGS) {
  const seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  const asset = await seed.asset(demo);
  const device = await seed.device(demo);
  await seed.deviceLink(asset.id, device.id, new Date(ago(48 * HOUR)).toISOString());
  // Driving for the last 30 minutes, speeding up and slowing down: 0 … 90 … 0 km/h every 5 min.
  const points: TrackPoint[] = [];
  for (let s = 1800; s >= 0; s -= 15) {
    points.push({
      t: ago(s * 1000),
      lat: 5_200_000,
      lon: 500_000 + s,
      speed: Math.round(90 * Math.abs(Math.sin((s * Math.PI) / 300))),
    });
  }
  const recording = services.recordings.of(device.identifier);
  // Recording since an hour and a half ago; the window is the last hour.
  recording.replace(ago(1.5 * HOUR), points);
  const unit: DeviceUnit = {
    identifier: device.identifier,
    asset: asset.name,
    api: new DeviceApi(url, device.credential, (m) => logs.push(m)),
    recording,
    settings,
  };
  loops.push(
    runCommandLoop(unit, services, {
      signal: stop.signal,
      health: new ChannelHealth((m) => logs.push(m)),
      wait: 5,
    }),
  );
  return { assetId: asset.id, unit, points };
}

async function ask(assetId: number, body: object): Promise<MediaRequest> {
  const response = await t.as('manager', {
    method: 'POST',
    url: `/api/assets/${assetId}/mediarequests`,
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<MediaRequest>();
}

async function settled(request: MediaRequest, ms = 45_000): Promise<RequestedMedia[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/mediarequests/${request.id}/medias`,
    });
    const cameras = response.json<RequestedMedia[]>();
    if (cameras.every((c) => ['AVAILABLE', 'NOT_AVAILABLE', 'FAILED'].includes(c.availability)))
      return cameras;
    if (Date.now() > deadline) throw new Error(`not settled: ${response.body}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function download(item: MediaItem): Promise<Buffer> {
  const response = await t.as('manager', { method: 'GET', url: `/api/media/${item.id}/download` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe(item.mimeType);
  return response.rawPayload;
}

/** What ffmpeg reads in a file: container, codec, size, duration. */
async function probe(data: Buffer) {
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'probe-')), 'file');
  writeFileSync(file, data);
  const { stderr } = await promisify(execFile)(ffmpegPath(), ['-hide_banner', '-i', file]).catch(
    (error: { stderr: string }) => error,
  );
  return { ...ffmpegInput(stderr), size: /, (\d+x\d+)/.exec(stderr)?.[1], stderr };
}

beforeAll(async () => {
  t = await createTestApp();
  url = await t.app.listen({ host: '127.0.0.1', port: 0 });
  services = {
    recordings: new Recordings(mkdtempSync(path.join(os.tmpdir(), 'cameras-')), HOUR),
    maker: new MediaMaker((m) => logs.push(m)),
    log: (m) => logs.push(m),
    now: Date.now,
  };
});
afterAll(async () => {
  stop.abort();
  await Promise.all(loops);
  await services?.maker?.close();
  // A connection the units opened and dropped without a request (a poll aborted while it
  // was connecting) can keep the server's close waiting; the units are gone, so end them.
  t?.app.server.closeAllConnections();
  await t?.close();
});

describe('simulated cameras against the server', () => {
  it(
    'answer a request for a moment they drove with a clip of each camera and a picture',
    { timeout: 90_000 },
    async () => {
      const { assetId } = await vehicle();
      const moment = new Date(ago(120_000)).toISOString();
      const clip = await ask(assetId, {
        mediaType: 'VIDEO',
        duration: 6,
        cameraMask: 3,
        mediaTimestamp: moment,
      });
      const picture = await ask(assetId, {
        mediaType: 'PICTURE',
        cameraMask: 16,
        mediaTimestamp: moment,
      });

      const clips = await settled(clip);
      expect(clips.map((c) => [c.camera, c.availability, c.reason])).toEqual([
        [1, 'AVAILABLE', null],
        [2, 'AVAILABLE', null],
      ]);
      for (const { media } of clips) {
        expect(media).toMatchObject({
          mimeType: 'video/mp4',
          transferReason: 'REQUESTED',
          mediaRequestId: clip.id,
          timestamp: clip.mediaTimestamp,
          assetId,
        });
        const read = await probe(await download(media!));
        expect(read).toMatchObject({ mp4: true, h264: true, size: '640x480' });
        expect(Math.abs(read.duration! - 6)).toBeLessThanOrEqual(1);
      }

      const [driver] = await settled(picture);
      expect(driver).toMatchObject({
        camera: 16,
        availability: 'AVAILABLE',
        media: { mimeType: 'image/jpeg', mediaRequestId: picture.id },
      });
      const jpeg = await download(driver!.media!);
      expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect((await probe(jpeg)).size).toBe('640x480');
      expect(logs).toEqual([]);
    },
  );

  it(
    'say NOT_AVAILABLE, with what they hold, for a moment they no longer hold',
    { timeout: 60_000 },
    async () => {
      const { assetId } = await vehicle();
      const request = await ask(assetId, {
        mediaType: 'PICTURE',
        cameraMask: 5,
        mediaTimestamp: new Date(ago(2 * HOUR)).toISOString(),
      });
      const cameras = await settled(request);
      expect(cameras.map((c) => [c.camera, c.availability])).toEqual([
        [1, 'NOT_AVAILABLE'],
        [4, 'NOT_AVAILABLE'],
      ]);
      expect(cameras[0]!.reason).toMatch(
        /^\d{4}-\d\d-\d\d \d\d:\d\d is no longer recorded: the device holds \d{4}-\d\d-\d\d \d\d:\d\d … \d{4}-\d\d-\d\d \d\d:\d\d$/,
      );
      expect(cameras.every((c) => c.media === null)).toBe(true);
    },
  );

  const harshBrake = (at: number): RawRecordInput => ({
    timestamp: new Date(at).toISOString(),
    transferReason: 'EVENTS',
    location: { latitude: 5_200_000, longitude: 500_000 },
    speed: 60,
    events: [{ eventType: 'HARSH_BRAKE' }],
  });

  /** The unit's media of a harsh brake at `at`, once it has sent them. */
  async function eventMedia(unit: DeviceUnit, assetId: number, at: number): Promise<MediaItem[]> {
    const live = new LiveEventMedia(services, stop.signal, 0);
    live.add(unit, [harshBrake(at)]);
    // Due at once (the clip ended before now): started on the next turn of the event loop.
    await new Promise((resolve) => setTimeout(resolve, 50));
    await live.settled();
    const response = await t.as('manager', {
      method: 'GET',
      url: `/api/assets/${assetId}/media`,
      query: { from: new Date(at - 60_000).toISOString() },
    });
    return response.json<MediaItem[]>();
  }

  it(
    'send the pictures and clips of a harsh event by themselves',
    { timeout: 90_000 },
    async () => {
      const settings: DeviceSettings = {
        media: {
          eventCameraMask: encodeEventMask({
            HARSH_BRAKE: { picture: ['FRONT'], video: ['DRIVER'] },
          }),
          videoDurationBeforeEvent: 4,
          videoDurationAfterEvent: 2,
        },
      };
      const { assetId, unit } = await vehicle(settings);
      const at = Math.floor(ago(60_000) / 1000) * 1000;
      const items = await eventMedia(unit, assetId, at);
      expect(
        items.map((i) => [i.camera, i.mimeType, i.transferReason, i.timestamp]).sort(),
      ).toEqual([
        [1, 'image/jpeg', 'HARSH_BRAKE', new Date(at).toISOString()],
        [16, 'video/mp4', 'HARSH_BRAKE', new Date(at).toISOString()],
      ]);
      const clip = items.find((i) => i.mimeType === 'video/mp4')!;
      const read = await probe(await download(clip));
      expect(read).toMatchObject({ h264: true, size: '640x480' });
      expect(Math.abs(read.duration! - 6)).toBeLessThanOrEqual(1);
    },
  );

  // A picture and a clip of one camera and moment are two media (media_device_once has the type).
  it(
    'send both a picture and a clip of the same camera for a harsh brake (the defaults)',
    { timeout: 90_000 },
    async () => {
      const { assetId, unit } = await vehicle();
      const at = Math.floor(ago(60_000) / 1000) * 1000;
      const items = await eventMedia(unit, assetId, at);
      expect(items.map((i) => i.mimeType).sort()).toEqual(['image/jpeg', 'video/mp4']);
    },
  );
});
