import { sql, type Kysely } from 'kysely';
import type { SyncSelection } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { ScheduleState } from './schedule.js';

/** Advisory lock class of synchronisation runs; the object is the organisation's id. */
const SYNC_LOCK = 727011;

/** One row of sync_configurations, as the services read it. */
export interface ConfigRow {
  id: number;
  organisationId: number;
  server: string;
  apiKeyEncrypted: string | null;
  externalIds: string[];
  selection: SyncSelection;
  intervalMinutes: number;
  enabled: boolean;
  nextRunAt: Date | null;
  failures: number;
  /** the remote's listing stamp per 'remoteOrganisation/KIND' of the last run in step */
  stamps: Record<string, string>;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewConfig {
  organisationId: number;
  server: string;
  apiKeyEncrypted: string;
  selection: SyncSelection;
  intervalMinutes: number;
  enabled: boolean;
  nextRunAt: Date | null;
}

/** The columns a change sets (absent: kept). */
export interface ConfigChange {
  server?: string;
  apiKeyEncrypted?: string | null;
  selection?: SyncSelection;
  intervalMinutes?: number;
  enabled?: boolean;
  nextRunAt?: Date | null;
  externalIds?: string[];
  /** {}: the next run reads everything in full */
  stamps?: Record<string, string>;
}

export const CONFIG_COLUMNS = sql`
  c.id, c.organisation_id AS "organisationId", c.server,
  c.api_key_encrypted AS "apiKeyEncrypted", c.external_ids AS "externalIds", c.selection,
  c.interval_minutes AS "intervalMinutes", c.enabled, c.next_run_at AS "nextRunAt", c.failures,
  c.stamps, c.created_at AS "createdAt", c.updated_at AS "updatedAt"`;

export interface LastResultRow {
  organisationId: number;
  organisationName: string;
  configurationId: number;
  server: string;
  enabled: boolean;
  nextRunAt: Date | null;
  resultId: number | null;
}

/** sync_configurations: one per organisation that mirrors a remote system. */
export class SyncConfigRepository {
  constructor(private readonly db: Db) {}

  async findByOrganisation(
    organisationId: number,
    executor: Kysely<Database> = this.db,
  ): Promise<ConfigRow | undefined> {
    const { rows } = await sql<ConfigRow>`
      SELECT ${CONFIG_COLUMNS} FROM sync_configurations c
      WHERE c.organisation_id = ${organisationId}`.execute(executor);
    return rows[0];
  }

  async find(id: number, executor: Kysely<Database> = this.db): Promise<ConfigRow | undefined> {
    const { rows } = await sql<ConfigRow>`
      SELECT ${CONFIG_COLUMNS} FROM sync_configurations c WHERE c.id = ${id}`.execute(executor);
    return rows[0];
  }

