import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { STAT_FIELDS, statsFromRow } from '../../db/stat-columns.js';
import { tripFromRow } from '../../db/trip-row.js';
import type { Window } from '../../lib/window.js';

export type { Window };

const tripColumns = sql.raw(STAT_FIELDS.map(({ column }) => `t.${column}`).join(', '));

/** The most rows one list call answers; a longer window must be asked for in parts. */
export const LIMIT = 50_000;

/** What an asset or driver did: trips, events, raw records and positions, as stored. */
export class VehicleDataRepository {
  constructor(private readonly db: Db) {}

  /** The same reads on another connection (a call's own, cancellable one). */
  on(db: Db): VehicleDataRepository {
    return new VehicleDataRepository(db);
  }

  async trips(assetId: number, window: Window) {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT t.id AS trip_id, t.start_time, t.end_time, t.start_latitude, t.start_longitude,
             t.end_latitude, t.end_longitude, ${tripColumns}
      FROM trips t
      WHERE t.asset_id = ${assetId} AND t.start_time < ${window.until}
        AND coalesce(t.end_time, 'infinity') > ${window.from}
      ORDER BY t.start_time DESC`.execute(this.db);
    return rows.map((r) => ({ ...tripFromRow(r), stats: statsFromRow(r) }));
  }

  /** Events in the window, oldest first; those of one moment follow each other. */
  async events(by: 'asset_id' | 'driver_id', id: number, window: Window) {
    return this.db
      .selectFrom('events')
      .select(['asset_id', 'driver_id', 'timestamp', 'event_type', 'latitude', 'longitude'])
      .where(by, '=', id)
      .where('timestamp', '>=', window.from)
      .where('timestamp', '<=', window.until)
      .orderBy('timestamp')
      .orderBy('asset_id')
      .orderBy('event_type')
      .limit(LIMIT)
      .execute();
  }

  /**
   * Events of one type counted per grid cell of `cell` units (degrees × 100000) a side: a
   * year of events answers as a few thousand cells rather than every point.
   */
  async heatmap(
    by: 'asset_id' | 'driver_id',
    id: number,
    eventType: string,
    window: Window,
    cell: number,
  ) {
    const { rows } = await sql<{ latitude: number; longitude: number; weight: number }>`
      SELECT (round(latitude::numeric / ${cell}) * ${cell})::integer AS latitude,
             (round(longitude::numeric / ${cell}) * ${cell})::integer AS longitude,
             count(*)::integer AS weight
      FROM events
      WHERE ${sql.ref(by)} = ${id} AND event_type = ${eventType}
        AND "timestamp" >= ${window.from} AND "timestamp" <= ${window.until}
        AND latitude IS NOT NULL AND longitude IS NOT NULL
      GROUP BY 1, 2
      ORDER BY 3 DESC, 1, 2
      LIMIT ${LIMIT}`.execute(this.db);
    return rows;
  }

  /** A page of the asset's raw records in the window, newest first, and how many there are. */
  async rawData(assetId: number, window: Window, limit: number, offset: number) {
    const inWindow = this.db
      .selectFrom('raw_records')
      .where('asset_id', '=', assetId)
      .where('timestamp', '>=', window.from)
      .where('timestamp', '<=', window.until);
    const [rows, count] = await Promise.all([
      inWindow
        .select([
          'timestamp',
          'transfer_reason',
          'device_id',
          'latitude',
          'longitude',
          'speed',
          'events',
          'metrics',
        ])
        .orderBy('timestamp', 'desc')
        .orderBy('transfer_reason', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
      inWindow.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  /** Positions of the asset: datapoints and the positions of raw records, with the device identifier. */
  async datapoints(assetId: number, window: Window) {
    const { rows } = await sql<{
      timestamp: Date;
      identifier: string;
      latitude: number | null;
      longitude: number | null;
      speed: number | null;
    }>`
      SELECT p."timestamp", dv.identifier, p.latitude, p.longitude, p.speed
      FROM (
        SELECT "timestamp", device_id, latitude, longitude, speed FROM datapoints
        WHERE asset_id = ${assetId} AND "timestamp" BETWEEN ${window.from} AND ${window.until}
        UNION ALL
        SELECT "timestamp", device_id, latitude, longitude, speed FROM raw_records
        WHERE asset_id = ${assetId} AND "timestamp" BETWEEN ${window.from} AND ${window.until} AND latitude IS NOT NULL
      ) p
      JOIN devices dv ON dv.id = p.device_id
      ORDER BY p."timestamp"
      LIMIT ${LIMIT}`.execute(this.db);
    return rows;
  }

  /** Media of the asset in the window, oldest first, with the identifier of the device that made them. */
  async media(assetId: number, window: Window) {
    return this.db
      .selectFrom('media as m')
      .leftJoin('devices as d', 'd.id', 'm.device_id')
      .select(['m.id', 'm.mime_type', 'm.timestamp', 'd.identifier'])
      .where('m.asset_id', '=', assetId)
      .where('m.timestamp', '>=', window.from)
      .where('m.timestamp', '<=', window.until)
      .orderBy('m.timestamp')
      .orderBy('m.camera')
      .orderBy('m.id')
      .limit(LIMIT)
      .execute();
  }
}
