import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { THUMBNAIL_HEIGHT, THUMBNAIL_WIDTH, type MediaMimeType } from '@fleet/contract';
import {
  DEFAULT_FFMPEG_LIMITS,
  findFfmpeg,
  inputArgs,
  NO_FFMPEG,
  runFfmpeg,
  type FfmpegLimits,
  type FfmpegRun,
} from '../../lib/ffmpeg.js';

/** What a file turned out to be, by its content. */
export interface Inspected {
  mimeType: MediaMimeType;
  /** seconds, videos only */
  duration: number | null;
}

/** The content is not a readable JPEG or H.264 MP4 (answered 415). */
export class UnsupportedContent extends Error {}

/** The kind a file's first bytes announce: JPEG's SOI marker, MP4's ftyp box. */
export function sniff(head: Buffer): MediaMimeType | undefined {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff)
    return 'image/jpeg';
  if (head.length >= 8 && head.toString('latin1', 4, 8) === 'ftyp') return 'video/mp4';
  return undefined;
}

/** What ffmpeg says of its input: the container, the first video codec and the duration. */
export function ffmpegInput(stderr: string): {
  mp4: boolean;
  h264: boolean;
  duration: number | null;
} {
  const mp4 = /Input #0, [^,]*mov,mp4/.test(stderr);
  const video = /Stream #0:\d+[^:]*: Video: (\w+)/.exec(stderr);
  const d = /Duration: (\d+):(\d\d):(\d\d(?:\.\d+)?)/.exec(stderr);
  return {
    mp4,
    h264: video?.[1] === 'h264',
    duration: d ? Number(d[1]) * 3600 + Number(d[2]) * 60 + Number(d[3]) : null,
  };
}

/**
 * Files on the way in: uploads streamed to DATA_DIR/tmp, checked by their content, and
 * thumbnails made of them (sharp for pictures, one frame through ffmpeg for videos).
 */
export class MediaFilesRepository {
  private readonly dir: string;

  constructor(
    dataDir: string,
    /** bounds of each ffmpeg run on an upload (lib/ffmpeg.ts) */
    private readonly limits: FfmpegLimits = DEFAULT_FFMPEG_LIMITS,
    /** the system's ffmpeg; null: videos cannot be checked, pictures still can */
    private readonly ffmpeg: string | null = findFfmpeg() ?? null,
  ) {
    this.dir = path.join(dataDir, 'tmp');
  }

  tempPath(suffix: string): string {
    return path.join(this.dir, `${randomUUID()}${suffix}`);
  }

  /** Streams to a new temp file; on any failure (an aborted upload, a size limit) the file is gone. */
  async receive(stream: Readable): Promise<{ path: string; size: number }> {
    await fs.mkdir(this.dir, { recursive: true });
    const file = this.tempPath('.upload');
    try {
      await pipeline(stream, createWriteStream(file, { flags: 'wx' }));
      return { path: file, size: (await fs.stat(file)).size };
    } catch (error) {
      await fs.rm(file, { force: true });
      throw error;
    }
  }

  async remove(...files: (string | undefined)[]): Promise<void> {
    await Promise.all(files.map((f) => f && fs.rm(f, { force: true })));
  }

  /** Removes temp files a crashed process left behind (older than an hour). */
  async sweepTemp(): Promise<void> {
    const names = await fs.readdir(this.dir).catch(() => [] as string[]);
    const hourAgo = Date.now() - 3_600_000;
    for (const name of names) {
      const file = path.join(this.dir, name);
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat && stat.mtimeMs < hourAgo) await fs.rm(file, { force: true });
    }
  }

  /**
   * Checks the content and writes the thumbnail (a 250x140 JPEG, cover) to thumbnailPath.
   * A JPEG must decode to its end; an MP4 must be H.264 with a frame ffmpeg can read.
   */
  async inspect(file: string, thumbnailPath: string): Promise<Inspected> {
    const handle = await fs.open(file, 'r');
    const head = Buffer.alloc(12);
    try {
      await handle.read(head, 0, head.length, 0);
    } finally {
      await handle.close();
    }
    const kind = sniff(head);
    if (kind === 'image/jpeg') {
      await this.thumbnail(file, thumbnailPath, 'a JPEG picture');
      return { mimeType: kind, duration: null };
    }
    if (kind === 'video/mp4') return this.inspectVideo(file, thumbnailPath);
    throw new UnsupportedContent('The file is neither a JPEG picture nor an MP4 video');
  }

  private async thumbnail(source: string, target: string, what: string) {
    try {
      const image = sharp(source, { failOn: 'truncated', sequentialRead: true });
      const meta = await image.metadata();
      if (meta.format !== 'jpeg') throw new Error(`format ${meta.format}`);
      await image
        .rotate()
        .resize(THUMBNAIL_WIDTH, THUMBNAIL_HEIGHT, { fit: 'cover' })
        .jpeg({ quality: 80 })
        .toFile(target);
    } catch {
      await fs.rm(target, { force: true });
      throw new UnsupportedContent(`The file is not ${what} that can be read to its end`);
    }
  }

  private async inspectVideo(file: string, thumbnailPath: string): Promise<Inspected> {
    const frame = this.tempPath('.frame.jpg');
    try {
      const { code, stderr } = await this.firstFrame(file, frame);
      const input = ffmpegInput(stderr);
      const exists = await fs.stat(frame).then(
        (s) => s.size > 0,
        () => false,
      );
      if (code !== 0 || !input.mp4 || !input.h264 || !exists) {
        throw new UnsupportedContent('The file is not an H.264 MP4 video with a readable frame');
      }
      await this.thumbnail(frame, thumbnailPath, 'a video with a readable frame');
      return { mimeType: 'video/mp4', duration: input.duration };
    } finally {
      await fs.rm(frame, { force: true });
    }
  }

  /**
   * The video's first frame as a JPEG at `frame`, read as MP4 from the local file only, within
   * the time and memory bounds (an upload is untrusted input to a large C decoder).
   */
  async firstFrame(file: string, frame: string): Promise<FfmpegRun> {
    if (!this.ffmpeg) throw new UnsupportedContent(`Videos cannot be checked here: ${NO_FFMPEG}`);
    return runFfmpeg(
      this.ffmpeg,
      [
        ...inputArgs(file, 'mov', this.limits.threads),
        ...['-map', '0:v:0', '-frames:v', '1', '-f', 'image2', '-c:v', 'mjpeg', '-y'],
        `file:${frame}`,
      ],
      this.limits,
    );
  }
}
