import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { createDb, type Db } from '../db/database.js';
import { createDatabase, databaseUrl, dropDatabase } from '../test/databases.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { JobRunner } from './job-runner.js';

const quiet = { warn: () => undefined, info: () => undefined, error: () => undefined };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => boolean | Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}

let serverUrl: string;
let name: string;
let db: Db;
let otherDb: Db;

beforeAll(async () => {
  const testDatabase = inject('testDatabase');
  serverUrl = testDatabase.serverUrl;
  name = `fleet_jobs_${randomBytes(6).toString('hex')}`;
  await createDatabase(serverUrl, name, testDatabase.template);
  db = createDb(databaseUrl(serverUrl, name), 4);
  otherDb = createDb(databaseUrl(serverUrl, name), 4);
});

afterAll(async () => {
  await db?.destroy();
  await otherDb?.destroy();
  await dropDatabase(serverUrl, name);
});

describe('the job runner', () => {
  it('runs a scheduled job once per slot, however many server processes share the database', async () => {
    const options = { 'test.tick': { retryLimit: 0, retryDelaySeconds: 1, expireInSeconds: 60 } };
    const runs: string[] = [];
    const runners = [db, otherDb].map((database) => {
      const runner = new JobRunner(database, quiet, options);
      runner.handle('test.tick', {
        everySeconds: 1,
        run: async (_, job) => void runs.push(job.id),
      });
      return runner;
    });
    await Promise.all(runners.map((r) => r.start()));
    await until(() => runs.length >= 3);
    await Promise.all(runners.map((r) => r.stop()));
    const { rows } = await sql<{ slots: number; jobs: number }>`
      SELECT count(DISTINCT singleton_on)::int AS slots, count(*)::int AS jobs
        FROM pgboss.job WHERE name = 'test.tick' AND singleton_on IS NOT NULL`.execute(db);
    // Both processes send every second; the database makes one job of each second's slot, and
    // each job ran once, in one of the two processes.
    expect(rows[0]!.jobs).toBe(rows[0]!.slots);
    expect(runs.length).toBe(new Set(runs).size);
  });

  it('retries a failing job with growing waits, then it succeeds', async () => {
    const options = { 'test.flaky': { retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 60 } };
    const tries: number[] = [];
    const runner = new JobRunner(db, quiet, options);
    runner.handle('test.flaky', {
      everySeconds: 0,
      run: async () => {
        tries.push(Date.now());
        if (tries.length < 3) throw new Error('not yet');
      },
    });
    await runner.start();
    runner.trigger('test.flaky');
    const job = async () =>
      (
        await sql<{ state: string; retry_count: number }>`
          SELECT state, retry_count FROM pgboss.job WHERE name = 'test.flaky'`.execute(db)
      ).rows;
    // The third try has begun when it is counted; its completion is written a moment later
    // (on a busy machine after the check, seen in CI): wait for the job to leave 'active'.
    await until(async () => tries.length >= 3 && (await job())[0]?.state !== 'active', 30_000);
    await runner.stop();
    const waits = tries.slice(1).map((t, i) => t - tries[i]!);
    // pg-boss's backoff: delay · 2^n / 2, plus as much again at random: ≥1 s, then ≥2 s.
    expect(waits[0]).toBeGreaterThanOrEqual(900);
    expect(waits[1]).toBeGreaterThanOrEqual(1900);
    expect(await job()).toEqual([{ state: 'completed', retry_count: 2 }]);
  });
});

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ MEDIA_JOB_MINUTES: '0' });
  });
  afterAll(() => t?.close());

  it('reports each queue: how many wait and how long the oldest has waited', async () => {
    await sql`
      INSERT INTO pgboss.job (name, data, start_after)
      VALUES ('sync.round', '{}', now() - interval '90 seconds'),
             ('sync.round', '{}', now() + interval '1 hour')`.execute(t.db);
    const health = (await t.app.inject({ method: 'GET', url: '/api/health' })).json();
    const sync = health.jobs.find((q: { name: string }) => q.name === 'sync.round');
    // The one due job waited 90 s (and the moments of this test); the other is not due yet.
    expect(sync).toMatchObject({ waiting: 2, oldestWaitingSeconds: expect.any(Number) });
    expect(sync.oldestWaitingSeconds).toBeGreaterThanOrEqual(90);
    expect(sync.oldestWaitingSeconds).toBeLessThan(100);
    expect(health.jobs).toContainEqual({
      name: 'media.retention',
      waiting: 0,
      oldestWaitingSeconds: 0,
    });
  });
});

describe('two server processes on one database', () => {
  it('run each media retention job once', async () => {
    const t = await createTestApp({ MEDIA_JOB_MINUTES: '1' });
    const secondDb = createDb(t.databaseUrl, 4);
    const other = await buildApp({ config: t.config, db: secondDb });
    try {
      let runs = 0;
      for (const app of [t.app, other]) {
        const media = app.services.media;
        const original = media.retentionJob.bind(media);
        media.retentionJob = async () => {
          runs++;
          await original();
        };
      }
      await Promise.all([t.app.ready(), other.ready()]);
      const jobs = async () =>
        (
          await sql<{ jobs: number; slots: number; completed: number }>`
            SELECT count(*)::int AS jobs, count(DISTINCT singleton_on)::int AS slots,
                   count(*) FILTER (WHERE state = 'completed')::int AS completed
              FROM pgboss.job WHERE name = 'media.retention'`.execute(t.db)
        ).rows[0]!;
      await until(async () => (await jobs()).completed >= 1);
      await sleep(2500); // both workers have polled again
      const after = await jobs();
      // Both sent the minute's job at start: one job per minute, run by one of them.
      expect(after.jobs).toBe(after.slots);
      expect(runs).toBe(after.completed);
      expect(runs).toBeLessThanOrEqual(2); // two only when the starts straddle a minute
    } finally {
      await other.close();
      await secondDb.destroy();
      await t.close();
    }
  });
});
