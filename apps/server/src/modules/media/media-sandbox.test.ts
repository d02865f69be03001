import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_FFMPEG_LIMITS, findFfmpeg, runFfmpeg, inputArgs } from '../../lib/ffmpeg.js';
import { MediaFilesRepository, UnsupportedContent } from './media-files.repository.js';
import { testJpeg, testMp4 } from '../../test/media-test-files.js';

/**
 * ffmpeg on untrusted uploads (issue 16): the system's ffmpeg, reading the local input only,
 * killed past its time bound and held to its memory bound. Real ffmpeg, real files, a real
 * HTTP server that would see any request.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'media-sandbox-'));
const files = new MediaFilesRepository(dir);
let server: http.Server;
let hits: string[];
let base: string;
/** A real H.264 MP4: were it read through a playlist, a frame would come out. */
let video: string;

beforeAll(async () => {
  hits = [];
  server = http.createServer((request, response) => {
    hits.push(request.url ?? '');
    response.statusCode = 404;
    response.end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  video = path.join(dir, 'real.mp4');
  writeFileSync(video, await testMp4(1));
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
  rmSync(dir, { recursive: true, force: true });
});

it("is the system's ffmpeg, a maintained release (not the 2018 static build)", () => {
  const binary = findFfmpeg();
  expect(binary).toBeDefined();
  expect(binary).not.toContain('node_modules');
  const version = execFileSync(binary!, ['-version'], { encoding: 'utf8' });
  const major = Number(/ffmpeg version (?:n)?(\d+)/.exec(version)?.[1]);
  expect(major).toBeGreaterThanOrEqual(5);
});

it('reads an ordinary MP4 within the bounds', async () => {
  const frame = path.join(dir, 'ok.jpg');
  const run = await files.firstFrame(video, frame);
  expect(run.code, run.stderr).toBe(0);
  expect(existsSync(frame)).toBe(true);
});

describe('a hostile input uploaded as a video', () => {
  /** Playlists naming a network address, a local video and /etc/passwd; a list of a local video. */
  const playlist = (kind: string) =>
    kind === 'an HLS playlist'
      ? [
          '#EXTM3U',
          '#EXT-X-TARGETDURATION:1',
          '#EXTINF:1,',
          `${base}/segment.ts`,
          '#EXTINF:1,',
          `file://${video}`,
          '#EXTINF:1,',
          'file:///etc/passwd',
          '#EXT-X-ENDLIST',
        ].join('\n')
      : // Relative, so the concat demuxer's own "safe" mode would let it through.
        ['ffconcat version 1.0', `file 'real.mp4'`].join('\n');

  it.each(['an HLS playlist', 'a concat list'])(
    '%s: refused, nothing fetched or read',
    async (kind) => {
      const name = kind.replaceAll(' ', '-');
      // .m3u8: ffmpeg 5 probes HLS only by that name; the sandbox must hold whatever the name.
      const file = path.join(dir, `${name}${kind === 'an HLS playlist' ? '.m3u8' : '.mp4'}`);
      writeFileSync(file, playlist(kind));
      const frame = path.join(dir, `${name}.jpg`);
      const run = await files.firstFrame(file, frame);
      expect(run.code).not.toBe(0);
      // Had the local video been read through the list, its frame would be here.
      expect(existsSync(frame)).toBe(false);
      expect(hits).toEqual([]);
      await expect(files.inspect(file, path.join(dir, 'thumb.jpg'))).rejects.toBeInstanceOf(
        UnsupportedContent,
      );
      expect(hits).toEqual([]);
    },
  );
});

it('kills a run that hangs within its time bound', async () => {
  // A FIFO nobody writes to: opening it blocks forever.
  const fifo = path.join(dir, 'hang.mp4');
  execFileSync('mkfifo', [fifo]);
  const bounded = new MediaFilesRepository(dir, { ...DEFAULT_FFMPEG_LIMITS, timeoutMs: 1500 });
  const started = Date.now();
  const run = await bounded.firstFrame(fifo, path.join(dir, 'hang.jpg'));
  const took = Date.now() - started;
  expect(run.timedOut).toBe(true);
  expect(took).toBeGreaterThanOrEqual(1400);
  expect(took).toBeLessThan(5000);
});

it('holds ffmpeg to its memory bound', async () => {
  const binary = findFfmpeg()!;
  // A frame of 8000x8000 (192 MB of RGB besides its YUV source and ffmpeg's ~300 MB of
  // libraries) does not fit in 400 MB; it does in 2 GB.
  const args = [
    '-hide_banner',
    '-nostdin',
    ...['-f', 'lavfi', '-i', 'color=size=8000x8000:duration=0.1'],
    ...['-frames:v', '1', '-pix_fmt', 'rgb24', '-f', 'rawvideo', '-y', '/dev/null'],
  ];
  const limited = await runFfmpeg(binary, args, {
    ...DEFAULT_FFMPEG_LIMITS,
    memoryBytes: 400 * 1024 * 1024,
  });
  expect(limited.code).not.toBe(0);
  expect(limited.stderr).toMatch(/Cannot allocate memory/);
  const roomy = await runFfmpeg(binary, args, {
    ...DEFAULT_FFMPEG_LIMITS,
    memoryBytes: 2 * 1024 * 1024 * 1024,
  });
  expect(roomy.code, roomy.stderr.slice(-500)).toBe(0);
  // The upload's own run is held to the same kind of bound: too little, and it cannot start.
  const starved = new MediaFilesRepository(dir, {
    ...DEFAULT_FFMPEG_LIMITS,
    memoryBytes: 64 * 1024 * 1024,
  });
  expect((await starved.firstFrame(video, path.join(dir, 'starved.jpg'))).code).not.toBe(0);
});

it('names the input as a local file, with a fixed format and whitelist', () => {
  expect(inputArgs('http:x', 'mov', 2)).toEqual([
    '-hide_banner',
    '-nostdin',
    ...['-threads', '2', '-filter_threads', '1'],
    ...['-protocol_whitelist', 'file', '-f', 'mov'],
    ...['-i', `file:${path.resolve('http:x')}`],
  ]);
});

it('without ffmpeg, refuses a video saying so, and still takes pictures', async () => {
  const without = new MediaFilesRepository(dir, DEFAULT_FFMPEG_LIMITS, null);
  await expect(without.inspect(video, path.join(dir, 'none.jpg'))).rejects.toThrow(
    /Videos cannot be checked here: ffmpeg is not installed/,
  );
  const picture = path.join(dir, 'picture.jpg');
  writeFileSync(picture, await testJpeg());
  expect(await without.inspect(picture, path.join(dir, 'picture-thumb.jpg'))).toEqual({
    mimeType: 'image/jpeg',
    duration: null,
  });
});
