import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fleetSeed } from '../../test/fleet-seed.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

/**
 * Issue 16: work nobody waits for stops, and heavy work is bounded. A report's query is held
 * on PostgreSQL by a lock another connection takes on stats_daily (what the period sums
 * read), so "still running" is certain, not a matter of timing; a real HTTP client then goes
 * away, or asks for more than its share, while another tenant uses the API.
 */
let t: TestApp;
let base: string;
let demo: number;
let northline: number;
let asset: number;
const statuses: { url: string; status: number }[] = [];
const errors: { url: string; status?: number }[] = [];
let locker: pg.Client | undefined;
/** Watches pg_stat_activity from outside the app's pool (which the old code filled up). */
let observer: pg.Client;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  // Every report counts as heavy here; the limits are the defaults (4 per user, 8 per organisation).
  t = await createTestApp({ HEAVY_REPORT_ASSET_DAYS: '1' });
  // What reaches the error handler, and what is answered: a 500 would be logged as a failure.
  t.app.addHook('onError', async (request, _reply, error) => {
    errors.push({ url: request.url, status: (error as { statusCode?: number }).statusCode });
  });
  t.app.addHook('onResponse', async (request, reply) => {
    statuses.push({ url: request.url, status: reply.statusCode });
  });
  demo = await t.organisationId('Demo Transport');
  northline = await t.organisationId('Northline Reseller');
  asset = (await fleetSeed(t).asset(demo)).id;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  observer = new pg.Client({ connectionString: t.databaseUrl });
  await observer.connect();
});
afterEach(async () => {
  await locker?.end();
  locker = undefined;
});
afterAll(async () => {
  await observer.end();
  await t.close();
});

/** Holds an exclusive lock on stats_daily until the test ends: every report read waits on it. */
async function lockStatsDaily() {
  locker = new pg.Client({ connectionString: t.databaseUrl });
  await locker.connect();
  await locker.query('BEGIN');
  await locker.query('LOCK TABLE stats_daily IN ACCESS EXCLUSIVE MODE');
}

/**
 * Queries of other connections on this database waiting for a lock: the report reads behind
 * the one on stats_daily (the query text itself is cut at 1 kB, before the table's name).
 */
async function waitingReportQueries(): Promise<number> {
  const { rows } = await observer.query<{ n: number }>(`
    SELECT count(*)::integer AS n FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid()
      AND state = 'active' AND wait_event_type = 'Lock'`);
  return rows[0]!.n;
}

async function until(what: string, check: () => Promise<boolean>, ms: number) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return Date.now();
    await sleep(50);
  }
  throw new Error(`not within ${ms} ms: ${what}`);
}

const tokenOf = async (user: string) => (await t.login(user)).accessToken;

const monthBody = JSON.stringify({
  from: '2026-10-01T00:00:00+02:00',
  until: '2026-11-01T00:00:00+01:00',
  interval: 'DAY',
});

/** A report request over a real socket; `abort` closes it as a browser tab that is shut. */
function startReport(token: string) {
  const request = http.request(`${base}/api/organisations/${demo}/reports/assets`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
  });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
    },
  );
  answer.catch(() => {}); // an aborted request's rejection is expected
  request.end(monthBody);
  return { answer, abort: () => request.destroy() };
}

