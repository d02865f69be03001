import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import type { CameraBit } from '@fleet/contract';
import { cameraLook } from './cameras.js';
import type { Log } from './client.js';
import { offsetMinutes } from './local-time.js';

/**
 * Pictures and clips of the simulated cameras, generated with the system's
 * ffmpeg (ffmpegPath): a 640x480 JPEG of a moment, or an
 * H.264 MP4 (15 fps, a keyframe every second, fast start) of a span, with the
 * camera, the asset, the local time (ticking in a clip) and the speed drawn on
 * them. The argument building is pure; `MediaMaker` runs it through a queue.
 */

export const WIDTH = 640;
export const HEIGHT = 480;
export const FPS = 15;
const BAND = 44;
const FONT_SIZE = 22;

/** What one picture or clip shows. */
export interface Shot {
  camera: CameraBit;
  asset: string;
  /** ms: the picture's moment, or the clip's first frame */
  start: number;
  /** km/h: one speed for a picture, one per second for a clip */
  speeds: number[];
}

/**
 * A value for a filter option inside a filter graph: escaped for the option
 * (\ ' :) and then for the graph (\ ' [ ] , ;), so any text or path passes.
 */
export function filterValue(text: string): string {
  const option = text.replace(/[\\':]/g, (c) => `\\${c}`);
  return option.replace(/[\\'[\],;]/g, (c) => `\\${c}`);
}

/** 2026-11-24 10:05:07 in the fleet's zone. */
export function localSecond(ms: number): string {
  return new Date(ms + offsetMinutes(ms) * 60_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** Runs of equal values: [52, 52, 53] → [{value: 52, from: 0, to: 2}, {value: 53, from: 2, to: 3}]. */
export function runs(values: number[]): { value: number; from: number; to: number }[] {
  const result: { value: number; from: number; to: number }[] = [];
  values.forEach((value, i) => {
    const last = result.at(-1);
    if (last && last.value === value) last.to = i + 1;
    else result.push({ value, from: i, to: i + 1 });
  });
  return result;
}

/**
 * The filter chain over the camera's source: its tint, a band at the top with
 * the camera and the asset, one at the bottom with the local time and the
 * speed. Without a font only the bands (in the camera's colour) are drawn.
 */
export function overlayFilters(shot: Shot, font: string | undefined, video: boolean): string {
  const look = cameraLook(shot.camera);
  const filters: string[] = [];
  if (look.tint) filters.push(look.tint);
  filters.push(
    `drawbox=x=0:y=0:w=iw:h=${BAND}:color=${look.band}:t=fill`,
    `drawbox=x=0:y=ih-${BAND}:w=iw:h=${BAND}:color=black@0.7:t=fill`,
  );
  if (!font) return filters.join(',');
  const text = (value: string, x: string, y: string, extra = '') =>
    `drawtext=fontfile=${filterValue(font)}:fontsize=${FONT_SIZE}:fontcolor=white:x=${x}:y=${y}:${extra}text=${filterValue(value)}`;
  const top = `(${BAND}-th)/2`;
  const bottom = `h-${BAND}+(${BAND}-th)/2`;
  filters.push(
    text(look.name, '14', top, 'expansion=none:'),
    text(shot.asset, 'w-tw-14', top, 'expansion=none:'),
  );
  if (video) {
    // The clip's clock: the first frame's local time plus the frame's time (pts), drawn by
    // ffmpeg as UTC of a moment shifted by the zone's offset at the start.
    const shifted = (shot.start + offsetMinutes(shot.start) * 60_000) / 1000;
    filters.push(
      text(`%{pts:gmtime:${shifted}:%Y-%m-%d %H\\:%M\\:%S}`, '14', bottom, 'expansion=normal:'),
    );
    for (const run of runs(shot.speeds)) {
      filters.push(
        text(
          `${run.value} km/h`,
          'w-tw-14',
          bottom,
          `expansion=none:enable=${filterValue(`gte(t,${run.from})*lt(t,${run.to})`)}:`,
        ),
      );
    }
  } else {
    filters.push(
      text(localSecond(shot.start), '14', bottom, 'expansion=none:'),
      text(`${shot.speeds[0] ?? 0} km/h`, 'w-tw-14', bottom, 'expansion=none:'),
    );
  }
  return filters.join(',');
}

function input(shot: Shot): string[] {
  const { source, sourceSize } = cameraLook(shot.camera);
  const size = sourceSize ?? `${WIDTH}x${HEIGHT}`;
  const sized = `${source}${source.includes('=') ? ':' : '='}size=${size}:rate=${FPS}`;
  return ['-hide_banner', '-loglevel', 'error', '-nostdin', '-f', 'lavfi', '-i', sized];
}

/** ffmpeg's arguments for a 640x480 JPEG. */
export function pictureArgs(shot: Shot, font: string | undefined, output: string): string[] {
  return [
    ...input(shot),
    '-vf',
    overlayFilters(shot, font, false),
    '-frames:v',
    '1',
    '-pix_fmt',
    'yuvj420p',
    '-q:v',
    '3',
    '-y',
    output,
  ];
}

/** ffmpeg's arguments for an H.264 MP4 of `seconds` (main profile, yuv420p, a keyframe every second, fast start). */
export function videoArgs(
  shot: Shot,
  seconds: number,
  font: string | undefined,
  output: string,
): string[] {
  return [
    ...input(shot),
    '-t',
    String(seconds),
    '-vf',
    overlayFilters(shot, font, true),
    '-c:v',
    'libx264',
    '-profile:v',
    'main',
    '-preset',
    'superfast',
    '-crf',
    '28',
    '-maxrate',
    '1200k',
    '-bufsize',
    '2400k',
    '-pix_fmt',
    'yuv420p',
    '-r',
    String(FPS),
    '-g',
    String(FPS),
    '-keyint_min',
    String(FPS),
    '-sc_threshold',
    '0',
    '-movflags',
    '+faststart',
    '-an',
    '-y',
    output,
  ];
}

const require = createRequire(import.meta.url);

/** Where a TTF font may be: the npm package's DejaVu, then Debian's and other common places. */
export function fontCandidates(): string[] {
  const candidates: string[] = [];
  try {
    candidates.push(
      path.join(
        path.dirname(require.resolve('dejavu-fonts-ttf/package.json')),
        'ttf',
        'DejaVuSans.ttf',
      ),
    );
  } catch {
    // not installed: the machine's fonts
  }
  candidates.push(
    '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
    '/usr/share/fonts/dejavu/DejaVuSans.ttf',
    '/usr/share/fonts/TTF/DejaVuSans.ttf',
    '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
    '/Library/Fonts/Arial.ttf',
    'C:\\Windows\\Fonts\\arial.ttf',
  );
  return candidates;
}

export function findFont(
  candidates: string[] = fontCandidates(),
  exists: (file: string) => boolean = existsSync,
): string | undefined {
  return candidates.find((file) => exists(file));
}

/**
 * The system's ffmpeg (Debian's: apt-get install ffmpeg), as the server uses: FFMPEG_PATH, else
 * `ffmpeg` on PATH. Throws when there is none (the cameras then send no pictures or clips).
 */
export function ffmpegPath(env: NodeJS.ProcessEnv = process.env): string {
  const found = env.FFMPEG_PATH
    ? [env.FFMPEG_PATH]
    : (env.PATH ?? '')
        .split(path.delimiter)
        .filter(Boolean)
        .map((dir) => path.join(dir, 'ffmpeg'));
  const binary = found.find((file) => existsSync(file));
  if (!binary) throw new Error('ffmpeg is not installed (apt-get install ffmpeg)');
  return binary;
}

/**
 * Runs tasks at most `concurrency` at a time, urgent ones (answers to a user's
 * request) before the rest (event media), each kind in arrival order.
 */
export class TaskQueue {
  private running = 0;
  private readonly waiting: { urgent: (() => void)[]; normal: (() => void)[] } = {
    urgent: [],
    normal: [],
  };

  constructor(readonly concurrency = 2) {}

  get pending(): number {
    return this.waiting.urgent.length + this.waiting.normal.length;
  }

  get active(): number {
    return this.running;
  }

  async run<T>(task: () => Promise<T>, urgent = false): Promise<T> {
    if (this.running >= this.concurrency) {
      await new Promise<void>((resolve) =>
        this.waiting[urgent ? 'urgent' : 'normal'].push(resolve),
      );
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.urgent.shift() ?? this.waiting.normal.shift();
      // The slot passes to the next task; only when none waits is it given back.
      if (next) next();
      else this.running--;
    }
  }
}

export const NO_FFMPEG = 'this device cannot make pictures or clips (no ffmpeg on this machine)';

/** ffmpeg failed (or was stopped): its last words. */
export class FfmpegError extends Error {}

const FFMPEG_TIMEOUT_MS = 120_000;

function runFfmpeg(binary: string, args: string[], signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new FfmpegError('stopped'));
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-2000);
    });
    const stop = () => child.kill('SIGKILL');
    const timer = setTimeout(stop, FFMPEG_TIMEOUT_MS);
    signal?.addEventListener('abort', stop, { once: true });
    const done = (error?: Error) => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
      if (error) reject(error);
      else resolve();
    };
    child.on('error', (error) => done(new FfmpegError(`ffmpeg did not start: ${error.message}`)));
    child.on('close', (code, killedBy) => {
      if (code === 0) return done();
      const why = signal?.aborted
        ? 'stopped'
        : killedBy
          ? `ffmpeg was stopped after ${FFMPEG_TIMEOUT_MS / 1000} s`
          : `ffmpeg failed (exit ${code}): ${stderr.trim().split('\n').slice(-3).join(' ') || 'no message'}`;
      done(new FfmpegError(why));
    });
  });
}

