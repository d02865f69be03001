import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../apps/server/src/lib/free-port.js';
import { createDatabase, databaseUrl, dropDatabase } from '../apps/server/src/test/databases.js';
import { findChromium } from './browser.js';

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: { baseUrl: string; jwtSecret: string; chromium: string };
  }
}

const root = path.resolve(import.meta.dirname, '..');

/** Waits for the server's "running at <url>" line; fails with its output if it exits first. */
function waitForAddress(server: ChildProcess, ms: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`server did not start in ${ms} ms:\n${output}`)),
      ms,
    );
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server.stdout?.on('data', read);
    server.stderr?.on('data', read);
    server.on('exit', (code) =>
      reject(new Error(`server exited (${code}) before it started:\n${output}`)),
    );
  });
}

/** The real server, started the way `npm start` starts it, on its own data directory and port. */
export default async function setup(project: TestProject) {
  const chromium = findChromium();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-e2e-'));
  chmodSync(dataDir, 0o755);
  const jwtSecret = randomBytes(32).toString('base64url');
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
  };
  const serverDb = process.env.TEST_DATABASE_URL;
  const dbName = `fleet_e2e_${process.pid}`;
  if (serverDb) {
    await dropDatabase(serverDb, dbName);
    await createDatabase(serverDb, dbName);
    env.DATABASE_URL = databaseUrl(serverDb, dbName);
  }
  const server = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    env,
  });
  const baseUrl = await waitForAddress(server, 120_000);
  project.provide('e2e', { baseUrl, jwtSecret, chromium });

  return async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    // unref: a pending timer would keep the test runner alive after the server is gone
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000).unref())]);
    if (serverDb) await dropDatabase(serverDb, dbName);
    rmSync(dataDir, { recursive: true, force: true });
  };
}
