import { isDatabaseUnavailable } from './postgres-errors.js';

/** A log line an outage asks for: one when it starts, one when it ends, nothing in between. */
export interface OutageLine {
  level: 'warn' | 'info';
  message: string;
  /** on the first line: why it started */
  reason?: string;
}

export interface OutageStep {
  line?: OutageLine;
  /** How long the loop waits before its next try (0 after a success). */
  waitMs: number;
}

/** First wait after a failure, doubling up to MAX: a returning database is used within seconds. */
export const OUTAGE_FIRST_WAIT_MS = 500;
export const OUTAGE_MAX_WAIT_MS = 3000;

/**
 * The pure core of "back off and say so once": a background loop reports each round that
 * failed because the database is unavailable, and each round that worked. It answers how long to
 * wait and whether to log (the first failure of an outage, and the first success after it).
 */
export class Outage {
  private startedAt: number | undefined;
  private failures = 0;

  constructor(
    private readonly what: string,
    private readonly now: () => number = Date.now,
  ) {}

  get active(): boolean {
    return this.startedAt !== undefined;
  }

  /** Whether the outage under way began before the moment (ms); false when none is. */
  startedBefore(moment: number): boolean {
    return this.startedAt !== undefined && this.startedAt < moment;
  }

  failed(reason: string): OutageStep {
    this.failures++;
    const waitMs = Math.min(OUTAGE_MAX_WAIT_MS, OUTAGE_FIRST_WAIT_MS * 2 ** (this.failures - 1));
    if (this.startedAt !== undefined) return { waitMs };
    this.startedAt = this.now();
    return {
      waitMs,
      line: {
        level: 'warn',
        message: `${this.what}: the database is unavailable; backing off until it is back`,
        reason,
      },
    };
  }

  succeeded(): OutageStep {
    if (this.startedAt === undefined) return { waitMs: 0 };
    const seconds = ((this.now() - this.startedAt) / 1000).toFixed(1);
    const tries = this.failures;
    this.startedAt = undefined;
    this.failures = 0;
    return {
      waitMs: 0,
      line: {
        level: 'info',
        message: `${this.what}: the database is back after ${seconds} s (${tries} failed ${tries === 1 ? 'try' : 'tries'}); working again`,
      },
    };
  }
}

interface Logger {
  warn(object: object, message: string): void;
  info(message: string): void;
}

const describe = (error: unknown) =>
  error instanceof Error
    ? [(error as { code?: string }).code, error.message].filter(Boolean).join(' ')
    : String(error);

/** An Outage that writes its lines to a logger: what the workers use. */
export class OutageLog {
  private readonly outage: Outage;

  constructor(
    what: string,
    private readonly log: Logger,
  ) {
    this.outage = new Outage(what);
  }

  get active(): boolean {
    return this.outage.active;
  }

  /**
   * After a failed round: the milliseconds to wait when the database is unavailable (logged once
   * per outage), undefined for any other error (the caller logs and handles it as before).
   */
  failed(error: unknown): number | undefined {
    return isDatabaseUnavailable(error) ? this.down(describe(error)) : undefined;
  }

  /** A round that found the database unavailable: the milliseconds to wait. */
  down(reason: string): number {
    const { line, waitMs } = this.outage.failed(reason);
    if (line) this.log.warn({ reason: line.reason }, line.message);
    return waitMs;
  }

  /** After a round that reached the database. */
  succeeded(): void {
    const { line } = this.outage.succeeded();
    if (line) this.log.info(line.message);
  }

  /**
   * After a round that began at `began` (ms) and reached the database: it ends the outage only
   * if the outage had begun before it. A round that did its work before the database went proves
   * nothing of now, and ending the outage on it would log the same outage twice.
   */
  succeededSince(began: number): void {
    if (this.outage.startedBefore(began)) this.succeeded();
  }
}
