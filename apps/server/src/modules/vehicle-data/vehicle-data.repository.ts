import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { STAT_FIELDS, statsFromRow } from '../../db/stat-columns.js';
import { tripFromRow } from '../../db/trip-row.js';
import { MAX_UNPAGED_ROWS, type DataPage } from '@fleet/contract';
import type { Window } from '../../lib/window.js';

export type { Window };

const tripColumns = sql.raw(STAT_FIELDS.map(({ column }) => `t.${column}`).join(', '));

/** The most rows one call without a page answers (X-Total-Count says how many there are). */
export const LIMIT = MAX_UNPAGED_ROWS;

/** A page as asked for, or the whole window up to LIMIT rows. */
const rowsOf = (page: DataPage) => ({ limit: page?.limit ?? LIMIT, offset: page?.offset ?? 0 });

/** What an asset or driver did: trips, events, raw records and positions, as stored. */
export class VehicleDataRepository {
  constructor(private readonly db: Db) {}

  /** The same reads on another connection (a call's own, cancellable one). */
  on(db: Db): VehicleDataRepository {
    return new VehicleDataRepository(db);
  }

  /** Trips overlapping the window, latest first: a page (or all) and how many there are. */
  async trips(assetId: number, window: Window, page?: DataPage) {
    const { limit, offset } = rowsOf(page);
    const overlapping = sql`
      t.asset_id = ${assetId} AND t.start_time < ${window.until}
        AND coalesce(t.end_time, 'infinity') > ${window.from}`;
    const [{ rows }, count] = await Promise.all([
      sql<Record<string, unknown>>`
        SELECT t.id AS trip_id, t.start_time, t.end_time, t.start_latitude, t.start_longitude,
               t.end_latitude, t.end_longitude, ${tripColumns}
        FROM trips t
        WHERE ${overlapping}
        ORDER BY t.start_time DESC, t.id DESC
        LIMIT ${limit} OFFSET ${offset}`.execute(this.db),
      sql<{ n: number }>`SELECT count(*)::integer AS n FROM trips t WHERE ${overlapping}`.execute(
        this.db,
      ),
    ]);
    return {
      rows: rows.map((r) => ({ ...tripFromRow(r), stats: statsFromRow(r) })),
      total: count.rows[0]!.n,
    };
  }

  /** When one trip of the asset started and ended (null: under way); undefined if none. */
  async tripSpan(assetId: number, tripId: number) {
    const { rows } = await sql<{ start_time: Date; end_time: Date | null }>`
      SELECT start_time, end_time FROM trips WHERE id = ${tripId} AND asset_id = ${assetId}`.execute(
      this.db,
    );
    return rows[0];
  }

  /** Events in the window, oldest first; those of one moment follow each other. */
  async events(by: 'asset_id' | 'driver_id', id: number, window: Window) {
    return (await this.eventPage(by, id, window, undefined)).rows;
  }

  /**
   * A page of the window's moments (time and asset) with their events, oldest first, and how
   * many moments there are: a moment's events never split over two pages.
   */
  async eventPage(by: 'asset_id' | 'driver_id', id: number, window: Window, page: DataPage) {
    const { limit, offset } = rowsOf(page);
    const column = sql.ref(by);
    const inWindow = sql`
      ${column} = ${id} AND "timestamp" >= ${window.from} AND "timestamp" <= ${window.until}`;
    const [{ rows }, count] = await Promise.all([
      sql<{
        asset_id: number;
        driver_id: number | null;
        timestamp: Date;
        event_type: string;
        latitude: number | null;
        longitude: number | null;
      }>`
        WITH moments AS (
          SELECT DISTINCT "timestamp", asset_id FROM events
          WHERE ${inWindow}
          ORDER BY "timestamp", asset_id
          LIMIT ${limit} OFFSET ${offset}
        )
        SELECT e.asset_id, e.driver_id, e."timestamp", e.event_type, e.latitude, e.longitude
        FROM events e
        JOIN moments m ON m."timestamp" = e."timestamp" AND m.asset_id = e.asset_id
        WHERE e.${column} = ${id}
        ORDER BY e."timestamp", e.asset_id, e.event_type`.execute(this.db),
      sql<{ n: number }>`
        SELECT count(*)::integer AS n
        FROM (SELECT DISTINCT "timestamp", asset_id FROM events WHERE ${inWindow}) m`.execute(
        this.db,
      ),
    ]);
    return { rows, total: count.rows[0]!.n };
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

  /**
   * A page of the asset's raw records in the window, newest first, with how many there are and
   * what their differences need outside the page: the record before its oldest (one row more is
   * read), the period's latest trip start at or before its oldest and the period's first record.
   */
  async rawData(assetId: number, window: Window, limit: number, offset: number) {
    const inWindow = this.db
      .selectFrom('raw_records')
      .where('asset_id', '=', assetId)
      .where('timestamp', '>=', window.from)
      .where('timestamp', '<=', window.until);
    const columns = [
      'timestamp',
      'transfer_reason',
      'device_id',
      'latitude',
      'longitude',
      'speed',
      'events',
      'metrics',
    ] as const;
    const [rows, count, first] = await Promise.all([
      inWindow
        .select(columns)
        .orderBy('timestamp', 'desc')
        .orderBy('transfer_reason', 'desc')
        .limit(limit + 1)
        .offset(offset)
        .execute(),
      inWindow.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      inWindow
        .select(columns)
        .orderBy('timestamp')
        .orderBy('transfer_reason')
        .limit(1)
        .executeTakeFirst(),
    ]);
    const page = rows.slice(0, limit);
    const oldest = page.at(-1);
    const tripStart = oldest
      ? await inWindow
          .select(columns)
          .where('transfer_reason', '=', 'TRIP_START')
          .where('timestamp', '<=', oldest.timestamp)
          .orderBy('timestamp', 'desc')
          .limit(1)
          .executeTakeFirst()
      : undefined;
    return {
      rows: page,
      total: Number(count.n),
      context: { before: rows[limit], tripStart, first },
    };
  }

  /**
   * Positions of the asset, oldest first: datapoints and the positions of raw records, with the
   * device identifier; a page (or all) and how many there are.
   */
  async datapoints(assetId: number, window: Window, page?: DataPage) {
    const { limit, offset } = rowsOf(page);
    const positions = sql`
      SELECT "timestamp", device_id, latitude, longitude, speed FROM datapoints
      WHERE asset_id = ${assetId} AND "timestamp" BETWEEN ${window.from} AND ${window.until}
      UNION ALL
      SELECT "timestamp", device_id, latitude, longitude, speed FROM raw_records
      WHERE asset_id = ${assetId} AND "timestamp" BETWEEN ${window.from} AND ${window.until}
        AND latitude IS NOT NULL`;
    const [{ rows }, count] = await Promise.all([
      sql<{
        timestamp: Date;
        identifier: string;
        latitude: number | null;
        longitude: number | null;
        speed: number | null;
      }>`
        SELECT p."timestamp", dv.identifier, p.latitude, p.longitude, p.speed
        FROM (${positions}) p
        JOIN devices dv ON dv.id = p.device_id
        ORDER BY p."timestamp", p.device_id
        LIMIT ${limit} OFFSET ${offset}`.execute(this.db),
      sql<{ n: number }>`SELECT count(*)::integer AS n FROM (${positions}) p`.execute(this.db),
    ]);
    return { rows, total: count.rows[0]!.n };
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
