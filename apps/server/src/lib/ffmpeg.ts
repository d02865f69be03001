import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * ffmpeg on untrusted input (uploads, device recordings), the one way it is run: the system's
 * ffmpeg (Debian's, kept patched by the distribution; `apt-get install ffmpeg`), reading
 * local files only, with its input format fixed, bounded in time, memory and threads.
 *
 * No npm package ships a current ffmpeg inside itself (they download one at install time,
 * which this project does not allow), and the static build of @ffmpeg-installer is from 2018.
 */

/** The ffmpeg binary: FFMPEG_PATH, else `ffmpeg` on PATH; undefined when there is none. */
export function findFfmpeg(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const configured = env.FFMPEG_PATH;
  if (configured) return existsSync(configured) ? configured : undefined;
  for (const dir of (env.PATH ?? '').split(':').filter(Boolean)) {
    const candidate = path.join(dir, 'ffmpeg');
    if (existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** The message of every media feature that needs ffmpeg when there is none. */
export const NO_FFMPEG = 'ffmpeg is not installed on this server (apt-get install ffmpeg)';

export interface FfmpegLimits {
  /** killed (SIGKILL) after this long */
  timeoutMs: number;
  /** address space, bytes (RLIMIT_AS); Debian's ffmpeg maps ~300 MB of libraries alone */
  memoryBytes: number;
  /** decoding and encoding threads */
  threads: number;
}

export const DEFAULT_FFMPEG_LIMITS: FfmpegLimits = {
  timeoutMs: 60_000,
  memoryBytes: 1024 * 1024 * 1024,
  threads: 2,
};

export interface FfmpegRun {
  code: number | null;
  /** killed because it ran past the time bound */
  timedOut: boolean;
  /** the last 64 kB of what it said */
  stderr: string;
}

/**
 * ffmpeg's arguments for one local input file read with a fixed demuxer: the protocol
 * whitelist allows no network and no other file than the input (an HLS or concat playlist
 * could name http:// or file:///etc/passwd), and the fixed format stops content probing
 * from picking a demuxer that follows references.
 */
export function inputArgs(file: string, format: string, threads: number): string[] {
  return [
    '-hide_banner',
    '-nostdin',
    ...['-threads', String(threads), '-filter_threads', '1'],
    ...['-protocol_whitelist', 'file', '-f', format],
    // "file:" so a name such as "http:x" is still a local file
    ...['-i', `file:${path.resolve(file)}`],
  ];
}

let prlimit: string | null | undefined;
function findPrlimit(): string | null {
  if (prlimit !== undefined) return prlimit;
  prlimit = ['/usr/bin/prlimit', '/bin/prlimit'].find((p) => existsSync(p)) ?? null;
  return prlimit;
}

/**
 * The command line that runs `binary args` under an address-space limit: prlimit (util-linux)
 * when present, else a shell's `ulimit -v`; either execs ffmpeg, so the child is ffmpeg.
 */
export function limitedCommand(
  binary: string,
  args: string[],
  memoryBytes: number,
): { command: string; args: string[] } {
  const tool = findPrlimit();
  if (tool) return { command: tool, args: [`--as=${memoryBytes}`, '--', binary, ...args] };
  const kb = Math.ceil(memoryBytes / 1024);
  return {
    command: '/bin/sh',
    args: ['-c', `ulimit -v ${kb} && exec "$0" "$@"`, binary, ...args],
  };
}

/**
 * Runs ffmpeg within the limits (arguments as `inputArgs` makes them, then the output's).
 * Rejects only when it cannot start; a failed or killed run resolves with its code.
 */
export function runFfmpeg(
  binary: string,
  args: string[],
  limits: FfmpegLimits,
  children?: Set<ChildProcess>,
): Promise<FfmpegRun> {
  const { command, args: full } = limitedCommand(binary, args, limits.memoryBytes);
  return new Promise((resolve, reject) => {
    const child = spawn(command, full, {
      stdio: ['ignore', 'ignore', 'pipe'],
      // Fewer malloc arenas: threads would otherwise reserve address space the limit counts.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', MALLOC_ARENA_MAX: '2' },
    });
    children?.add(child);
    let stderr = '';
    let timedOut = false;
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-64_000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, limits.timeoutMs);
    child.once('error', (error) => {
      clearTimeout(timer);
      children?.delete(child);
      reject(error);
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      children?.delete(child);
      resolve({ code, timedOut, stderr });
    });
  });
}
