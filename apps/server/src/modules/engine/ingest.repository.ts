import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { retryOnConflict } from '../../lib/postgres-errors.js';

export interface RecordRow {
  timestamp: string;
  transferReason: string;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  events: string | null;
  metrics: string;
}

export interface DatapointRow {
  timestamp: string;
  latitude: number;
  longitude: number;
  speed: number | null;
  heading: number | null;
}

/** What one insert answers: how many rows were new, and each asset's newest new position. */
interface Inserted {
  stored: number;
  asset_id: number | null;
  timestamp: Date | null;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
}

/**
 * Queuing an asset-day that is already queued locks its row (ON CONFLICT DO UPDATE; DO NOTHING
 * would take no lock): the engine's claim skips a row locked by a batch still in flight, so it
 * cannot take the day, read it without the batch and delete the row before the batch commits.
 * The other way round, the engine's delete makes the batch's upsert wait and then queue the day
 * afresh. Either way a batch acknowledged while the engine works on its day is processed after.
 *
 * The engine rebuilding an asset-day holds its queue row and then the asset's state row;
 * ingestion takes them in the same order (queue first, state in a second statement of the
 * same transaction), so the two do not deadlock. Should PostgreSQL still pick a victim
 * (40P01) or fail a serialisation (40001), the transaction was rolled back whole and runs
 * again: ON CONFLICT keeps each record once.
 */
export class IngestRepository {
  constructor(
    private readonly db: Db,
    private readonly timezone: string,
  ) {}

  /**
   * Stores new records: each takes the asset its device was linked to at that moment; the
   * asset-days they touch (and the next day, whose first interval starts from them) are
   * queued for the engine; the asset's latest position moves forward. Answers how many
   * were new.
   */
  insertRecords(deviceId: number, rows: RecordRow[]): Promise<number> {
    const column = <K extends keyof RecordRow>(key: K) => rows.map((r) => r[key]);
    return this.store((trx) =>
      sql<Inserted>`
      WITH input AS (
        SELECT * FROM unnest(
          ${column('timestamp')}::timestamptz[], ${column('transferReason')}::text[],
          ${column('latitude')}::integer[], ${column('longitude')}::integer[], ${column('speed')}::real[],
          ${column('events')}::jsonb[], ${column('metrics')}::jsonb[]
        ) AS r (ts, reason, latitude, longitude, speed, events, metrics)
      ), inserted AS (
        INSERT INTO raw_records (device_id, "timestamp", transfer_reason, asset_id, latitude, longitude, speed, events, metrics)
        SELECT ${deviceId}, i.ts, i.reason,
               (SELECT dl.asset_id FROM device_links dl WHERE dl.device_id = ${deviceId} AND dl.period @> i.ts),
               i.latitude, i.longitude, i.speed, i.events, i.metrics
        FROM input i
        ON CONFLICT DO NOTHING
        RETURNING "timestamp", asset_id, latitude, longitude, speed
      ), days AS (
        SELECT DISTINCT asset_id, ("timestamp" AT TIME ZONE ${this.timezone})::date AS day
        FROM inserted WHERE asset_id IS NOT NULL
      ), queued AS (
        INSERT INTO engine_queue (asset_id, day)
        SELECT asset_id, day FROM days
        UNION
        SELECT asset_id, day + 1 FROM days WHERE day < (now() AT TIME ZONE ${this.timezone})::date
        ON CONFLICT (asset_id, day) DO UPDATE SET queued_at = engine_queue.queued_at
      )
      ${this.newest()}`.execute(trx),
    );
  }

  /** Stores new datapoints; they move the asset's latest position forward. */
  insertDatapoints(deviceId: number, rows: DatapointRow[]): Promise<number> {
    const column = <K extends keyof DatapointRow>(key: K) => rows.map((r) => r[key]);
    return this.store((trx) =>
      sql<Inserted>`
      WITH input AS (
        SELECT * FROM unnest(
          ${column('timestamp')}::timestamptz[], ${column('latitude')}::integer[],
          ${column('longitude')}::integer[], ${column('speed')}::real[], ${column('heading')}::smallint[]
        ) AS r (ts, latitude, longitude, speed, heading)
      ), inserted AS (
        INSERT INTO datapoints (device_id, "timestamp", asset_id, latitude, longitude, speed, heading)
        SELECT ${deviceId}, i.ts,
               (SELECT dl.asset_id FROM device_links dl WHERE dl.device_id = ${deviceId} AND dl.period @> i.ts),
               i.latitude, i.longitude, i.speed, i.heading
        FROM input i
        ON CONFLICT DO NOTHING
        RETURNING "timestamp", asset_id, latitude, longitude, speed
      )
      ${this.newest()}`.execute(trx),
    );
  }

  /** One row per asset with its newest inserted position, each carrying the count of new rows. */
  private newest() {
    return sql`
      SELECT (SELECT count(*)::integer FROM inserted) AS stored, n.*
      FROM (SELECT 1) one
      LEFT JOIN (
        SELECT DISTINCT ON (asset_id) asset_id, "timestamp", latitude, longitude, speed
        FROM inserted WHERE asset_id IS NOT NULL
        ORDER BY asset_id, "timestamp" DESC
      ) n ON true`;
  }

  private store(
    insert: (trx: Transaction<Database>) => Promise<{ rows: Inserted[] }>,
  ): Promise<number> {
    return retryOnConflict(() =>
      this.db.transaction().execute(async (trx) => {
        const { rows } = await insert(trx);
        const moved = rows.filter((r) => r.asset_id !== null);
        if (moved.length) await this.moveState(trx, moved);
        return rows[0]?.stored ?? 0;
      }),
    );
  }

  /** The asset's latest position moves forward only (records may arrive late). */
  private async moveState(trx: Transaction<Database>, rows: Inserted[]): Promise<void> {
    const column = <K extends keyof Inserted>(key: K) => rows.map((r) => r[key]);
    await sql`
      INSERT INTO asset_state AS s (asset_id, last_time, latitude, longitude, speed)
      SELECT * FROM unnest(
        ${column('asset_id')}::integer[], ${column('timestamp')}::timestamptz[],
        ${column('latitude')}::integer[], ${column('longitude')}::integer[], ${column('speed')}::real[]
      )
      ON CONFLICT (asset_id) DO UPDATE
        SET last_time = excluded.last_time, latitude = excluded.latitude,
            longitude = excluded.longitude, speed = excluded.speed
        WHERE s.last_time < excluded.last_time`.execute(trx);
  }
}
