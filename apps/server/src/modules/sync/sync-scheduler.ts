import type { FastifyBaseLogger } from 'fastify';
import { OutageLog } from '../../lib/outage.js';
import { isDatabaseUnavailable } from '../../lib/postgres-errors.js';
import type { SyncConfigRepository } from './sync-config.repository.js';
import type { SyncResultRepository } from './sync-results.repository.js';
import type { SyncRunService } from './sync-run.service.js';

/** Configurations one round looks at. */
const CANDIDATES = 50;
/** Ended results are kept this long (a configuration's newest always). */
const RESULT_DAYS = 90;
const PRUNE_EVERY_MS = 3600_000;

/**
 * The one timer of a server process for synchronisation (not one per configuration): every
 * SYNC_JOB_SECONDS it asks the database which organisations are due, queued by hand or marked
 * RUNNING, and runs them one after the other, each under its organisation's advisory lock
 * (SyncRunService). Servers on one database share the work that way; a run marked RUNNING
 * whose lock is free was interrupted, and becomes FAILED. A run asked for by hand kicks the
 * round at once. With SYNC_JOB_SECONDS=0 the process runs none (another server does).
 */
export class SyncScheduler {
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;
  private again = false;
  private closed = false;
  private lastPrune = 0;
  private readonly stopping = new AbortController();
  private outage: OutageLog | undefined;

  constructor(
    private readonly configs: SyncConfigRepository,
    private readonly results: SyncResultRepository,
    private readonly runs: SyncRunService,
    private readonly jobSeconds: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.jobSeconds <= 0 || this.timer || this.closed) return;
    this.timer = setInterval(() => this.kick(), this.jobSeconds * 1000);
    this.timer.unref();
    this.kick();
  }

  /** Ends the timer; a run under way stops reading the remote and ends FAILED. */
  async stop(): Promise<void> {
    this.closed = true;
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopping.abort();
    await this.round;
  }

  /** A round soon (now, or right after the one under way); nothing while not started. */
  kick(): void {
    if (this.closed || !this.timer) return;
    if (this.round) {
      this.again = true;
      return;
    }
    // A database outage is logged once (and its end), not once per round.
    const outage = (this.outage ??= new OutageLog('sync scheduler', this.log));
    this.round = this.runRound()
      .then(
        () => outage.succeeded(),
        (error: unknown) => {
          if (outage.failed(error) === undefined)
            this.log.error({ err: error }, 'sync: scheduling round failed');
        },
      )
      .finally(() => {
        this.round = undefined;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when the round under way (if any) and the one it asked for have ended. */
  async idle(): Promise<void> {
    while (this.round) await this.round;
  }

  private async runRound(): Promise<void> {
    if (Date.now() - this.lastPrune > PRUNE_EVERY_MS) {
      this.lastPrune = Date.now();
      const pruned = await this.results.prune(RESULT_DAYS);
      if (pruned) this.log.info({ pruned }, 'sync: old results removed');
    }
    for (const candidate of await this.configs.candidates(CANDIDATES)) {
      if (this.closed) return;
      try {
        await this.runs.runIfDue(candidate, this.stopping.signal);
      } catch (error) {
        // The database went: the round ends (the run stays due) and the outage is told once.
        if (isDatabaseUnavailable(error)) throw error;
        this.log.error(
          { err: error, organisationId: candidate.organisationId },
          'sync: run failed',
        );
      }
    }
  }
}
