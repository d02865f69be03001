import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/server/src/lib/free-port.js';
import { createDatabase, databaseUrl, dropDatabase } from '../apps/server/src/test/databases.js';
import { ZONE } from './fixtures.js';

const root = path.resolve(import.meta.dirname, '..');

/**
 * Another server of ours, as a remote system the e2e server mirrors (docs/synchronisation.md:
 * "a second server to try it"): the built server alone, with the demo organisations and users
 * but no simulated fleet, on its own database (E2E_DATABASE_URL's server, else embedded) and
 * port. It can be paused (SIGSTOP: it answers nothing until resumed), stopped and started again
 * on the same data and port.
 */
export interface SecondServer {
  url: string;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops it and removes its data. */
  remove(): Promise<void>;
}

function runningAt(child: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => fail(`nothing in ${ms} ms`), ms);
    function fail(why: string) {
      clearTimeout(timer);
      reject(new Error(`the second server: ${why}:\n${output.slice(-4000)}`));
    }
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (!/running at http/.test(output)) return;
      clearTimeout(timer);
      child.stdout?.off('data', read);
      child.stderr?.off('data', read);
      // Keep reading so a full pipe never blocks it.
      child.stdout?.resume();
      child.stderr?.resume();
      resolve();
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    child.once('exit', (code) => fail(`exited with ${code}`));
  });
}

export async function startSecondServer(): Promise<SecondServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-e2e-remote-'));
  // The embedded PostgreSQL runs as another user when we are root.
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'warn',
    TIMEZONE: ZONE, // the fleet's zone of this run, as the e2e server's
    NODE_ENV: 'production',
    JANUS: 'off',
    SYNC_JOB_SECONDS: '0',
    MONITORING_JOB_SECONDS: '0',
    ENGINE_WORKERS: '1',
    // Its peer (the e2e server) is on loopback too.
    OUTBOUND_ALLOW: '127.0.0.1',
  };
  const serverDb = process.env.E2E_DATABASE_URL;
  const dbName = `fleet_e2e_remote_${process.pid}`;
  if (serverDb) {
    await dropDatabase(serverDb, dbName);
    await createDatabase(serverDb, dbName);
    env.DATABASE_URL = databaseUrl(serverDb, dbName);
  }

  let child: ChildProcess | undefined;
  const start = async () => {
    // Its own process group: stopping it ends its embedded PostgreSQL too.
    child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    await runningAt(child, 120_000);
  };
  /**
   * A remote that dies (killed, not shut down): from now on its address refuses connections. A
   * graceful stop would answer 503 on open connections for a while before it closes.
   */
  const stop = async () => {
    const running = child;
    child = undefined;
    if (!running?.pid || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    process.kill(-running.pid, 'SIGKILL');
    await exited;
  };
  await start();
  return {
    url: `http://127.0.0.1:${port}`,
    pause: () => child?.kill('SIGSTOP'),
    resume: () => child?.kill('SIGCONT'),
    stop,
    start,
    async remove() {
      await stop();
      if (serverDb) await dropDatabase(serverDb, dbName);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
