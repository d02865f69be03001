import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_FFMPEG_LIMITS,
  findFfmpeg,
  inputArgs,
  NO_FFMPEG,
  runFfmpeg,
  type FfmpegLimits,
} from '../../lib/ffmpeg.js';
import { findJanus } from '../video-gateway/index.js';

/** What janus-pp-rec -j says of a recording. */
export interface RecordingHeader {
  /** v: video, a: audio, d: data */
  kind: string | undefined;
  codec: string | undefined;
  /** every text in the header (the publisher's display name is among them) */
  texts: string[];
  /** when the recording began, from the header's created time */
  startedAt: Date | undefined;
}

const TOOL_TIMEOUT_MS = 30 * 60_000;

/** Reads janus-pp-rec's JSON header (pure). */
export function parseRecordingHeader(json: string): RecordingHeader | undefined {
  let header: unknown;
  try {
    header = JSON.parse(json.slice(json.indexOf('{')));
  } catch {
    return undefined;
  }
  if (typeof header !== 'object' || header === null) return undefined;
  const texts: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') texts.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(header);
  const h = header as Record<string, unknown>;
  const created = typeof h.s === 'number' ? new Date(Math.floor(h.s / 1000)) : undefined;
  return {
    kind: typeof h.t === 'string' ? h.t : undefined,
    codec: typeof h.c === 'string' ? h.c : undefined,
    texts,
    startedAt: created && !Number.isNaN(created.getTime()) ? created : undefined,
  };
}

/**
 * The video filter of a recording's encode: frame times as recorded, except that a jump
 * (backwards, or forwards by more than MAX_FRAME_GAP_SECONDS) becomes one frame's step. An
 * encoder that restarts mid-stream ('Enhance video', a device's reset) starts a new RTP
 * timestamp base; kept, that gap became hours of repeated frames in the MP4.
 */
export const MAX_FRAME_GAP_SECONDS = 2;
export const CLOSE_GAPS_FILTER =
  `setpts='if(isnan(PREV_INPTS),0,` +
  `if(between(PTS-PREV_INPTS,0,${MAX_FRAME_GAP_SECONDS}/TB),PREV_OUTPTS+PTS-PREV_INPTS,` +
  `PREV_OUTPTS+1/(15*TB)))'`;

function run(
  binary: string,
  args: string[],
  children: Set<ChildProcess>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    children.add(child);
    child.once('close', () => children.delete(child));
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      if (stdout.length < 64_000) stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      if (stderr.length < 64_000) stderr += c;
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), TOOL_TIMEOUT_MS);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Janus recordings on disk: listed after a room is destroyed, read with janus-pp-rec and
 * turned into H.264 MP4 files with ffmpeg (docs/monitoring.md, "Recordings").
 */
export class RecordingsRepository {
  /** The tools running now: killed when the server stops, so none outlives it. */
  private readonly children = new Set<ChildProcess>();

  constructor(
    private readonly tempDir: string,
    private readonly ppRecBinary = 'janus-pp-rec',
    /** a recording lasts up to the longest monitoring: its encode may take a while */
    private readonly limits: FfmpegLimits = {
      ...DEFAULT_FFMPEG_LIMITS,
      timeoutMs: TOOL_TIMEOUT_MS,
    },
    private readonly ffmpeg: string | null = findFfmpeg() ?? null,
  ) {}

  /** The .mjr files of a folder (absolute paths), in name order; none when it does not exist. */
  async list(dir: string): Promise<string[]> {
    const names = await fs.readdir(dir).catch(() => [] as string[]);
    return names
      .filter((n) => n.endsWith('.mjr'))
      .sort()
      .map((n) => path.join(dir, n));
  }

  async size(file: string): Promise<number | undefined> {
    return fs.stat(file).then(
      (s) => s.size,
      () => undefined,
    );
  }

  private ppRec(): string {
    const found = findJanus(this.ppRecBinary);
    if (!found) throw new Error('janus-pp-rec is not installed (apt install janus-tools)');
    return found;
  }

  async header(file: string): Promise<RecordingHeader | undefined> {
    const { stdout } = await run(this.ppRec(), ['-j', file], this.children);
    return parseRecordingHeader(stdout);
  }

  /**
   * The recording as an H.264 MP4 with faststart, at a temp path the caller removes: VP8 via
   * WebM and an encode, H.264 via a remux (janus-pp-rec's MP4 header is not right).
   */
  async toMp4(file: string, codec: string | undefined, name: string): Promise<string> {
    await fs.mkdir(this.tempDir, { recursive: true });
    const h264 = codec === 'h264';
    const intermediate = path.join(this.tempDir, `${name}.pp.${h264 ? 'mp4' : 'webm'}`);
    const output = path.join(this.tempDir, `${name}.mp4`);
    try {
      const extracted = await run(this.ppRec(), [file, intermediate], this.children);
      if (extracted.code !== 0)
        throw new Error(`janus-pp-rec failed: ${extracted.stderr.slice(-300)}`);
      await this.encodeMp4(intermediate, output, h264);
      return output;
    } catch (error) {
      await fs.rm(output, { force: true });
      throw error;
    } finally {
      await fs.rm(intermediate, { force: true });
    }
  }

  /**
   * `input` (WebM VP8 or MP4 H.264 from janus-pp-rec) as an H.264 MP4 with faststart at `output`:
   * H.264 is copied, anything else encoded with the frame-time gaps closed (CLOSE_GAPS_FILTER).
   */
  async encodeMp4(input: string, output: string, h264: boolean): Promise<void> {
    if (!this.ffmpeg) throw new Error(`Recordings cannot be converted: ${NO_FFMPEG}`);
    const encode = h264
      ? ['-c:v', 'copy']
      : [
          ...['-vf', CLOSE_GAPS_FILTER, '-vsync', 'vfr'],
          ...['-c:v', 'libx264', '-preset', 'veryfast', '-pix_fmt', 'yuv420p'],
          ...['-threads', String(this.limits.threads)],
        ];
    // What a device published is not trusted more than an upload: local file, fixed demuxer.
    const converted = await runFfmpeg(
      this.ffmpeg,
      [
        ...inputArgs(input, h264 ? 'mov' : 'matroska', this.limits.threads),
        ...['-y', '-map', '0:v:0', '-an', ...encode, '-movflags', '+faststart'],
        `file:${output}`,
      ],
      this.limits,
      this.children,
    );
    if (converted.code !== 0)
      throw new Error(
        converted.timedOut
          ? `ffmpeg did not finish within ${this.limits.timeoutMs / 1000} s`
          : `ffmpeg failed: ${converted.stderr.slice(-300)}`,
      );
  }

  /** Kills the tools still running (the server stops); their jobs are tried again later. */
  killRunning(): void {
    for (const child of this.children) child.kill('SIGKILL');
  }

  async remove(...files: (string | undefined)[]): Promise<void> {
    await Promise.all(files.map((f) => f && fs.rm(f, { force: true })));
  }
}
