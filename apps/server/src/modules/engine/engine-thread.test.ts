import type { DeviceWithCredential } from '@fleet/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectionSettings } from '../../db/database.js';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { EngineThread } from './engine-thread.js';

/**
 * Issue 18: the engine's workers in a thread of their own, on the real database: what the
 * devices send becomes trips there, a thread that dies is started again and goes on, a stop
 * ends it, and its log lines reach the server's logger.
 */
let t: TestApp;
let seed: ReturnType<typeof fleetSeed>;
let device: DeviceWithCredential;
let assetId: number;
beforeAll(async () => {
  t = await createTestApp();
  seed = fleetSeed(t);
  const demo = await t.organisationId('Demo Transport');
  const asset = await seed.asset(demo);
  assetId = asset.id;
  device = await seed.device(demo);
  await seed.deviceLink(asset.id, device.id, '2026-01-01T00:00:00Z');
});
afterAll(() => t.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A trip of ten minutes on the day, as the device sends it. */
const trip = (day: number) =>
  Array.from({ length: 11 }, (_, i) => ({
    timestamp: new Date(Date.UTC(2026, 10, day, 8, i)).toISOString(),
    transferReason: i === 0 ? 'TRIP_START' : i === 10 ? 'TRIP_STOP' : 'PERIODIC',
    location: { latitude: 5200000 + i * 1000, longitude: 480000 },
    speed: i === 10 ? 0 : 60,
    odometer: 1_000_000 + i * 1000,
    drivingTime: i * 60,
  }));

async function send(records: object[]) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/device-api/v1/records',
    headers: { authorization: `Bearer ${device.credential}` },
    payload: { records },
  });
  expect(response.statusCode).toBe(200);
}

/** The asset's trips that ended, once the queue is empty (at most 40 s: a loaded machine). */
async function tripsWhenDone(): Promise<number> {
  const until = Date.now() + 40_000;
  for (;;) {
    const queued = await sql<{ n: number }>`SELECT count(*) AS n FROM engine_queue`.execute(t.db);
    if (queued.rows[0]!.n === 0) break;
    if (Date.now() > until) throw new Error('the engine thread left the queue as it was');
    await sleep(100);
  }
  const { rows } = await sql<{ n: number }>`
    SELECT count(*) AS n FROM trips WHERE asset_id = ${assetId} AND end_time IS NOT NULL`.execute(
    t.db,
  );
  return rows[0]!.n;
}

const lines: { level: string; message: string; object: object }[] = [];
const logger = {
  error: (object: object, message: string) => lines.push({ level: 'error', message, object }),
  warn: (object: object, message: string) => lines.push({ level: 'warn', message, object }),
  info: (object: object, message: string) => lines.push({ level: 'info', message, object }),
};

describe('the engine thread', () => {
  it('derives trips, comes back when it dies, and ends when stopped', async () => {
    const thread = new EngineThread(
      { ...connectionSettings(t.db), connections: 2, timezone: t.config.timezone },
      logger,
    );
    await send(trip(10));
    thread.start(2);
    try {
      expect(await tripsWhenDone()).toBe(1);

      // Ended from outside (as an out-of-memory thread would end): started again.
      const first = thread.current!;
      await first.terminate();
      await send(trip(11));
      expect(await tripsWhenDone()).toBe(2);
      expect(thread.current).toBeDefined();
      expect(thread.current).not.toBe(first);
      expect(lines.map((l) => l.message)).toContain(
        'engine thread: ended unasked; starting it again',
      );
    } finally {
      await thread.stop();
    }
    expect(thread.current).toBeUndefined();

    // Stopped: nothing derives what comes after.
    await send(trip(12));
    await sleep(1000);
    const { rows } = await sql<{ n: number }>`SELECT count(*) AS n FROM engine_queue`.execute(t.db);
    expect(rows[0]!.n).toBeGreaterThan(0);
  }, 120_000);

  it("writes the thread's log lines with the server's logger", async () => {
    // A database that is not there: the workers back off and say so once.
    const settings = connectionSettings(t.db);
    const url = new URL(settings.url);
    url.port = '1';
    const thread = new EngineThread(
      {
        url: url.toString(),
        timeouts: { ...settings.timeouts, connectMs: 500 },
        connections: 1,
        timezone: t.config.timezone,
      },
      logger,
    );
    lines.length = 0;
    thread.start(2);
    try {
      const until = Date.now() + 40_000;
      while (!lines.some((l) => l.level === 'warn') && Date.now() < until) await sleep(50);
    } finally {
      await thread.stop();
    }
    const warnings = lines.filter((l) => l.level === 'warn');
    expect(warnings).toEqual([
      {
        level: 'warn',
        message: 'engine: the database is unavailable; backing off until it is back',
        object: { reason: expect.stringMatching(/ECONNREFUSED|ENOENT/) },
      },
    ]);
  }, 60_000);
});
