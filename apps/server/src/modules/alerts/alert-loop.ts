import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { PgListener } from '../../db/pg-listener.js';
import type { AlertFiring, FiringCounts } from './alert-firing.js';

/** Where the queue's triggers announce new occurrences (migration 0021-alerts). */
export const ALERT_QUEUE_CHANNEL = 'alert_queue';
/** A missed announcement (a lost connection) is found by this poll. */
const POLL_MS = 5000;

/**
 * The firing loop of one process: it LISTENs on the queue's channel and drains the queue at
 * once when told (the latency goal: seconds from a record to a notification), and polls as a
 * safety net. Several processes drain together; SKIP LOCKED and the unique key keep each
 * occurrence once.
 */
export class AlertLoop {
  private listener: PgListener | undefined;
  private poll: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly firing: AlertFiring,
    private readonly fired: (counts: FiringCounts) => void,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.listener = new PgListener(
      this.db,
      ALERT_QUEUE_CHANNEL,
      'alert queue listener',
      { notified: () => this.wake(), listening: () => this.wake() },
      this.log,
    );
    void this.listener.ensure();
    this.poll = setInterval(() => this.wake(), POLL_MS);
    this.poll.unref();
  }

  /** Drains now, or once more after the drain under way. */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => {
      this.running = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async run(): Promise<void> {
    try {
      const counts = await this.firing.drain();
      if (counts.notifications > 0) this.fired(counts);
    } catch (error) {
      this.log.warn({ err: error }, 'alerts: firing failed (tried again with the next poll)');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.poll);
    this.again = false;
    await this.listener?.close();
    await this.running;
  }
}
