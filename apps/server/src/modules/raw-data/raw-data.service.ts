import { planPartitions, retentionCutoff, type PartitionPlan } from './partition-plan.js';
import { PARTITIONED, type RawDataRepository } from './raw-data.repository.js';

/** Months ahead of the current one that always have a partition. */
export const MONTHS_AHEAD = 2;
/** Rows one retention statement deletes (short statements: ingestion and the engine go on). */
const DELETE_BATCH = 5000;

/** The oldest day whose raw data every one of some organisations still keeps. */
export interface RawDataKept {
  /** 'YYYY-MM-01' (UTC): raw data before it may be gone */
  from: string;
  /** the organisation whose retention sets it */
  organisationId: number;
  days: number;
}

export interface RawDataRun {
  created: string[];
  dropped: string[];
  /** rows deleted one by one: organisations keeping less than the longest retention */
  deleted: number;
}

/**
 * Raw records and datapoints over the years (docs/operations.md, "Raw data: partitions and
 * retention"): the raw-data job creates the months ahead, drops the months every organisation's
 * retention has passed, and deletes, row by row, what organisations keeping less have in the
 * months that stay. Idempotent: a retry or a second process does nothing twice.
 */
export class RawDataService {
  constructor(private readonly repository: RawDataRepository) {}

  /**
   * From when the organisations' raw data is whole: the latest of their retention cut-offs.
   * Derived data (trips, statistics, events) older than that is the only copy left, so the engine
   * must not rebuild those days from raw records. Undefined for no organisation.
   */
  async keptFrom(organisationIds: number[], now = new Date()): Promise<RawDataKept | undefined> {
    let kept: RawDataKept | undefined;
    for (const { organisationId, days } of await this.repository.retentionsOf(organisationIds)) {
      const from = retentionCutoff(now, days);
      if (!kept || from > kept.from) kept = { from, organisationId, days };
    }
    return kept;
  }

  async run(signal?: AbortSignal, now = new Date()): Promise<RawDataRun> {
    const retentions = await this.repository.retentions();
    const run: RawDataRun = { created: [], dropped: [], deleted: 0 };
    for (const table of PARTITIONED) {
      const plan: PartitionPlan = planPartitions({
        now,
        existing: await this.repository.months(table),
        retentionDays: retentions.map((r) => r.days),
        ahead: MONTHS_AHEAD,
      });
      for (const month of plan.create)
        if (await this.repository.create(table, month)) run.created.push(`${table} ${month}`);
      for (const month of plan.drop) {
        signal?.throwIfAborted();
        await this.repository.drop(table, month);
        run.dropped.push(`${table} ${month}`);
      }
    }
    for (const { organisationId, days } of retentions) {
      const cutoff = retentionCutoff(now, days);
      for (const table of PARTITIONED) {
        for (;;) {
          signal?.throwIfAborted();
          const n = await this.repository.deleteExpired(
            table,
            organisationId,
            cutoff,
            DELETE_BATCH,
          );
          run.deleted += n;
          if (n < DELETE_BATCH) break;
        }
      }
    }
    return run;
  }
}
