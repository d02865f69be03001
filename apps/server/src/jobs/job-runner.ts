import { CompiledQuery } from 'kysely';
import PgBoss from 'pg-boss';
import type { Db } from '../db/database.js';
import { OutageLog } from '../lib/outage.js';
import { retryOnConflict } from '../lib/postgres-errors.js';
import { JOB_SCHEMA, type JobName, type JobOptions, JOBS } from './jobs.js';
import { JobsRepository, type QueueDepth } from './jobs.repository.js';

export type { QueueDepth };

interface Logger {
  warn(object: object, message: string): void;
  info(message: string): void;
  error(object: object, message: string): void;
}

/** Background work that is not a job (the engine's asset-day workers): started and stopped here. */
export interface Loop {
  start(): void;
  stop(): Promise<void>;
}

export interface JobHandler {
  /** Idempotent: a retry, or a run after a crash, may do it again. */
  run(signal: AbortSignal, job: { id: string }): Promise<void>;
  /** Seconds between scheduled runs; 0: only when triggered. */
  everySeconds: number;
}

/** One key for every job of a queue: with the `short` policy at most one waits (a trigger is not queued twice). */
const KEY = 'run';
/** How often an idle worker looks for a job; a trigger in this process wakes it at once. */
const POLL_SECONDS = 2;
/** A running job waits this long at a stop before pg-boss fails it (it runs again later). */
const STOP_TIMEOUT_MS = 25_000;
const SETTLED_POLL_MS = 50;
/** A start that failed for another reason than an outage is tried again this much later. */
const RESTART_MS = 5000;

/**
 * pg-boss's statements run on our pool: one set of connections, timeouts and outage watch. Once
 * the runner stops, a statement that fails (the pool closed behind a job's last `complete`,
 * which pg-boss sends without waiting for it) answers no rows instead of an unhandled rejection
 * (a command that counts what it changed answers a count of 0, which pg-boss reads); a job whose
 * completion is lost that way expires and runs again (handlers are idempotent).
 */
const adapter = (db: Db, stopped?: AbortSignal) => ({
  executeSql: async (text: string, values: unknown[] = []) => {
    try {
      return await db.executeQuery(CompiledQuery.raw(text, values));
    } catch (error) {
      if (stopped?.aborted) return { rows: /\bcount\(\*\)/i.test(text) ? [{ count: '0' }] : [] };
      throw error;
    }
  },
});

const newBoss = (db: Db, supervise = true, stopped?: AbortSignal) =>
  new PgBoss({
    db: adapter(db, stopped),
    schema: JOB_SCHEMA,
    // We schedule by throttled sends (seconds, not cron minutes); no cron clock needed.
    schedule: false,
    // Expired and failed jobs are retried, old ones archived, by whichever process comes first.
    supervise,
    maintenanceIntervalSeconds: 60,
  });

/** Creates the job schema and the product's queues (at start, and once in the test template). */
export async function installJobs(db: Db): Promise<void> {
  const boss = newBoss(db, false);
  await boss.start();
  for (const [name, options] of Object.entries(JOBS)) await createQueue(boss, name, options);
  await boss.stop({ graceful: false, close: false });
}

/** Servers starting together may create a queue at once: PostgreSQL picks a deadlock victim, which tries again. */
async function createQueue(boss: PgBoss, name: string, options: JobOptions): Promise<void> {
  if (await boss.getQueue(name)) return;
  await retryOnConflict(() => newQueue(boss, name, options));
}

const newQueue = (boss: PgBoss, name: string, options: JobOptions) =>
  boss.createQueue(name, {
    name,
    policy: 'short',
    retryLimit: options.retryLimit,
    retryDelay: options.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: options.expireInSeconds,
  });

/**
 * The one job mechanism (pg-boss on the product's PostgreSQL): named handlers, retried with
 * backoff, scheduled every N seconds, each job taken by exactly one process of those sharing the
 * database (pg-boss fetches with SKIP LOCKED; a schedule's slot is one job, however many
 * processes send it). It also starts and stops the loops that are not jobs, so one place starts
 * and stops all background work. A database outage is logged once (lib/outage.ts).
 */
