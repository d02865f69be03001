import { performance } from 'node:perf_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DEFAULT_DRIVER_LINK_EXTEND_TIME } from '@fleet/contract';
import { OutageLog } from '../../lib/outage.js';
import { retryOnConflict } from '../../lib/postgres-errors.js';
import type { ClaimedDay, DayInputs, DoneDay, EngineRepository } from './engine.repository.js';
import { emptyZoneFold } from '../zones/index.js';
import { foldFromJson, foldToJson, zoneFoldFromJson, zoneFoldToJson } from './day-fold-json.js';
import { emptyFold, finishDay, foldRecords } from './process-day.js';
import { zoneVersionsKey, zoneVisitsOfDay } from './zone-visits-of-day.js';

/** The rollups assume links count this long after they end (the reports' default driverLinkExtendTime). */
export const ROLLUP_EXTEND_SECONDS = DEFAULT_DRIVER_LINK_EXTEND_TIME;
const IDLE_POLL_MS = 250;
/**
 * Asset-days one worker rebuilds per transaction; a batch waiting on one of them waits for all.
 * Issue 18: each step is one statement for all of them, so a transaction of 16 costs about
 * what one of 8 did. With device batches stored in groups (batch-groups.ts), 2 workers of 16
 * fell behind 2,000 devices within 120 s (queue 1,000, lag p99 6.4 s); of 32 they held for
 * 120 s but not through the checkpoint of a ten-minute run (queue 700-1,700, lag p99 17.8 s);
 * of 64, the queue stayed mostly under 450 and the lag p99 was 5.4 s (bench, 2026-11-27).
 */
const BATCH_DAYS = 64;

/**
 * One claimed asset-day's result from its inputs: its folds (statistics and trips, zone visits)
 * resumed with the new records, or made from all of them. They are kept for the next batch
 * unless the day had no record.
 */
function rebuild(day: ClaimedDay, input: DayInputs, now: Date): DoneDay {
  const { records, links, dismissed, zones, window, resumed } = input;
  const context = {
    links,
    dismissed,
    start: day.start,
    end: day.end,
    extendSeconds: ROLLUP_EXTEND_SECONDS,
  };
  const fold = resumed ? foldFromJson(resumed) : emptyFold();
  const result = finishDay(fold, foldRecords(fold, records, context), { ...context, now });
  const zoneFold = resumed?.zones ? zoneFoldFromJson(resumed.zones) : emptyZoneFold();
  const zoneVisits = zoneVisitsOfDay(zoneFold, {
    records,
    versions: zones,
    links,
    start: day.start,
    end: day.end,
  });
  const json = { ...foldToJson(fold), zones: zoneFoldToJson(zoneFold, zoneVersionsKey(zones)) };
  return {
    day,
    result,
    zoneVisits,
    resumed: resumed !== null,
    fold: fold.previous ? { window, json } : undefined,
  };
}

/** What the engine logs to: the server's logger, or its thread's lines to it (engine-thread.ts). */
export interface EngineLog {
  error(object: object, message: string): void;
  warn(object: object, message: string): void;
  info(message: string): void;
}

/**
 * Drains the queue of asset-days to rebuild. A few asset-days at a time are claimed,
 * rebuilt and released in one transaction, so a crash leaves them queued and
 * several workers (in one process or many) never take the same one.
 */
export class EngineService {
  private running = false;
  private loops: Promise<void>[] = [];
  /** Shared by the workers: one warning per database outage, not one per failed round. */
  private readonly outage: OutageLog;

  constructor(
    private readonly repository: EngineRepository,
    private readonly log: EngineLog,
    /** asset-days per transaction (tests: 1, to compare a batch with one day at a time) */
    private readonly batchDays = BATCH_DAYS,
  ) {
    this.outage = new OutageLog('engine', log);
  }

