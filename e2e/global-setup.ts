import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/server/src/lib/free-port.js';
import { createDatabase, databaseUrl, dropDatabase } from '../apps/server/src/test/databases.js';
import { findChromium } from './browser.js';
import { fleetZone } from './fleet-zone.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** readyFile: written once the server is seeded and caught up ('ok') or failed (why); ready.ts waits for it. */
    e2e: { baseUrl: string; jwtSecret: string; chromium: string; readyFile: string; zone: string };
  }
}

const root = path.resolve(import.meta.dirname, '..');
/** Days of demo history the simulator seeds for the browser tests (npm start seeds 30). */
const HISTORY_DAYS = '7';

/** Resolves with the first match of `pattern` in the process's output; fails with the output if it exits first. */
function waitForOutput(child: ChildProcess, pattern: RegExp, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const fail = (why: string) =>
      reject(new Error(`${why} (waiting for ${pattern}):\n${output.slice(-4000)}`));
    const timer = setTimeout(() => fail(`nothing in ${ms} ms`), ms);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = pattern.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout?.off('data', read);
      child.stderr?.off('data', read);
      resolve(match[1] ?? match[0]);
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => fail(`exited with ${code}`));
  });
}

/** Waits until the engine has derived everything the simulator sent. */
async function waitForEngine(baseUrl: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const health = (await (await fetch(`${baseUrl}/api/health`)).json()) as { engineQueue: number };
    if (health.engineQueue === 0) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the engine did not catch up in ${ms} ms`);
}

/**
 * The real server, started the way `npm start` starts it (with the simulator
 * seeding a demo fleet), on its own data directory and port.
 */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-e2e-'));
  chmodSync(dataDir, 0o755);
  const jwtSecret = randomBytes(32).toString('base64url');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const zone = fleetZone(new Date());
  console.log(`e2e: the fleet's time zone for this run is ${zone} (e2e/fleet-zone.ts)`);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    TIMEZONE: zone,
    NODE_ENV: 'production',
    DEMO_HISTORY_DAYS: HISTORY_DAYS,
    DEMO_LIVE_VEHICLES: '3',
    // e2e/sync.test.ts mirrors a second server on loopback: allowed as an operator allows one.
    OUTBOUND_ALLOW: '127.0.0.1',
  };
  const serverDb = process.env.E2E_DATABASE_URL;
  const dbName = `fleet_e2e_${process.pid}`;
  if (serverDb) {
    await dropDatabase(serverDb, dbName);
    await createDatabase(serverDb, dbName);
    env.DATABASE_URL = databaseUrl(serverDb, dbName);
  }
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Seeding takes minutes: the other projects' tests run meanwhile, and the browser tests wait
  // for the file (ready.ts). Keep reading so a full pipe never blocks the server.
  const readyFile = path.join(dataDir, 'e2e-ready');
  const mark = (state: string) => {
    try {
      writeFileSync(readyFile, state);
    } catch {
      // torn down meanwhile: nobody waits any more
    }
  };
  const seeded = waitForOutput(server, /Driving live/, 600_000);
  seeded.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
  void waitForOutput(server, /running at (http\S+)/, 600_000)
    .then(() => seeded)
    .then(() => waitForEngine(baseUrl, 180_000))
    .then(
      () => mark('ok'),
      (error: unknown) => mark(`failed: ${String(error)}`),
    )
    .finally(() => {
      server.stdout?.resume();
      server.stderr?.resume();
    });
  project.provide('e2e', { baseUrl, jwtSecret, chromium, readyFile, zone });

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    // unref: a pending timer would keep the test runner alive after the server is gone
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    if (serverDb) await dropDatabase(serverDb, dbName);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