export class JobRunner {
  private readonly handlers = new Map<string, JobHandler>();
  private readonly loops: Loop[] = [];
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly workers = new Map<string, string>();
  private readonly running = new Set<Promise<void>>();
  private readonly stopping = new AbortController();
  private readonly outage: OutageLog;
  private readonly repository: JobsRepository;
  private boss: PgBoss | undefined;
  private started: Promise<void> | undefined;
  private retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly log: Logger,
    /** Extra queues beyond JOBS (tests). */
    private readonly extra: Record<string, JobOptions> = {},
  ) {
    this.outage = new OutageLog('jobs', log);
    this.repository = new JobsRepository(db);
  }

  /** Registers a job's handler (before start). Jobs without a handler are not run here. */
  handle(name: JobName | string, handler: JobHandler): void {
    if (!(name in JOBS) && !(name in this.extra)) throw new Error(`no job named ${name}`);
    this.handlers.set(name, handler);
  }

  /** Registers a loop started and stopped with the jobs. */
  add(loop: Loop): void {
    this.loops.push(loop);
  }

  /** Starts the loops, and pg-boss when there is any job to run. */
  start(): Promise<void> {
    this.started ??= this.startAll();
    return this.started;
  }

  private async startAll(): Promise<void> {
    for (const loop of this.loops) loop.start();
    await this.startJobs();
  }

  /** Never throws: a database that does not answer now is tried again, with the outage's backoff. */
  private async startJobs(): Promise<void> {
    const boss = newBoss(this.db, true, this.stopping.signal);
    try {
      // A process that runs no job still reports the queues (GET /api/health).
      if (this.handlers.size === 0) return await installJobs(this.db);
      boss.on('error', (error: unknown) => {
        // A worker's last poll may end after the stop, on a closed pool: nothing to report.
        if (!this.stopping.signal.aborted) this.failed(error, 'jobs: pg-boss failed');
      });
      await boss.start();
      this.boss = boss;
      for (const [name, handler] of this.handlers) await this.startJob(boss, name, handler);
      this.outage.succeeded();
    } catch (error) {
      this.boss = undefined;
      for (const timer of this.timers.splice(0)) clearInterval(timer);
      this.workers.clear();
      await boss.stop({ graceful: false, close: false }).catch(() => undefined);
      const wait = this.outage.failed(error);
      if (wait === undefined) this.log.error({ err: error }, 'jobs: could not start');
      if (this.stopping.signal.aborted) return;
      this.retry = setTimeout(() => {
        this.started = this.startJobs();
      }, wait ?? RESTART_MS);
      this.retry.unref();
    }
  }

  private async startJob(boss: PgBoss, name: string, handler: JobHandler) {
    const options = (JOBS as Record<string, JobOptions>)[name] ?? this.extra[name]!;
    await createQueue(boss, name, options);
    const id = await boss.work(name, { pollingIntervalSeconds: POLL_SECONDS }, ([job]) =>
      this.track(this.runJob(name, handler, job!.id)),
    );
    this.workers.set(name, id);
    if (handler.everySeconds <= 0) return;
    const schedule = () => void this.send(name, handler.everySeconds);
    const timer = setInterval(schedule, handler.everySeconds * 1000);
    timer.unref();
    this.timers.push(timer);
    schedule();
  }

  private async runJob(name: string, handler: JobHandler, id: string): Promise<void> {
    // Taken while this process stops (a poll that ended late): handed back, not run half.
    if (this.stopping.signal.aborted) return this.send(name, 0);
    const began = Date.now();
    try {
      await handler.run(this.stopping.signal, { id });
      this.outage.succeededSince(began);
    } catch (error) {
      // Thrown again: pg-boss marks the job failed and retries it with backoff.
      this.failed(error, `jobs: ${name} failed`);
      throw error;
    }
  }

  private track(run: Promise<void>): Promise<void> {
    this.running.add(run);
    const forget = () => this.running.delete(run);
    run.then(forget, forget);
    return run;
  }

  /** Runs a job soon (here, if this process runs it); at most one waits, so a burst is one run. */
  async trigger(name: JobName | string): Promise<void> {
    await this.started;
    if (!this.boss || this.stopping.signal.aborted) return;
    await this.send(name, 0);
  }

  /** Resolves when no job of `name` is due or running, in any process (tests, `idle`). */
  async settled(name: JobName | string): Promise<void> {
    await this.started;
    while (!this.stopping.signal.aborted && (await this.repository.busy(name)))
      await new Promise((resolve) => setTimeout(resolve, SETTLED_POLL_MS));
  }

  /**
   * Sends one job. Scheduled sends are throttled to one per `slotSeconds` slot in the database, so
   * every process may send and only one job is made per slot.
   */
  private async send(name: string, slotSeconds: number): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    try {
      await boss.send(
        name,
        {},
        {
          singletonKey: KEY,
          ...(slotSeconds > 0 ? { singletonSeconds: slotSeconds } : {}),
        },
      );
      const worker = this.workers.get(name);
      if (worker) boss.notifyWorker(worker);
    } catch (error) {
      this.failed(error, `jobs: sending ${name} failed`);
    }
  }

  private failed(error: unknown, message: string): void {
    if (this.outage.failed(error) === undefined) this.log.error({ err: error }, message);
  }

  /** Waiting jobs per queue and the age of the oldest (GET /api/health). */
  depths(): Promise<QueueDepth[]> {
    return this.repository.depths(Object.keys({ ...JOBS, ...this.extra }));
  }

  /** Stops scheduling, waits for running jobs (up to 25 s) and the loops. */
  async stop(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    clearTimeout(this.retry);
    this.stopping.abort();
    await this.started?.catch(() => undefined);
    const boss = this.boss;
    this.boss = undefined;
    await Promise.all([
      boss?.stop({ graceful: true, wait: true, close: false, timeout: STOP_TIMEOUT_MS }),
      ...this.loops.map((loop) => loop.stop()),
    ]);
    await Promise.allSettled([...this.running]);
  }
}