  /**
   * Rebuilds up to BATCH_DAYS queued asset-days in one transaction (issue 18: a commit per
   * asset-day cost more than many of the days); answers how many, 0 when the queue is empty.
   */
  async processNext(now = new Date()): Promise<number> {
    let claimed: ClaimedDay[] = [];
    const timer = this.repository.timer;
    try {
      // Ingestion locks the same queue and asset-state rows: a deadlock victim runs again.
      return await retryOnConflict(() =>
        timer.time('transaction', () =>
          this.repository.db.transaction().execute(async (trx) => {
            claimed = await timer.time('claim', () => this.repository.claim(trx, this.batchDays));
            if (!claimed.length) return 0;
            const inputs = await timer.time('inputs', () => this.inputs(trx, claimed));
            const t0 = performance.now();
            const done = claimed.map((day, i) => rebuild(day, inputs[i]!, now));
            timer.add('processDay', performance.now() - t0);
            timer.add(
              'records read',
              0,
              inputs.reduce((n, i) => n + i.records.length, 0),
            );
            await timer.time('write', () => this.repository.write(trx, done));
            timer.add('asset-days', 0, claimed.length);
            timer.add('resumed', 0, done.filter((d) => d.resumed).length);
            return claimed.length;
          }),
        ),
      );
    } catch (error) {
      // Rolled back, so still queued: move them to the back so they cannot block the rest.
      for (const day of claimed) await this.repository.postpone(day);
      throw error;
    }
  }

  /**
   * The claimed days' inputs. A day whose fold was made with other zone versions than its
   * asset's now (a zone drawn, moved or deleted, or a group changed) is read again whole.
   */
  private async inputs(trx: Transaction<Database>, claimed: ClaimedDay[]): Promise<DayInputs[]> {
    const inputs = await this.repository.inputs(trx, claimed);
    const again = claimed.flatMap((day, i) =>
      inputs[i]!.resumed &&
      (inputs[i]!.resumed!.zones?.key ?? '') !== zoneVersionsKey(inputs[i]!.zones)
        ? [{ day, i }]
        : [],
    );
    if (again.length) {
      const whole = await this.repository.inputs(
        trx,
        again.map(({ day }) => ({ ...day, since: null })),
      );
      again.forEach(({ i }, j) => (inputs[i] = whole[j]!));
    }
    return inputs;
  }

  /** Works until the queue is empty (tests, imports). */
  async drain(): Promise<number> {
    let done = 0;
    for (let n; (n = await this.processNext());) done += n;
    return done;
  }

  /** A device or driver link changed over [from, until): the data of that time is derived again. */
  async linkChanged(change: {
    kind: 'device' | 'driver';
    assetId: number;
    targetId: number;
    from: Date;
    until: Date | null;
  }) {
    if (change.kind === 'device') {
      const assets = await this.repository.reattribute(change.targetId, change.from, change.until);
      await this.repository.refreshState([...new Set([...assets, change.assetId])]);
    } else {
      // A driver link still counts ROLLUP_EXTEND_SECONDS after it ends.
      const until = change.until && new Date(change.until.getTime() + ROLLUP_EXTEND_SECONDS * 1000);
      await this.repository.requeue(change.assetId, change.from, until);
    }
  }

  /**
   * A case's event was dismissed or the dismissal undone (issue 20 §3): its asset-day is derived
   * again, leaving dismissed events out of the statistics. Pass the transaction that changes the
   * case, so the day cannot be rebuilt before the change is visible.
   */
  async requeueAssetDay(assetId: number, time: Date, trx?: Kysely<Database>): Promise<void> {
    await this.repository.requeueDay(assetId, time, trx);
  }

  /** Re-attributes a device's data of [from, until) (admin re-processing). */
  async reattributeDevice(deviceId: number, from: Date, until: Date): Promise<void> {
    const assets = await this.repository.reattribute(deviceId, from, until);
    await this.repository.refreshState(assets);
  }

  pending(): Promise<number> {
    return this.repository.pending();
  }

  start(workers: number): void {
    this.running = true;
    for (let i = 0; i < workers; i++) this.loops.push(this.loop());
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.loops = [];
  }

  private async loop(): Promise<void> {
    while (this.running) {
      let wait = IDLE_POLL_MS;
      try {
        const worked = await this.processNext();
        this.outage.succeeded();
        if (worked) continue;
      } catch (error) {
        // The database is gone: back off (the asset-day stays queued) and say so once.
        const backoff = this.outage.failed(error);
        if (backoff === undefined)
          this.log.error({ err: error }, 'engine: rebuilding an asset-day failed; it stays queued');
        else wait = backoff;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}
