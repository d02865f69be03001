import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

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

export class IngestRepository {
  constructor(
    private readonly db: Db,
    private readonly timezone: string,
  ) {}

  /**
   * Stores new records in one statement: each takes the asset its device was
   * linked to at that moment; the asset-days they touch (and the next day,
   * whose first interval starts from them) are queued for the engine; the
   * asset's latest position moves forward. Answers how many were new.
   */
  async insertRecords(deviceId: number, rows: RecordRow[]): Promise<number> {
    const column = <K extends keyof RecordRow>(key: K) => rows.map((r) => r[key]);
    const { rows: result } = await sql<{ stored: number }>`
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
      ), ${this.followUps()}
      SELECT count(*)::integer AS stored FROM inserted`.execute(this.db);
    return result[0]?.stored ?? 0;
  }

  async insertDatapoints(deviceId: number, rows: DatapointRow[]): Promise<number> {
    const column = <K extends keyof DatapointRow>(key: K) => rows.map((r) => r[key]);
    const { rows: result } = await sql<{ stored: number }>`
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
      ), ${this.latestState()}
      SELECT count(*)::integer AS stored FROM inserted`.execute(this.db);
    return result[0]?.stored ?? 0;
  }

  private followUps() {
    return sql`days AS (
        SELECT DISTINCT asset_id, ("timestamp" AT TIME ZONE ${this.timezone})::date AS day
        FROM inserted WHERE asset_id IS NOT NULL
      ), queued AS (
        INSERT INTO engine_queue (asset_id, day)
        SELECT asset_id, day FROM days
        UNION
        SELECT asset_id, day + 1 FROM days WHERE day < (now() AT TIME ZONE ${this.timezone})::date
        ON CONFLICT DO NOTHING
      ), ${this.latestState()}`;
  }

  private latestState() {
    return sql`state AS (
        INSERT INTO asset_state AS s (asset_id, last_time, latitude, longitude, speed)
        SELECT DISTINCT ON (asset_id) asset_id, "timestamp", latitude, longitude, speed
        FROM inserted WHERE asset_id IS NOT NULL
        ORDER BY asset_id, "timestamp" DESC
        ON CONFLICT (asset_id) DO UPDATE
          SET last_time = excluded.last_time, latitude = excluded.latitude,
              longitude = excluded.longitude, speed = excluded.speed
          WHERE s.last_time < excluded.last_time
      )`;
  }
}
