import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { freePort } from '../lib/free-port.js';
import { findJanus } from '../modules/video-gateway/index.js';
import { spawnServer } from './cluster.js';
import { createDatabase, databaseUrl, dropDatabase } from './databases.js';

/**
 * SERVER_PROCESSES=2 (issue 18 §3): one supervisor runs two whole servers on one port
 * (node:cluster) and one Janus of its own for both. Each answers; one killed with -9 is
 * replaced while the other answers every call; SIGTERM stops the servers and Janus, exit 0.
 * Bounded: about 30 s on a loaded two-core machine (most of it the starts).
 */

const { serverUrl, template } = inject('testDatabase');
const name = `fleet_processes_${process.pid}`;
const janus = findJanus('janus') !== undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dataDir: string;
let port: number;
let supervisor: ChildProcess;
let output = '';

/** The processes this one started, by pid, with their command lines. */
function childrenOf(pid: number): { pid: number; command: string }[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .split(' ')
      .filter(Boolean)
      .map((child) => ({
        pid: Number(child),
        command: readFileSync(`/proc/${child}/cmdline`, 'utf8').replaceAll('\0', ' '),
      }));
  } catch {
    return [];
  }
}
const servers = () => childrenOf(supervisor.pid!).filter((c) => c.command.includes('main.ts'));
const janusProcesses = () => childrenOf(supervisor.pid!).filter((c) => /janus/.test(c.command));

/** GET on a new connection each time (no keep-alive: each goes to whichever process takes it). */
function get(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    http
      .get(`http://127.0.0.1:${port}${url}`, { agent: false, timeout: 10_000 }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy();
      })
      .on('error', () => resolve({ status: 0, body: '' }));
  });
}

async function until(what: string, test: () => boolean | Promise<boolean>, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms\n${output}`);
    await sleep(100);
  }
}

beforeAll(async () => {
  await createDatabase(serverUrl, name, template);
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-processes-'));
  port = await freePort();
  supervisor = spawnServer(port, {
    DATABASE_URL: databaseUrl(serverUrl, name),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    SERVER_PROCESSES: '2',
    ENGINE_WORKERS: '1',
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    JANUS: janus ? 'auto' : 'off',
  });
  supervisor.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  supervisor.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  await until('running', () => /running at http/.test(output), 90_000);
  await until('two servers listening', async () => (await get('/api/health')).status === 200);
}, 120_000);

afterAll(async () => {
  // A failed run: what the supervisor started first (killed after it, they would be orphans).
  const left = supervisor ? [...servers(), ...janusProcesses()] : [];
  if (supervisor && supervisor.exitCode === null) supervisor.kill('SIGKILL');
  for (const child of left)
    try {
      process.kill(child.pid, 'SIGKILL');
    } catch {
      /* gone already */
    }
  rmSync(dataDir, { recursive: true, force: true });
  await dropDatabase(serverUrl, name);
}, 60_000);

it('two servers share the port and one Janus; one killed is replaced, the other answers meanwhile; SIGTERM stops all', async () => {
  expect(output).toContain('Processes: 2 (SERVER_PROCESSES)');
  const first = servers();
  expect(first).toHaveLength(2);
  // The supervisor's own Janus (none of the servers started one), live for the calls of both.
  if (janus) {
    expect(janusProcesses()).toHaveLength(1);
    for (const server of first)
      expect(janusProcesses().map((j) => j.pid)).not.toContain(server.pid);
    for (let i = 0; i < 6; i++) {
      const health = JSON.parse((await get('/api/health')).body) as { videoGateway: string };
      expect(health.videoGateway).toBe('up');
    }
  }

  // Each of the two in turn is killed; the other answers every call until the new one is up.
  const replaced = new Set<number>();
  for (const victim of first) {
    process.kill(victim.pid, 'SIGKILL');
    // Once the supervisor knows (a call it had just handed to the victim dies with it).
    await until('the victim gone', () => output.includes(`Server process ${victim.pid} ended`));
    const answers = await Promise.all(Array.from({ length: 20 }, () => get('/api/health')));
    expect(
      answers.map((a) => a.status),
      output,
    ).toEqual(Array(20).fill(200));
    await until('a replacement', () => servers().length === 2, 60_000);
    const replacement = servers().find(
      (s) => !first.some((f) => f.pid === s.pid) && !replaced.has(s.pid),
    )!;
    replaced.add(replacement.pid);
    await until('the replacement listening', () =>
      output.includes(`Server process ${replacement.pid} listens`),
    );
    const all = await Promise.all(Array.from({ length: 6 }, () => get('/api/health')));
    expect(all.map((a) => a.status)).toEqual(Array(6).fill(200));
  }
  expect(replaced.size).toBe(2);
  expect(output).toMatch(/Server process \d+ ended \(SIGKILL\); starting another/);
  if (janus) expect(janusProcesses()).toHaveLength(1);

  // SIGTERM: the servers stop, then Janus, then the supervisor, exit code 0.
  const last = [...servers(), ...janusProcesses()].map((c) => c.pid);
  const exited = new Promise<number | null>((r) => supervisor.once('exit', (code) => r(code)));
  supervisor.kill('SIGTERM');
  await until('the supervisor gone', () => supervisor.exitCode !== null, 40_000);
  expect(await exited).toBe(0);
  for (const pid of last) expect(() => process.kill(pid, 0)).toThrow();
}, 180_000);
