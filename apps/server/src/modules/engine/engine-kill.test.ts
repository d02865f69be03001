import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { DeviceWithCredential } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { freePort } from '../../lib/free-port.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 18 §2 under faults: a real server process (src/main.ts under tsx, two engine workers
 * in their thread)
 * on the test's database takes trips from several devices at once while it is killed with -9
 * twice. Devices resend a batch until it is acknowledged. Once the queue is empty, every derived
 * row (trips, their drivers, hourly and daily statistics, events) must equal a re-process of
 * the same raw records from scratch: 0 differences. Bounded: about a hundred batches and three
 * server starts, which take most of its time (75 s at load 30 on 2 cores). ENGINE_KILL_ROUNDS
 * makes a longer run.
 */

const root = path.resolve(import.meta.dirname, '../../../../..');
const ROUNDS = Number(process.env.ENGINE_KILL_ROUNDS ?? 2);
const DEVICES = 6;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'fleet-engine-kill-'));
const jwtSecret = randomBytes(32).toString('base64url');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let server: ChildProcess | undefined;
let base = '';
const devices: DeviceWithCredential[] = [];

async function startServer() {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  let output = '';
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=source', path.join(root, 'apps/server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: t.databaseUrl,
        JWT_SECRET: jwtSecret,
        LOG_LEVEL: 'warn',
        JANUS: 'off',
        SEED_DEMO: 'false',
        ENGINE_WORKERS: '2',
        // The workers in their thread (the default on more than two cores): a kill -9 ends it too.
        ENGINE_THREAD: 'on',
        MONITORING_JOB_SECONDS: '0',
        SYNC_JOB_SECONDS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true, // its own process group: kill -9 reaches tsx's child as well
    },
  );
  server = child;
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const deadline = Date.now() + 40_000;
  while (!/running at http/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await sleep(100);
  }
}

function kill() {
  const child = server;
  if (!child?.pid || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // gone already
  }
  server = undefined;
}

/** Two days of three trips each, one record every 5 minutes, with a harsh brake in each trip. */
function drive(index: number) {
  const records: object[] = [];
  for (const day of ['2026-11-09', '2026-11-10']) {
    for (const startHour of [6, 11, 22]) {
      // The 22:00 trip crosses midnight (Amsterdam): it belongs to two asset-days.
      const start = Date.parse(`${day}T${String(startHour).padStart(2, '0')}:00:00+01:00`);
      for (let minute = 0; minute <= 150; minute += 5) {
        const km = minute + index;
        records.push({
          timestamp: new Date(start + minute * 60_000).toISOString(),
          transferReason: minute === 0 ? 'TRIP_START' : minute === 150 ? 'TRIP_STOP' : 'PERIODIC',
          location: { latitude: 5200000 + km * 100, longitude: 480000 + index * 1000 },
          odometer: 1_000_000 + km * 1000,
          drivingTime: minute * 60,
          engineHours: 1000 + minute / 60,
          totalFuelUsed: 5000 + km * 0.3,
          harshBrakeCount: minute >= 60 ? 1 : 0,
          ...(minute === 60 ? { events: [{ eventType: 'HARSH_BRAKE' }] } : {}),
        });
      }
    }
  }
  return records;
}

/** Sends the device's records in batches of 10, each resent until a server acknowledges it. */
async function device(credential: string, index: number, acknowledged: { n: number }) {
  const records = drive(index);
  for (let i = 0; i < records.length; i += 10) {
    const batch = records.slice(i, i + 10);
    for (;;) {
      try {
        const response = await fetch(`${base}/device-api/v1/records`, {
          method: 'POST',
          headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
          body: JSON.stringify({ records: batch }),
          signal: AbortSignal.timeout(10_000),
        });
        if (response.status === 200) {
          const result = (await response.json()) as { rejected: unknown[] };
          expect(result.rejected).toEqual([]);
          acknowledged.n += batch.length;
          break;
        }
      } catch {
        // killed or starting: send again
      }
      await sleep(100);
    }
  }
}

/** Every derived row, without generated ids, as sortable text. */
async function derived(db: Db): Promise<string[]> {
  const { rows } = await sql<{ row: string }>`
    SELECT 'trip ' || (to_jsonb(t) - 'id')::text AS row FROM trips t
    UNION ALL
    SELECT 'trip driver ' || t.asset_id || ' ' || t.start_time || ' ' || (to_jsonb(d) - 'trip_id')::text
      FROM trip_drivers d JOIN trips t ON t.id = d.trip_id
    UNION ALL SELECT 'hourly ' || (to_jsonb(h) - 'id')::text FROM stats_hourly h
    UNION ALL SELECT 'daily ' || (to_jsonb(s) - 'id')::text FROM stats_daily s
    UNION ALL SELECT 'event ' || (to_jsonb(e) - 'id')::text FROM events e
    ORDER BY 1`.execute(db);
  return rows.map((r) => r.row);
}

beforeAll(async () => {
  t = await createTestApp();
  const demo = await t.organisationId('Demo Transport');
  const seed = fleetSeed(t);
  for (let i = 0; i < DEVICES; i++) {
    const asset = await seed.asset(demo);
    const driver = await seed.driver(demo);
    const created = await seed.device(demo);
    await seed.deviceLink(asset.id, created.id, '2026-11-01T00:00:00Z');
    await seed.driverLink(asset.id, driver.id, '2026-11-01T00:00:00Z');
    devices.push(created);
  }
}, 60_000);

afterAll(async () => {
  kill();
  await t?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('leaves no stale asset-day after kill -9 rounds: derived data equals a re-process', async () => {
  await startServer();
  const acknowledged = { n: 0 };
  const traffic = Promise.all(devices.map((d, i) => device(d.credential, i, acknowledged)));
  for (let round = 0; round < ROUNDS; round++) {
    await sleep(1500 + Math.random() * 1500);
    kill();
    await startServer();
  }
  await traffic;
  expect(acknowledged.n).toBe(DEVICES * drive(0).length);

  // The running server drains the queue.
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { rows } = await sql<{
      n: number;
    }>`SELECT count(*)::integer AS n FROM engine_queue`.execute(t.db);
    if (rows[0]!.n === 0) break;
    if (Date.now() > deadline) throw new Error(`queue not drained: ${rows[0]!.n}`);
    await sleep(200);
  }
  kill();
  const live = await derived(t.db);
  expect(live.filter((r) => r.startsWith('trip {')).length).toBe(DEVICES * 6);

  // Every asset-day again, from scratch, by this process's engine.
  await sql`DELETE FROM trips`.execute(t.db);
  await sql`DELETE FROM stats_hourly`.execute(t.db);
  await sql`DELETE FROM stats_daily`.execute(t.db);
  await sql`DELETE FROM events`.execute(t.db);
  await sql`
    INSERT INTO engine_queue (asset_id, day)
    SELECT DISTINCT asset_id, ("timestamp" AT TIME ZONE ${t.config.timezone})::date
    FROM raw_records WHERE asset_id IS NOT NULL
    ON CONFLICT DO NOTHING`.execute(t.db);
  await t.app.services.engine.drain();
  const again = await derived(t.db);

  const liveSet = new Set(live);
  const againSet = new Set(again);
  const differences = [
    ...live.filter((r) => !againSet.has(r)).map((r) => `only live: ${r}`),
    ...again.filter((r) => !liveSet.has(r)).map((r) => `only re-processed: ${r}`),
  ];
  expect(differences).toEqual([]);
  expect(live.length).toBe(again.length);
}, 180_000);
