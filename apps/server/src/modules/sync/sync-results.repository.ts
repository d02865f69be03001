import { sql, type Kysely } from 'kysely';
import type {
  SyncCounts,
  SyncEntityKind,
  SyncError,
  SyncProgress,
  SyncResult,
  SyncStatus,
  SyncTrigger,
} from '@fleet/contract';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

interface ResultRow {
  id: number;
  organisation_id: number;
  configuration_id: number;
  trigger: SyncTrigger;
  status: SyncStatus;
  queued_at: Date;
  started_at: Date | null;
  ended_at: Date | null;
  counts: Partial<Record<SyncEntityKind, SyncCounts>>;
  errors: SyncError[];
  error_count: number;
  reason: string | null;
  progress: SyncProgress | null;
  attempt: number;
  next_retry_at: Date | null;
  incremental: boolean;
}

const COLUMNS = sql`id, organisation_id, configuration_id, trigger, status, queued_at,
  started_at, ended_at, counts, errors, error_count, reason, progress, attempt, next_retry_at,
  incremental`;

const ZERO: SyncCounts = { created: 0, updated: 0, unchanged: 0, deactivated: 0 };

export function sumCounts(byKind: Partial<Record<SyncEntityKind, SyncCounts>>): SyncCounts {
  return Object.values(byKind).reduce<SyncCounts>(
    (sum, c) => ({
      created: sum.created + c.created,
      updated: sum.updated + c.updated,
      unchanged: sum.unchanged + c.unchanged,
      deactivated: sum.deactivated + c.deactivated,
    }),
    ZERO,
  );
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

const toResult = (row: ResultRow): SyncResult => ({
  id: row.id,
  organisationId: row.organisation_id,
  configurationId: row.configuration_id,
  trigger: row.trigger,
  status: row.status,
  queuedAt: row.queued_at.toISOString(),
  startedAt: iso(row.started_at),
  endedAt: iso(row.ended_at),
  counts: sumCounts(row.counts),
  countsByKind: row.counts,
  errors: row.errors,
  errorCount: row.error_count,
  reason: row.reason,
  progress: row.progress,
  attempt: row.attempt,
  nextRetryAt: iso(row.next_retry_at),
  incremental: row.incremental,
});

export interface Finished {
  status: 'SUCCESS' | 'PARTIAL';
  counts: Partial<Record<SyncEntityKind, SyncCounts>>;
  errors: SyncError[];
  errorCount: number;
  incremental: boolean;
}

/**
 * sync_results: one row per run. At most one per configuration is QUEUED or RUNNING (a
 * unique index), so two servers can never run one organisation's synchronisation at once.
 */
export class SyncResultRepository {
  constructor(private readonly db: Db) {}

  async find(id: number, executor: Kysely<Database> = this.db): Promise<SyncResult | undefined> {
    const { rows } = await sql<ResultRow>`
      SELECT ${COLUMNS} FROM sync_results WHERE id = ${id}`.execute(executor);
    return rows[0] && toResult(rows[0]);
  }

  /** The QUEUED or RUNNING result of a configuration. */
  async active(
    configurationId: number,
    executor: Kysely<Database> = this.db,
  ): Promise<SyncResult | undefined> {
    const { rows } = await sql<ResultRow>`
      SELECT ${COLUMNS} FROM sync_results
      WHERE configuration_id = ${configurationId} AND status IN ('QUEUED', 'RUNNING')`.execute(
      executor,
    );
    return rows[0] && toResult(rows[0]);
  }

  /** A run asked for by hand: queued, unless one is queued or running already (that one). */
  async queue(configurationId: number, organisationId: number, attempt: number) {
    await sql`
      INSERT INTO sync_results (configuration_id, organisation_id, trigger, status, attempt)
      VALUES (${configurationId}, ${organisationId}, 'MANUAL', 'QUEUED', ${attempt})
      ON CONFLICT (configuration_id) WHERE status IN ('QUEUED', 'RUNNING') DO NOTHING`.execute(
      this.db,
    );
    return this.active(configurationId);
  }

  /**
   * The run starts: a queued result becomes RUNNING, or a new RUNNING one is made. Undefined
   * when another one is active (it was queued just now: the caller looks again).
   */
  async start(
    executor: Kysely<Database>,
    run: {
      configurationId: number;
      organisationId: number;
      queuedId: number | undefined;
      trigger: SyncTrigger;
      attempt: number;
      runner: string;
    },
  ): Promise<SyncResult | undefined> {
    if (run.queuedId !== undefined) {
      const { rows } = await sql<ResultRow>`
        UPDATE sync_results
        SET status = 'RUNNING', started_at = now(), runner = ${run.runner}, attempt = ${run.attempt}
        WHERE id = ${run.queuedId} AND status = 'QUEUED'
        RETURNING ${COLUMNS}`.execute(executor);
      return rows[0] && toResult(rows[0]);
    }
    const { rows } = await sql<ResultRow>`
      INSERT INTO sync_results
        (configuration_id, organisation_id, trigger, status, started_at, attempt, runner)
      VALUES (${run.configurationId}, ${run.organisationId}, ${run.trigger}, 'RUNNING', now(),
              ${run.attempt}, ${run.runner})
      ON CONFLICT (configuration_id) WHERE status IN ('QUEUED', 'RUNNING') DO NOTHING
      RETURNING ${COLUMNS}`.execute(executor);
    return rows[0] && toResult(rows[0]);
  }

  /** While RUNNING only: a progress write that arrives late does not touch an ended run. */
  async progress(id: number, progress: SyncProgress): Promise<void> {
    await sql`
      UPDATE sync_results SET progress = ${JSON.stringify(progress)}::jsonb
      WHERE id = ${id} AND status = 'RUNNING'`.execute(this.db);
  }

  async finish(executor: Kysely<Database>, id: number, finished: Finished): Promise<void> {
    await sql`
      UPDATE sync_results
      SET status = ${finished.status}, ended_at = clock_timestamp(), progress = NULL,
          counts = ${JSON.stringify(finished.counts)}::jsonb,
          errors = ${JSON.stringify(finished.errors)}::jsonb, error_count = ${finished.errorCount},
          incremental = ${finished.incremental}
      WHERE id = ${id}`.execute(executor);
  }

  async fail(
    executor: Kysely<Database>,
    id: number,
    reason: string,
    nextRetryAt: Date | null,
  ): Promise<void> {
    await sql`
      UPDATE sync_results
      SET status = 'FAILED', ended_at = clock_timestamp(), progress = NULL, reason = ${reason},
          next_retry_at = ${nextRetryAt}, started_at = coalesce(started_at, clock_timestamp())
      WHERE id = ${id}`.execute(executor);
  }

  /** Results queued in [from, until), newest first. */
  async list(
    organisationId: number,
    from: Date | undefined,
    until: Date | undefined,
    limit: number,
  ): Promise<SyncResult[]> {
    const { rows } = await sql<ResultRow>`
      SELECT ${COLUMNS} FROM sync_results
      WHERE organisation_id = ${organisationId}
        AND (${from ?? null}::timestamptz IS NULL OR queued_at >= ${from ?? null})
        AND (${until ?? null}::timestamptz IS NULL OR queued_at < ${until ?? null})
      ORDER BY queued_at DESC, id DESC
      LIMIT ${limit}`.execute(this.db);
    return rows.map(toResult);
  }

  async findMany(ids: number[]): Promise<Map<number, SyncResult>> {
    if (!ids.length) return new Map();
    const { rows } = await sql<ResultRow>`
      SELECT ${COLUMNS} FROM sync_results WHERE id = ANY(${ids}::integer[])`.execute(this.db);
    return new Map(rows.map((row) => [row.id, toResult(row)]));
  }

  /** Ended results older than `days`, but never a configuration's newest; answers how many went. */
  async prune(days: number): Promise<number> {
    const { numAffectedRows } = await sql`
      DELETE FROM sync_results old
      WHERE old.queued_at < now() - make_interval(days => ${days})
        AND old.status NOT IN ('QUEUED', 'RUNNING')
        AND EXISTS (SELECT 1 FROM sync_results newer
                    WHERE newer.configuration_id = old.configuration_id AND newer.id > old.id)`.execute(
      this.db,
    );
    return Number(numAffectedRows ?? 0);
  }
}
