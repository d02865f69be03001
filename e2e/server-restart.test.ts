import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../apps/server/src/lib/free-port.js';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-restart-'));
chmodSync(dataDir, 0o755);
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the built server on the embedded database; resolves once it serves /api/health. */
async function start() {
  const port = await freePort();
  const env = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  };
  const server = spawn(process.execPath, [path.join(root, 'apps', 'server', 'dist', 'main.js')], {
    env,
  });
  let output = '';
  server.stdout.on('data', (c: Buffer) => (output += c.toString()));
  server.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}:\n${output}`);
    const health = await fetch(`http://127.0.0.1:${port}/api/health`).catch(() => undefined);
    if (health?.ok) return { server, port, output: () => output };
    await new Promise((r) => setTimeout(r, 200));
  }
  server.kill('SIGKILL');
  throw new Error(`server did not answer within 60 s:\n${output}`);
}

const exited = (server: ReturnType<typeof spawn>) =>
  server.exitCode !== null ? Promise.resolve() : new Promise((r) => server.once('exit', r));

it('starts again on the embedded database after a run that was killed', async () => {
  const first = await start();
  first.server.kill('SIGKILL'); // no clean shutdown: postgres is orphaned and postmaster.pid stays
  await exited(first.server);

  const second = await start();
  const login = await fetch(`http://127.0.0.1:${second.port}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      organisation: 'Demo Transport',
      username: 'manager',
      password: 'demo-pass',
    }),
  });
  expect(login.status).toBe(200); // the data of the first run is still there, seeded once

  second.server.kill('SIGTERM'); // a clean stop also stops the embedded PostgreSQL
  await exited(second.server);
  expect(second.server.exitCode).toBe(0);
  expect(second.output()).toContain('SIGTERM: stopping');
  expect(existsSync(path.join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
});