const timed = async (url: string, token?: string) => {
  const t0 = Date.now();
  const response = await fetch(`${base}${url}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(10_000),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - t0 };
};

describe('a client that goes away', () => {
  it('has its report query cancelled on PostgreSQL at once, logged as 499, not 500', async () => {
    const token = await tokenOf('manager');
    await lockStatsDaily();
    const report = startReport(token);
    await until(
      'the report query waits on PostgreSQL',
      async () => (await waitingReportQueries()) > 0,
      10_000,
    );

    const abortedAt = Date.now();
    report.abort();
    const goneAt = await until(
      'the report query is gone from pg_stat_activity',
      async () => (await waitingReportQueries()) === 0,
      2000,
    );
    expect(goneAt - abortedAt).toBeLessThan(2000);
    // The lock still stands: only the cancel can have ended the query.
    expect(locker).toBeDefined();
    const reportUrl = `/api/organisations/${demo}/reports/assets`;
    await until('the cancel reaches the error handler', async () => errors.length > 0, 2000);
    expect(errors).toEqual([{ url: reportUrl, status: 499 }]);
    expect(statuses.filter((s) => s.status >= 500)).toEqual([]);
  });
});

describe('heavy reports of one user', () => {
  it('answer the fifth at once with 429 and Retry-After while another tenant is served', async () => {
    const manager = await tokenOf('manager');
    const reseller = await tokenOf('reseller');
    await lockStatsDaily();
    const running = Array.from({ length: 4 }, () => startReport(manager));
    try {
      // One holds the connection slot (HEAVY_CONNECTIONS, 1) and waits on the lock; the other
      // three wait for the slot, accepted.
      await until(
        'one report waits on PostgreSQL',
        async () => (await waitingReportQueries()) === 1,
        10_000,
      );
      await sleep(300);
      expect(await waitingReportQueries()).toBe(1);

      const fifth = startReport(manager);
      const refused = await fifth.answer;
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);

      // Another tenant, and the health check, keep the rest of the pool.
      for (let i = 0; i < 3; i++) {
        const health = await timed('/api/health');
        const fleet = await timed(`/api/organisations/${northline}/assets/fleet`, reseller);
        const trips = await timed(
          `/api/assets/${asset}/trips?from=2026-11-01T00:00:00Z&until=2026-11-02T00:00:00Z`,
          reseller,
        );
        expect([health.status, fleet.status, trips.status]).toEqual([200, 200, 200]);
        expect(Math.max(health.ms, fleet.ms, trips.ms)).toBeLessThan(1000);
      }
    } finally {
      // The lock goes: the four finish (or are cancelled when the test ends first).
      await locker?.end();
      locker = undefined;
    }
    const answers = await Promise.all(running.map((r) => r.answer));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(JSON.parse(answers[0]!.body)).toHaveLength(31);
    // Their places are free again.
    const again = startReport(manager);
    expect((await again.answer).status).toBe(200);
  });
});

describe('a client that stops reading, then goes away', () => {
  it('frees its place and its connection', async () => {
    const manager = await tokenOf('manager');
    // 60 assets over 400 days: an answer of many MB, more than the socket buffers hold.
    const seed = fleetSeed(t);
    for (let i = 0; i < 60; i++) await seed.asset(demo);
    const body = JSON.stringify({
      from: '2025-10-01T00:00:00+02:00',
      until: '2026-11-01T00:00:00+01:00',
      interval: 'DAY',
    });
    const stalled = Array.from({ length: 4 }, () => {
      const request = http.request(`${base}/api/organisations/${demo}/reports/assets`, {
        method: 'POST',
        headers: { authorization: `Bearer ${manager}`, 'content-type': 'application/json' },
      });
      const started = new Promise<http.IncomingMessage>((resolve, reject) => {
        request.on('response', (response) => {
          response.pause(); // reads nothing more: the report waits for the client
          response.on('error', () => {}); // cut off below, on purpose
          resolve(response);
        });
        request.on('error', reject);
      });
      started.catch(() => {}); // the one still waiting for its turn is cut off unanswered
      request.end(body);
      return { request, started };
    });
    // One has the connection slot and answers until the client stops reading; three wait.
    let started = 0;
    for (const s of stalled)
      void s.started.then(
        () => started++,
        () => {},
      );
    await until('one answer has started', async () => started === 1, 10_000);
    await sleep(500);
    expect(started).toBe(1);
    for (const s of stalled) s.request.destroy();
    // Four places again: none refused, all answered in full.
    await until(
      'the places are free again',
      async () => {
        const probe = startReport(manager);
        const answer = await probe.answer;
        return answer.status === 200;
      },
      5000,
    );
    const again = await Promise.all(Array.from({ length: 4 }, () => startReport(manager).answer));
    expect(again.map((a) => a.status)).toEqual([200, 200, 200, 200]);
  });
});