  /** Undefined when the organisation has one already. */
  async create(config: NewConfig): Promise<ConfigRow | undefined> {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO sync_configurations
        (organisation_id, server, api_key_encrypted, selection, interval_minutes, enabled,
         next_run_at)
      VALUES (${config.organisationId}, ${config.server}, ${config.apiKeyEncrypted},
              ${JSON.stringify(config.selection)}::jsonb, ${config.intervalMinutes},
              ${config.enabled}, ${config.nextRunAt})
      ON CONFLICT (organisation_id) DO NOTHING
      RETURNING id`.execute(this.db);
    return rows[0] && this.find(rows[0].id);
  }

  async update(id: number, change: ConfigChange): Promise<ConfigRow | undefined> {
    const sets = [
      change.server !== undefined && sql`server = ${change.server}`,
      change.apiKeyEncrypted !== undefined && sql`api_key_encrypted = ${change.apiKeyEncrypted}`,
      change.selection !== undefined && sql`selection = ${JSON.stringify(change.selection)}::jsonb`,
      change.intervalMinutes !== undefined && sql`interval_minutes = ${change.intervalMinutes}`,
      change.enabled !== undefined && sql`enabled = ${change.enabled}`,
      change.nextRunAt !== undefined && sql`next_run_at = ${change.nextRunAt}`,
      change.externalIds !== undefined && sql`external_ids = ${change.externalIds}::text[]`,
      change.stamps !== undefined && sql`stamps = ${JSON.stringify(change.stamps)}::jsonb`,
    ].filter((s) => s !== false);
    const { rows } = await sql<{ id: number }>`
      UPDATE sync_configurations SET ${sql.join([...sets, sql`updated_at = now()`])}
      WHERE id = ${id} RETURNING id`.execute(this.db);
    return rows[0] && this.find(id);
  }

  /**
   * Every configured organisation in the subtree of `rootId`, by name, with its newest
   * result's id (any status).
   */
  async lastResults(rootId: number): Promise<LastResultRow[]> {
    const { rows } = await sql<LastResultRow>`
      WITH RECURSIVE subtree AS (
        SELECT id FROM organisations WHERE id = ${rootId}
        UNION ALL
        SELECT o.id FROM organisations o JOIN subtree s ON o.parent_id = s.id
      )
      SELECT o.id AS "organisationId", o.name AS "organisationName",
             c.id AS "configurationId", c.server, c.enabled, c.next_run_at AS "nextRunAt",
             last.id AS "resultId"
      FROM subtree s
      JOIN organisations o ON o.id = s.id
      JOIN sync_configurations c ON c.organisation_id = o.id
      LEFT JOIN LATERAL (
        SELECT r.id FROM sync_results r
        WHERE r.organisation_id = o.id
        ORDER BY r.queued_at DESC, r.id DESC LIMIT 1
      ) last ON true
      ORDER BY lower(o.name), o.id`.execute(this.db);
    return rows;
  }

  /**
   * Configurations a scheduler should look at: due while enabled (and something to mirror is
   * chosen), or with a queued run, or with a run marked RUNNING (its runner may have died: the
   * lock tells). Soonest first.
   */
  async candidates(limit: number): Promise<{ id: number; organisationId: number }[]> {
    const { rows } = await sql<{ id: number; organisationId: number }>`
      SELECT c.id, c.organisation_id AS "organisationId" FROM sync_configurations c
      WHERE (c.enabled AND c.next_run_at <= now() AND cardinality(c.external_ids) > 0)
         OR EXISTS (SELECT 1 FROM sync_results r
                    WHERE r.configuration_id = c.id AND r.status IN ('QUEUED', 'RUNNING'))
      ORDER BY c.next_run_at NULLS FIRST, c.id
      LIMIT ${limit}`.execute(this.db);
    return rows;
  }

  // ── A run's bookkeeping (SyncRunService) ─────────────────────────────────

  /** The organisation's run lock, held by this connection until unlocked or closed. */
  async tryLockRun(conn: Kysely<Database>, organisationId: number): Promise<boolean> {
    const { rows } = await sql<{ locked: boolean }>`
      SELECT pg_try_advisory_lock(${SYNC_LOCK}, ${organisationId}) AS locked`.execute(conn);
    return rows[0]?.locked === true;
  }

  async unlockRun(conn: Kysely<Database>, organisationId: number): Promise<void> {
    await sql`SELECT pg_advisory_unlock(${SYNC_LOCK}, ${organisationId})`.execute(conn);
  }

  /** The schedule's state, locked until the transaction ends. */
  async lockSchedule(trx: Kysely<Database>, id: number): Promise<ScheduleState> {
    const { rows } = await sql<ScheduleState>`
      SELECT enabled, interval_minutes AS "intervalMinutes", failures
      FROM sync_configurations WHERE id = ${id} FOR UPDATE`.execute(trx);
    if (!rows[0]) throw new Error(`sync configuration ${id} is gone`);
    return rows[0];
  }

  /** After a run that applied: no failures, the next run, the remote's stamps of kinds in step. */
  async ranWell(
    trx: Kysely<Database>,
    id: number,
    nextRunAt: Date | null,
    stamps: Record<string, string>,
  ): Promise<void> {
    await sql`
      UPDATE sync_configurations
      SET failures = 0, next_run_at = ${nextRunAt}, stamps = ${JSON.stringify(stamps)}::jsonb
      WHERE id = ${id}`.execute(trx);
  }

  /** After a failed run: the failures in a row, the retry, and no stamps (read in full next). */
  async ranBadly(
    trx: Kysely<Database>,
    id: number,
    failures: number,
    nextRunAt: Date | null,
  ): Promise<void> {
    await sql`
      UPDATE sync_configurations
      SET failures = ${failures}, next_run_at = ${nextRunAt}, stamps = '{}'
      WHERE id = ${id}`.execute(trx);
  }
}