/** A generated file: remove it when it is sent. */
export interface MadeFile {
  path: string;
  mimeType: 'image/jpeg' | 'video/mp4';
  remove(): Promise<void>;
}

/** Makes pictures and clips in a temporary directory, through the queue. */
export class MediaMaker {
  private readonly font: string | undefined;
  private dir: Promise<string> | undefined;
  private count = 0;

  constructor(
    private readonly log: Log,
    readonly queue = new TaskQueue(2),
    font: string | undefined | null = findFont(),
    private readonly binary = ffmpegPath(),
  ) {
    this.font = font ?? undefined;
    if (!this.font) {
      log(
        'No TTF font found (looked for DejaVuSans.ttf): pictures and clips are made without their text.',
      );
    }
  }

  private async file(suffix: string): Promise<string> {
    this.dir ??= fs.mkdtemp(path.join(os.tmpdir(), 'fleet-simulator-'));
    return path.join(await this.dir, `${process.pid}-${++this.count}${suffix}`);
  }

  private async make(
    suffix: string,
    mimeType: MadeFile['mimeType'],
    args: (output: string) => string[],
    urgent: boolean,
    signal?: AbortSignal,
  ): Promise<MadeFile> {
    const output = await this.file(suffix);
    const remove = () => fs.rm(output, { force: true });
    try {
      await this.queue.run(() => runFfmpeg(this.binary, args(output), signal), urgent);
    } catch (error) {
      await remove();
      throw error;
    }
    return { path: output, mimeType, remove };
  }

  picture(shot: Shot, options: { urgent?: boolean; signal?: AbortSignal } = {}) {
    return this.make(
      '.jpg',
      'image/jpeg',
      (output) => pictureArgs(shot, this.font, output),
      options.urgent ?? false,
      options.signal,
    );
  }

  video(shot: Shot, seconds: number, options: { urgent?: boolean; signal?: AbortSignal } = {}) {
    return this.make(
      '.mp4',
      'video/mp4',
      (output) => videoArgs(shot, seconds, this.font, output),
      options.urgent ?? false,
      options.signal,
    );
  }

  /** Removes the temporary directory. */
  async close(): Promise<void> {
    if (this.dir) await fs.rm(await this.dir, { recursive: true, force: true });
  }
}
