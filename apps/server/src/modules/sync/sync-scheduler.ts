import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../../lib/postgres-errors.js';
import type { SyncConfigRepository } from './sync-config.repository.js';
import type { SyncResultRepository } from './sync-results.repository.js';
import type { SyncRunService } from './sync-run.service.js';

/** Configurations one round looks at. */
const CANDIDATES = 50;
/** Ended results are kept this long (a configuration's newest always). */
const RESULT_DAYS = 90;
const PRUNE_EVERY_MS = 3600_000;

/** What the job runner gives the scheduler (jobs/background.ts). */
export interface SyncJobs {
  /** Asks for a round soon; resolves once it is queued. */
  trigger(): Promise<void>;
  /** Resolves when no round is waiting or running, in any process. */
  settled(): Promise<void>;
}

/**
 * The `sync.round` job (every SYNC_JOB_SECONDS, one per slot for all servers on the database,
 * not one timer per configuration): asks the database which organisations are due, queued by
 * hand or marked RUNNING, and runs them one after the other, each under its organisation's
 * advisory lock (SyncRunService). A run marked RUNNING whose lock is free was interrupted, and
 * becomes FAILED. A run asked for by hand asks for a round at once. With SYNC_JOB_SECONDS=0 the
 * process runs none (another server does).
 */
export class SyncScheduler {
  private lastPrune = 0;
  private jobs: SyncJobs | undefined;
  private asked: Promise<void> = Promise.resolve();

  constructor(
    private readonly configs: SyncConfigRepository,
    private readonly results: SyncResultRepository,
    private readonly runs: SyncRunService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** The job runner's side (only when this process runs the job). */
  onJobWanted(jobs: SyncJobs): void {
    this.jobs = jobs;
  }

  /** A round soon; nothing when this process does not run the job. */
  kick(): void {
    if (this.jobs) this.asked = this.jobs.trigger();
  }

  /** Resolves when the round asked for (if any) and every round under way have ended. */
  async idle(): Promise<void> {
    await this.asked;
    await this.jobs?.settled();
  }

  /** One round; a stop aborts `signal`: a run under way stops reading the remote and ends FAILED. */
  async runRound(signal: AbortSignal): Promise<void> {
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      const pruned = await this.results.prune(RESULT_DAYS);
      if (pruned) this.log.info({ pruned }, 'sync: old results removed');
    }
    for (const candidate of await this.configs.candidates(CANDIDATES)) {
      if (signal.aborted) return;
      try {
        await this.runs.runIfDue(candidate, signal);
      } catch (error) {
        // The database went: the round ends (the run stays due) and the job runner tells it once.
        if (isDatabaseUnavailable(error)) throw error;
        this.log.error(
          { err: error, organisationId: candidate.organisationId },
          'sync: run failed',
        );
      }
    }
  }
}
