import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { announceAssets } from './events.repository.js';

/** How long ingestion's position moves gather before they are announced together. */
export const ANNOUNCE_EVERY_MS = 250;

/**
 * Issue 18 §3: the assets whose latest position device batches moved, announced on the push
 * channel (`fleet_events`, kind `asset`) in one transaction every ANNOUNCE_EVERY_MS, not one
 * NOTIFY per batch. PostgreSQL commits the transactions that notify one at a time (a lock
 * held through the commit's flush to disk), so a NOTIFY in every batch made 2,000 devices'
 * batches wait on each other. The other writers of asset_state (the engine's latest trip) still
 * announce through its trigger (migration 0026). An announcement lost with its process (at
 * most ANNOUNCE_EVERY_MS of moves) is made good by the next batch of those devices.
 */
export class AssetAnnouncer {
  private readonly pending = new Set<number>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly everyMs = ANNOUNCE_EVERY_MS,
  ) {}

  moved(assetIds: number[]): void {
    for (const id of assetIds) this.pending.add(id);
    this.timer ??= setTimeout(() => void this.flush(), this.everyMs);
  }

  /** Announces what has gathered now (one statement, one transaction). */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const ids = [...this.pending];
    this.pending.clear();
    if (!ids.length) return this.flushing;
    this.flushing = this.flushing.then(() =>
      announceAssets(this.db, ids).then(
        () => undefined,
        (error: Error) =>
          this.log.warn({ err: error, assets: ids.length }, 'positions not announced'),
      ),
    );
    return this.flushing;
  }

  close(): Promise<void> {
    return this.flush();
  }
}
