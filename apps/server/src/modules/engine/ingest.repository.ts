import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
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

/** One device's batch: what a statement stores, alone or with others (ingest.service.ts). */
export interface DeviceBatch<Row> {
  deviceId: number;
  rows: Row[];
}

/** What one statement answers: how many rows were new per device, and the assets whose latest position moved. */
export interface Stored {
  stored: Map<number, number>;
  moved: number[];
}

/**
 * Queuing an asset-day that is already queued locks its row (ON CONFLICT DO UPDATE; DO NOTHING
 * would take no lock): the engine's claim skips a row locked by a batch still in flight, so it
 * cannot take the day, read it without the batch and delete the row before the batch commits.
 * The other way round, the engine's delete makes the batch's upsert wait and then queue the day
 * afresh. Either way a batch acknowledged while the engine works on its day is processed after.
 *
 * The batches of several devices are one statement (one round trip, committed on its own:
 * issue 18 §3, each device post was four round trips and a commit). The engine rebuilding an
 * asset-day holds its queue row and then the asset's state row; the statement takes them in
 * the same order: `moved` waits for all of `queued` (the sub-select in its WHERE runs first,
 * whole), so the two do not deadlock. Two statements take queue rows, and then state rows,
 * in the order of their keys, so they wait for each other rather than deadlock. Should PostgreSQL still pick a victim (40P01) or fail a serialisation
 * (40001), the statement was rolled back whole and runs again: ON CONFLICT keeps each record
 * once.
 */
interface StoredRow {
  stored: Record<string, number>;
  moved: number[];
}

/** The batches' rows as one array per column, each row with its device. */
function columns<Row>(batches: DeviceBatch<Row>[]) {
  const rows = batches.flatMap((b) => b.rows.map((row) => ({ ...row, deviceId: b.deviceId })));
  return <K extends keyof Row | 'deviceId'>(key: K) => rows.map((r) => r[key as keyof typeof r]);
}

export class IngestRepository {
  constructor(
    private readonly db: Db,
    private readonly timezone: string,
  ) {}

  /**
   * Stores new records: each takes the asset its device was linked to at that moment; the
   * asset-days they touch (and the next day, whose first interval starts from them) are
   * queued for the engine; the asset's latest position moves forward. Answers how many
   * were new, per device.
   */
  insertRecords(batches: DeviceBatch<RecordRow>[]): Promise<Stored> {
    const column = columns(batches);
    return this.store(
      sql<StoredRow>`
      WITH input AS (
        SELECT * FROM unnest(
          ${column('deviceId')}::integer[],
          ${column('timestamp')}::timestamptz[], ${column('transferReason')}::text[],
          ${column('latitude')}::integer[], ${column('longitude')}::integer[], ${column('speed')}::real[],
          ${column('events')}::jsonb[], ${column('metrics')}::jsonb[]
        ) AS r (device_id, ts, reason, latitude, longitude, speed, events, metrics)
      ), inserted AS (
        INSERT INTO raw_records (device_id, "timestamp", transfer_reason, asset_id, latitude, longitude, speed, events, metrics)
        SELECT i.device_id, i.ts, i.reason,
               (SELECT dl.asset_id FROM device_links dl WHERE dl.device_id = i.device_id AND dl.period @> i.ts),
               i.latitude, i.longitude, i.speed, i.events, i.metrics
        FROM input i
        ON CONFLICT DO NOTHING
        RETURNING device_id, "timestamp", asset_id, latitude, longitude, speed
      ), days AS (
        SELECT asset_id, ("timestamp" AT TIME ZONE ${this.timezone})::date AS day, min("timestamp") AS since
        FROM inserted WHERE asset_id IS NOT NULL GROUP BY 1, 2
      ), queued AS (
        -- since: the earliest record queued for the day, so the engine can read only what is
        -- new (migration 0028); a record of the day before counts for the day after as well.
        INSERT INTO engine_queue (asset_id, day, since)
        SELECT asset_id, day, min(since) FROM (
          SELECT asset_id, day, since FROM days
          UNION ALL
          SELECT asset_id, day + 1, since FROM days WHERE day < (now() AT TIME ZONE ${this.timezone})::date
        ) d GROUP BY asset_id, day ORDER BY asset_id, day
        ON CONFLICT (asset_id, day) DO UPDATE SET since = least(engine_queue.since, excluded.since)
        RETURNING 1
      ),
      ${this.moveState(sql`(SELECT count(*) FROM queued) >= 0`)}`,
    );
  }

  /** Stores new datapoints; they move the asset's latest position forward. */
  insertDatapoints(batches: DeviceBatch<DatapointRow>[]): Promise<Stored> {
    const column = columns(batches);
    return this.store(
      sql<StoredRow>`
      WITH input AS (
        SELECT * FROM unnest(
          ${column('deviceId')}::integer[],
          ${column('timestamp')}::timestamptz[], ${column('latitude')}::integer[],
          ${column('longitude')}::integer[], ${column('speed')}::real[], ${column('heading')}::smallint[]
        ) AS r (device_id, ts, latitude, longitude, speed, heading)
      ), inserted AS (
        INSERT INTO datapoints (device_id, "timestamp", asset_id, latitude, longitude, speed, heading)
        SELECT i.device_id, i.ts,
               (SELECT dl.asset_id FROM device_links dl WHERE dl.device_id = i.device_id AND dl.period @> i.ts),
               i.latitude, i.longitude, i.speed, i.heading
        FROM input i
        ON CONFLICT DO NOTHING
        RETURNING device_id, "timestamp", asset_id, latitude, longitude, speed
      ),
      ${this.moveState(sql`true`)}`,
    );
  }

  /**
   * The rest of a batch's statement: each asset's latest position moves forward to its newest
   * inserted row (records may arrive late), once `after` holds; answers the count of new rows
   * and the assets whose position moved.
   */
  private moveState(after: RawBuilder<unknown>) {
    return sql`
      newest AS (
        SELECT DISTINCT ON (asset_id) asset_id, "timestamp", latitude, longitude, speed
        FROM inserted WHERE asset_id IS NOT NULL
        ORDER BY asset_id, "timestamp" DESC
      ), moved AS (
        INSERT INTO asset_state AS s (asset_id, last_time, latitude, longitude, speed)
        SELECT asset_id, "timestamp", latitude, longitude, speed FROM newest WHERE ${after}
        ORDER BY asset_id
        ON CONFLICT (asset_id) DO UPDATE
          SET last_time = excluded.last_time, latitude = excluded.latitude,
              longitude = excluded.longitude, speed = excluded.speed
          WHERE s.last_time < excluded.last_time
        RETURNING s.asset_id
      )
      SELECT (SELECT coalesce(json_object_agg(device_id, n), '{}')
                FROM (SELECT device_id, count(*)::integer AS n FROM inserted GROUP BY device_id) c
             ) AS stored,
             ARRAY(SELECT asset_id FROM moved) AS moved`;
  }

  private async store(statement: RawBuilder<StoredRow>): Promise<Stored> {
    const { rows } = await retryOnConflict(() => statement.execute(this.db));
    const { stored, moved } = rows[0]!;
    return { stored: new Map(Object.entries(stored).map(([id, n]) => [Number(id), n])), moved };
  }
}
