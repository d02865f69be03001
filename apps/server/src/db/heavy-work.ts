import { ErrorCode, type AccessTokenClaims } from '@fleet/contract';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import {
  cancellableConnection,
  cancelledBy,
  QueryCancelled,
  type CancellableConnection,
} from './cancellable.js';
import type { Db } from './database.js';
import { currentReader, type ReplicaReads } from './replica-reads.js';
import { HttpError } from '../lib/http-error.js';
import { AbortedWhileWaiting, ConcurrencyLimits, Slots } from '../lib/limits.js';

/** Heavy work: how much of it may run at once (config HEAVY_*, README). */
export interface HeavyWorkConfig {
  /** Heavy calls one user may have under way at once; 429 beyond. */
  perUser: number;
  /** Heavy calls one organisation (the caller's) may have under way at once; 429 beyond. */
  perOrganisation: number;
  /** Database connections heavy calls may hold at once (below the pool's size); the rest wait. */
  connections: number;
  /** A report is heavy from this many asset-days (entities × days of its period) on. */
  reportAssetDays: number;
}

/**
 * An AbortSignal that aborts when the client closes its connection before the answer is
 * complete: the work for it can stop. (The request's own 'close' fires once its body is read.)
 */
export function clientGone(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** A connection for one call's queries, and the places it holds; released once. */
export interface WorkLease {
  db: Db;
  /** QueryCancelled for what the caller's going away caused; any other error as it is. */
  translate(error: unknown): unknown;
  release(): Promise<void>;
}

/**
 * Where the expensive read paths get their database connection. Every call gets one connection
 * of its own whose queries are cancelled on PostgreSQL when the client goes away. Heavy calls
 * also count against per-user and per-organisation limits (429 with Retry-After beyond) and
 * wait for one of a few connection slots, so other tenants keep the rest of the pool.
 * The counts are this process's: several servers on one database each allow as much.
 * With a read replica (DATABASE_REPLICA_URL) the connection is the replica's unless the reader
 * just wrote something the replica has not replayed yet (replica-reads.ts).
 */
export class HeavyWork {
  private readonly limits: ConcurrencyLimits;
  private readonly slots: Slots;

  constructor(
    private readonly db: Db,
    readonly config: HeavyWorkConfig,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly replica?: ReplicaReads,
  ) {
    this.limits = new ConcurrencyLimits(config);
    this.slots = new Slots(config.connections);
  }

  /** Whether a report over `entities` assets or drivers and `days` days is heavy. */
  isHeavyReport(entities: number, days: number): boolean {
    return entities * days >= this.config.reportAssetDays;
  }

  /** A cancellable connection for a call that is not heavy. */
  light(signal: AbortSignal | undefined): Promise<WorkLease> {
    return this.lease(signal, () => {});
  }

  /**
   * Admits a heavy call of `user` (or refuses it with 429 and Retry-After), waits for a slot,
   * then answers its connection. A client that goes away meanwhile gives up its place.
   */
  async heavy(user: AccessTokenClaims, signal: AbortSignal | undefined): Promise<WorkLease> {
    const caller = { user: user.user_id, organisation: user.organisation_id };
    const admission = this.limits.admit(caller, Date.now());
    if (!admission.admitted) {
      const who = admission.scope === 'user' ? 'You have' : 'Your organisation has';
      throw new HttpError(
        429,
        ErrorCode.TOO_MANY_REQUESTS,
        `${who} as many long reports under way as allowed; try again when one has finished`,
        { 'retry-after': String(admission.retryAfterSeconds) },
      );
    }
    const end = () => this.limits.release(admission.ticket, Date.now());
    let freeSlot: () => void;
    try {
      freeSlot = await this.slots.acquire(signal);
    } catch (error) {
      end();
      throw error instanceof AbortedWhileWaiting ? new QueryCancelled() : error;
    }
    return this.lease(signal, () => {
      freeSlot();
      end();
    });
  }

  private async lease(signal: AbortSignal | undefined, after: () => void): Promise<WorkLease> {
    let connection: CancellableConnection;
    try {
      const db = this.replica ? await this.replica.dbFor(currentReader()) : this.db;
      connection = await cancellableConnection(db, signal, (error) =>
        this.log.warn({ err: error }, 'cancelling a query'),
      );
    } catch (error) {
      after();
      throw error;
    }
    let released: Promise<void> | undefined;
    return {
      db: connection.db,
      translate: (error) => (cancelledBy(signal, error) ? new QueryCancelled() : error),
      release: () => (released ??= connection.release().finally(after)),
    };
  }
}

/** Runs `work` on a lease and releases it whatever happens. */
export async function onLease<T>(
  lease: Promise<WorkLease>,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const held = await lease;
  try {
    return await work(held.db);
  } catch (error) {
    throw held.translate(error);
  } finally {
    await held.release();
  }
}
