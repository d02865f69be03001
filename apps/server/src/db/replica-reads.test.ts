import { execFile } from 'node:child_process';
import { appendFileSync, chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { installJobs } from '../jobs/job-runner.js';
import { freePort } from '../lib/free-port.js';
import { syncDefinitions } from '../modules/configurations/index.js';
import { DEMO_PASSWORD, seedDemo } from '../modules/demo/index.js';
import { createDb, migrate, type Db } from './database.js';
import { mayWrite } from './replica-reads.js';

/**
 * DATABASE_REPLICA_URL (issue 18 §6) on a real streaming replica: a throwaway primary made with
 * initdb (wal_level=replica) on a free port in a temporary directory, and a replica made from
 * it with pg_basebackup -R, which logs every statement. With the replica's replay paused:
 * a report and the fleet overview are read from the replica (its log has them; a change made
 * meanwhile is not in their answer), while the user who made the change reads the primary
 * (read-your-writes). The machine's own PostgreSQL plays no part. Bounded: about 15 s.
 */

const BIN = '/usr/lib/postgresql/15/bin';
const dir = mkdtempSync(path.join(os.tmpdir(), 'fleet-replica-'));
const primaryDir = path.join(dir, 'primary');
const replicaDir = path.join(dir, 'replica');
const replicaLog = path.join(dir, 'replica.log');
// PostgreSQL refuses to run as root: then as the postgres system user.
const asPostgres =
  process.getuid?.() === 0
    ? { uid: Number(await id('-u')), gid: Number(await id('-g')) }
    : ({} as { uid?: number; gid?: number });
let ports: { primary: number; replica: number };
let db: Db;
let replicaDb: Db;
let app: FastifyInstance;
let replicaAdmin: pg.Client;

async function id(flag: string) {
  return (await promisify(execFile)('id', [flag, 'postgres'])).stdout.trim();
}

const run = (binary: string, args: string[]) =>
  promisify(execFile)(path.join(BIN, binary), args, {
    ...asPostgres,
    cwd: dir,
    timeout: 60_000,
  }).catch((error: { stderr?: string; message: string }) => {
    throw new Error(`${binary}: ${error.stderr || error.message}`);
  });

const url = (port: number) => `postgres://postgres@127.0.0.1:${port}/fleetwise`;

beforeAll(async () => {
  chmodSync(dir, 0o777);
  ports = { primary: await freePort(), replica: await freePort() };
  await run('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '--no-sync']);
  appendFileSync(
    path.join(primaryDir, 'postgresql.conf'),
    [
      `port = ${ports.primary}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${dir}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'fsync = off',
      '',
    ].join('\n'),
  );
  await run('pg_ctl', ['-D', primaryDir, '-l', path.join(dir, 'primary.log'), '-w', 'start']);
  const admin = new pg.Client({
    connectionString: url(ports.primary).replace('fleetwise', 'postgres'),
  });
  await admin.connect();
  await admin.query('CREATE DATABASE fleetwise');
  await admin.end();
  db = createDb(url(ports.primary), 4);
  await migrate(db);
  await installJobs(db);
  await seedDemo(db);
  await syncDefinitions(db);

  await run('pg_basebackup', [
    ...['-h', '127.0.0.1', '-p', String(ports.primary), '-U', 'postgres'],
    ...['-D', replicaDir, '-R', '-X', 'stream', '-c', 'fast', '--no-sync'],
  ]);
  appendFileSync(
    path.join(replicaDir, 'postgresql.conf'),
    [`port = ${ports.replica}`, "log_statement = 'all'", ''].join('\n'),
  );
  await run('pg_ctl', ['-D', replicaDir, '-l', replicaLog, '-w', 'start']);
  replicaDb = createDb(url(ports.replica), 4);
  replicaAdmin = new pg.Client({ connectionString: url(ports.replica) });
  await replicaAdmin.connect();

  const config = loadConfig({
    DATA_DIR: path.join(dir, 'data'),
    JWT_SECRET: 'replica-test-secret',
    WEB_DIST: path.join(dir, 'no-web-build'),
    JANUS: 'off',
    MONITORING_JOB_SECONDS: '0',
    SYNC_JOB_SECONDS: '0',
  });
  app = await buildApp({ config, db, replicaDb });
  await app.ready();
}, 90_000);

afterAll(async () => {
  await app?.close();
  await replicaAdmin?.end();
  await replicaDb?.destroy();
  await db?.destroy();
  for (const data of [replicaDir, primaryDir])
    await run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop']).catch(() => {});
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the replica has replayed everything the primary has written so far. */
async function caughtUp() {
  const { rows } = await sql<{ lsn: string }>`SELECT pg_current_wal_lsn()::text AS lsn`.execute(db);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const replayed = await replicaAdmin.query<{ fresh: boolean }>(
      'SELECT pg_last_wal_replay_lsn() >= $1::pg_lsn AS fresh',
      [rows[0]!.lsn],
    );
    if (replayed.rows[0]!.fresh) return;
    if (Date.now() > deadline) throw new Error('the replica did not catch up in 15 s');
    await sleep(100);
  }
}

async function signIn(organisation: string, username: string) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { organisation, username, password: DEMO_PASSWORD },
  });
  expect(login.statusCode, login.body).toBe(200);
  const headers = { authorization: `Bearer ${login.json<{ accessToken: string }>().accessToken}` };
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
}

it('serves reports and the fleet overview from the replica, and a user who just changed something from the primary', async () => {
  const manager = await signIn('Demo Transport', 'manager');
  const oem = await signIn('Fleetwise OEM', 'oem');
  const organisations = (await manager('GET', '/api/organisations')).json<
    { id: number; name: string }[]
  >();
  const demo = organisations.find((o) => o.name === 'Demo Transport')!.id;
  const truck = await oem('POST', `/api/organisations/${demo}/assets`, { name: 'Truck R' });
  expect(truck.statusCode, truck.body).toBe(201);
  await caughtUp();

  // A report: its statements are in the replica's log.
  const logged = readFileSync(replicaLog, 'utf8').length;
  const report = await manager('POST', `/api/organisations/${demo}/reports/assets`, {
    from: '2026-10-01T00:00:00+02:00',
    until: '2026-11-01T00:00:00+01:00',
    interval: 'DAY',
  });
  expect(report.statusCode, report.body).toBe(200);
  await sleep(200);
  expect(readFileSync(replicaLog, 'utf8').slice(logged)).toMatch(/FROM stats_daily/);

  // The replica stops replaying: what the primary gets now is not on it.
  await replicaAdmin.query('SELECT pg_wal_replay_pause()');
  try {
    const created = await oem('POST', `/api/organisations/${demo}/assets`, {
      name: 'Only on the primary',
    });
    expect(created.statusCode, created.body).toBe(201);
    const fleet = `/api/organisations/${demo}/assets/fleet`;
    // The manager did not write: their overview is the replica's, without the new asset.
    const managers = await manager('GET', fleet);
    expect(managers.statusCode, managers.body).toBe(200);
    expect(managers.body).not.toContain('Only on the primary');
    // The OEM user made it: their overview is the primary's, with it.
    const oems = await oem('GET', fleet);
    expect(oems.statusCode, oems.body).toBe(200);
    expect(oems.body).toContain('Only on the primary');
    // Once the manager changes something too, their reads go to the primary as well.
    const renamed = await manager('POST', `/api/organisations/${demo}/assets`, {
      name: 'Made by the manager',
    });
    expect(renamed.statusCode, renamed.body).toBe(201);
    expect((await manager('GET', fleet)).body).toContain('Only on the primary');
  } finally {
    await replicaAdmin.query('SELECT pg_wal_replay_resume()');
  }
  // Caught up again, the manager reads the replica again and it has both.
  await caughtUp();
  const logged2 = readFileSync(replicaLog, 'utf8').length;
  const after = await manager('GET', `/api/organisations/${demo}/assets/fleet`);
  expect(after.body).toContain('Made by the manager');
  await sleep(200);
  expect(readFileSync(replicaLog, 'utf8').slice(logged2)).toMatch(/FROM assets/);
}, 60_000);

it.each([
  ['GET', '/api/organisations/1/assets/fleet', false],
  ['POST', '/api/organisations/3/reports/assets', false],
  ['POST', '/api/organisations/3/reports/drivers?x=1', false],
  ['POST', '/api/organisations/3/assets', true],
  ['PUT', '/api/assets/4', true],
  ['DELETE', '/api/assets/4', true],
])('a %s of %s may write: %s', (method, url, expected) => {
  expect(mayWrite(method, url)).toBe(expected);
});
