/**
 * Issue 8's figures: upload throughput of POST media/ (a few MB of JPEG and MP4 at a time,
 * several clients), and the time from a media request to a live simulated truck until its clip
 * is available, for one camera and for five.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { MediaRequest, RequestedMedia } from '@fleet/contract';
import { multipart } from '../apps/server/src/test/media-test-files.js';
import { ffmpegPath } from '../apps/simulator/src/media-maker.js';
import { percentile } from './ingest.js';
import { agent, apiAs, createTruck, pool, progress, type Bench } from './setup.js';
import { startUnit } from './unit-process.js';

const MB = 1e6;

/** A photo-like JPEG of about 2 MB: 4000 × 3000 of softened noise, quality 90. */
export async function benchJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const noise = await sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#000000',
      noise: { type: 'gaussian', mean: 128, sigma: 24 },
    },
  })
    .blur(1.2)
    .jpeg({ quality: 90 })
    .toBuffer();
  return noise;
}

/** A dashcam-like H.264 MP4 of about 5 MB: 20 s of 1280 × 720 at 15 fps, 2 Mbit/s. */
export async function benchMp4(): Promise<Buffer> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-bench-mp4-'));
  const file = path.join(dir, 'clip.mp4');
  try {
    await promisify(execFile)(ffmpegPath(), [
      ...['-hide_banner', '-loglevel', 'error', '-f', 'lavfi'],
      ...['-i', 'testsrc2=size=1280x720:rate=15', '-t', '20'],
      ...['-c:v', 'libx264', '-preset', 'veryfast', '-b:v', '2M', '-maxrate', '2M'],
      ...['-bufsize', '4M', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', '-y', file],
    ]);
    return readFileSync(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function post(
  baseUrl: string,
  token: string,
  body: { payload: Buffer; headers: Record<string, string> },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/api/media`,
      {
        method: 'POST',
        agent,
        headers: {
          ...body.headers,
          'content-length': body.payload.length,
          authorization: `Bearer ${token}`,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body.payload);
  });
}

export interface UploadPhase {
  kind: 'JPEG' | 'MP4';
  files: number;
  /** bytes of one file */
  fileBytes: number;
  clients: number;
  seconds: number;
  mbPerSecond: number;
  filesPerSecond: number;
  /** one upload, request to answer, ms */
  p50: number;
  p95: number;
}

export interface UploadResult {
  phases: UploadPhase[];
  /** the whole section, s */
  seconds: number;
}

/**
 * POST media/ as the manager for a device of a new asset in Demo Transport: `files` JPEGs,
 * then `files` MP4s, `clients` at a time, each at its own moment of the last hour. Bodies are
 * made before the clock starts.
 */
export async function uploadThroughput(
  bench: Bench,
  organisationId: number,
  files: number,
  clients: number,
): Promise<UploadResult> {
  const t0 = performance.now();
  const manager = await apiAs(bench.baseUrl, 'Demo Transport', 'manager');
  const truck = await createTruck(
    manager,
    organisationId,
    'Bench uploads',
    new Date(Date.now() - 7_200_000),
  );
  progress('uploads: making a JPEG and an MP4');
  const samples = { JPEG: await benchJpeg(), MP4: await benchMp4() } as const;
  const phases: UploadPhase[] = [];
  let moment = Date.now() - 3_600_000;
  for (const kind of ['JPEG', 'MP4'] as const) {
    const data = samples[kind];
    const mimeType = kind === 'JPEG' ? 'image/jpeg' : 'video/mp4';
    const bodies = Array.from({ length: files + 1 }, (_, i) =>
      multipart(
        {
          identifier: truck.identifier,
          timestamp: new Date((moment += 1000)).toISOString(),
          mimeType,
          fileName: `bench-${i}.${kind === 'JPEG' ? 'jpg' : 'mp4'}`,
        },
        { filename: `bench-${i}`, contentType: mimeType, data },
      ),
    );
    const send = async (body: (typeof bodies)[number]) => {
      const started = performance.now();
      const answer = await post(bench.baseUrl, manager.token, body);
      if (answer.status !== 201)
        throw new Error(`upload: ${answer.status} ${answer.body.slice(0, 300)}`);
      return performance.now() - started;
    };
    await send(bodies.pop()!); // warm-up: not counted
    const started = performance.now();
    const latencies = (await pool(bodies, clients, send)).sort((a, b) => a - b);
    const seconds = (performance.now() - started) / 1000;
    const phase: UploadPhase = {
      kind,
      files,
      fileBytes: data.length,
      clients,
      seconds,
      mbPerSecond: (files * data.length) / MB / seconds,
      filesPerSecond: files / seconds,
      p50: percentile(latencies, 50),
      p95: percentile(latencies, 95),
    };
    phases.push(phase);
    progress(
      `uploads: ${files} × ${kind} of ${(data.length / MB).toFixed(1)} MB, ${clients} clients: ${phase.mbPerSecond.toFixed(1)} MB/s, ${phase.filesPerSecond.toFixed(1)} files/s, p50 ${phase.p50.toFixed(0)} ms`,
    );
  }
  return { phases, seconds: (performance.now() - t0) / 1000 };
}

export interface ClipTiming {
  cameras: number;
  runs: number;
  /** request → every camera's clip AVAILABLE, s */
  p50: number;
  min: number;
  max: number;
  /** request → the first camera's clip AVAILABLE, s (p50) */
  firstP50: number;
  /** bytes of one clip (p50) */
  clipBytes: number;
}

export interface ClipResult {
  /** seconds of each clip */
  clipSeconds: number;
  timings: ClipTiming[];
  seconds: number;
}

/**
 * Media requests for a clip of two minutes ago to a simulated camera unit (its own process, the
 * simulator's command loop and media maker) of a new asset: `runs` one after another for the
 * Front camera, then `runs` for all five; each for another moment, so none is answered with a
 * clip sent before.
 */
export async function clipTimings(
  bench: Bench,
  organisationId: number,
  runs: number,
  clipSeconds: number,
): Promise<ClipResult> {
  const t0 = performance.now();
  const manager = await apiAs(bench.baseUrl, 'Demo Transport', 'manager');
  const unit = await createTruck(
    manager,
    organisationId,
    'Bench clips',
    new Date(Date.now() - 7_200_000),
  );
  const camera = await startUnit({
    url: bench.baseUrl,
    credential: unit.credential,
    identifier: unit.identifier,
    asset: unit.name,
  });
  try {
    const timings: ClipTiming[] = [];
    let offset = 0;
    for (const [cameras, mask] of [
      [1, 1],
      [5, 31],
    ] as const) {
      const all: number[] = [];
      const first: number[] = [];
      const sizes: number[] = [];
      for (let i = 0; i < runs; i++) {
        const wanted = Date.now() - 120_000 - (offset += 30_000);
        const asked = performance.now();
        const request = await manager<MediaRequest>(
          'POST',
          `/api/assets/${unit.assetId}/mediarequests`,
          {
            assetId: unit.assetId,
            mediaType: 'VIDEO',
            duration: clipSeconds,
            cameraMask: mask,
            mediaTimestamp: new Date(wanted).toISOString(),
          },
          201,
        );
        let firstAt: number | undefined;
        for (;;) {
          const medias = await manager<RequestedMedia[]>(
            'GET',
            `/api/mediarequests/${request.id}/medias`,
          );
          const bad = medias.find((m) => ['NOT_AVAILABLE', 'FAILED'].includes(m.availability));
          if (bad) throw new Error(`clip ${bad.availability}: ${bad.reason}`);
          const available = medias.filter((m) => m.availability === 'AVAILABLE');
          if (available.length > 0) firstAt ??= performance.now();
          if (available.length === cameras) {
            // Each a real clip of the length asked for, as the server read it.
            for (const m of available)
              if (
                m.media?.mimeType !== 'video/mp4' ||
                Math.abs((m.media.duration ?? 0) - clipSeconds) > 1
              )
                throw new Error(`not a ${clipSeconds} s clip: ${JSON.stringify(m.media)}`);
            sizes.push(...available.map((m) => m.media!.size));
            break;
          }
          if (performance.now() - asked > 120_000) throw new Error('no clip in 2 minutes');
          await new Promise((r) => setTimeout(r, 100));
        }
        all.push((performance.now() - asked) / 1000);
        first.push((firstAt! - asked) / 1000);
        progress(
          `clips: ${cameras} camera(s), request ${i + 1}/${runs}: all available after ${all.at(-1)!.toFixed(1)} s`,
        );
      }
      all.sort((a, b) => a - b);
      first.sort((a, b) => a - b);
      timings.push({
        cameras,
        runs,
        p50: percentile(all, 50),
        min: all[0]!,
        max: all.at(-1)!,
        firstP50: percentile(first, 50),
        clipBytes: percentile(
          sizes.sort((a, b) => a - b),
          50,
        ),
      });
    }
    return { clipSeconds, timings, seconds: (performance.now() - t0) / 1000 };
  } finally {
    await camera.stop();
  }
}
