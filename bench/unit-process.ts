import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { progress } from './setup.js';

const ROOT = path.resolve(import.meta.dirname, '..');

/** Clock ticks per second of /proc's CPU times. */
const TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout.trim()) || 100;

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat; 0 when it is gone. */
export function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: count fields after it.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS;
  } catch {
    return 0;
  }
}

/** Resident memory of a process, MB. */
export function residentMb(pid: number): number {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return Number(kb ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/** The pids of a process's children, with their command names. */
export function children(pid: number): { pid: number; name: string }[] {
  const found: { pid: number; name: string }[] = [];
  try {
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
      for (const child of list ? list.split(' ').map(Number) : []) {
        const name = readFileSync(`/proc/${child}/comm`, 'utf8').trim();
        found.push({ pid: child, name });
      }
    }
  } catch {
    // gone meanwhile
  }
  return found;
}

export interface CpuShare {
  /** share of one core over the window, % */
  percent: number;
  seconds: number;
}

/**
 * CPU of the given processes over a fixed window: /proc/<pid>/stat read before and after.
 * Each share is of one core (100 % = one core busy the whole window).
 */
export async function cpuOver(
  pids: Record<string, number>,
  seconds: number,
): Promise<Record<string, CpuShare>> {
  const before = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuSeconds(pid)]));
  const t0 = performance.now();
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  const wall = (performance.now() - t0) / 1000;
  return Object.fromEntries(
    Object.entries(pids).map(([k, pid]) => [
      k,
      { percent: (100 * (cpuSeconds(pid) - before[k]!)) / wall, seconds: wall },
    ]),
  );
}

export interface UnitProcess {
  pid: number;
  /** SIGTERM, then waits for it (and its ffmpegs) to end */
  stop(): Promise<void>;
}

let running: ChildProcess | undefined;

/** bench/camera-unit.ts as its own Node process, answering the device's commands. */
export async function startUnit(options: {
  url: string;
  credential: string;
  identifier: string;
  asset: string;
}): Promise<UnitProcess> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', path.join(ROOT, 'bench', 'camera-unit.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        BENCH_UNIT_URL: options.url,
        BENCH_UNIT_CREDENTIAL: options.credential,
        BENCH_UNIT_IDENTIFIER: options.identifier,
        BENCH_UNIT_ASSET: options.asset,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  running = child;
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-3000)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the camera unit did not start: ${errors}`)),
      60_000,
    );
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the camera unit exited (${code}): ${errors}`));
    });
  });
  progress(`unit: a simulated camera unit runs as pid ${child.pid}`);
  return {
    pid: child.pid!,
    stop: () => stopUnit(child),
  };
}

async function stopUnit(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const late = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(late);
  if (running === child) running = undefined;
}

/** Stops the unit process if one runs (the bench's cleanup). */
export const stopUnits = () => (running ? stopUnit(running) : Promise.resolve());
