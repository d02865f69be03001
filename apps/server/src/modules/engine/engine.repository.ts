import { sql, type Transaction } from 'kysely';
import type { DrivingStyleData } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { retryOnConflict } from '../../lib/postgres-errors.js';
import type { Database } from '../../db/schema.js';
import { STAT_FIELDS } from '../../db/stat-columns.js';
import type { DayResult, DriverLinkPeriod, EngineRecord } from './process-day.js';

export { STAT_FIELDS };

export const statValues = (stats: DrivingStyleData) =>
  Object.fromEntries(STAT_FIELDS.map(({ column, field }) => [column, stats[field] ?? 0]));

export interface ClaimedDay {
  assetId: number;
  day: string;
  start: Date;
  end: Date;
}

/** How far around a day the engine reads: trips that began before it, and their stops after it. */
const LOOK_BACK = '2 days';
const LOOK_AHEAD = '1 day';

/** A trip rebuilt takes every new value (excluded: the row the insert proposed). */
const TRIP_UPDATE = Object.fromEntries(
  [
    'device_id',
    'end_time',
    'start_latitude',
    'start_longitude',
    'end_latitude',
    'end_longitude',
    ...STAT_FIELDS.map((f) => f.column),
  ].map((column) => [column, sql`excluded.${sql.ref(column)}`]),
) as Record<string, never>;

export class EngineRepository {
  constructor(
    readonly db: Db,
    private readonly timezone: string,
  ) {}

  /**
   * Takes up to `limit` queued asset-days, oldest first, skipping those another worker (or a
   * batch still in flight, ingest.repository.ts) holds, and then locks their assets' state rows
   * in ascending order: ingestion takes the queue and then the state too, and two workers on
   * days of one asset wait for each other instead of deadlocking over its trips.
   */
  async claim(trx: Transaction<Database>, limit = 1): Promise<ClaimedDay[]> {
    const { rows } = await sql<{ asset_id: number; day: string; start: Date; end: Date }>`
      DELETE FROM engine_queue q
      USING (
        SELECT asset_id, day FROM engine_queue ORDER BY queued_at, day LIMIT ${limit} FOR UPDATE SKIP LOCKED
      ) c
      WHERE q.asset_id = c.asset_id AND q.day = c.day
      RETURNING q.asset_id, q.day::text,
        (q.day::timestamp AT TIME ZONE ${this.timezone}) AS start,
        ((q.day + 1)::timestamp AT TIME ZONE ${this.timezone}) AS "end"`.execute(trx);
    if (!rows.length) return [];
    const assets = [...new Set(rows.map((r) => r.asset_id))].sort((a, b) => a - b);
    await sql`
      SELECT 1 FROM asset_state WHERE asset_id = ANY(${assets}::integer[])
      ORDER BY asset_id FOR UPDATE`.execute(trx);
    return rows
      .map((r) => ({ assetId: r.asset_id, day: r.day, start: r.start, end: r.end }))
      .sort((a, b) => a.assetId - b.assetId || a.day.localeCompare(b.day));
  }

  /**
   * The asset's records the day needs, oldest first: from its last TRIP_START before the day
   * (the trip under way at midnight; else its last record before the day, for the first
   * interval) to its first trip boundary after the day (what ends the trip under way at the
   * end), each at most LOOK_BACK / LOOK_AHEAD away. Issue 18: reading the whole window made a
   * day's rebuild cost the records of three or four days; processDay answers the same for
   * both, as records outside these bounds only touch trips that neither start nor run in the day.
   */
  async records(trx: Transaction<Database>, day: ClaimedDay): Promise<EngineRecord[]> {
    const asset = day.assetId;
    const back = sql`${day.start}::timestamptz - ${LOOK_BACK}::interval`;
    const ahead = sql`${day.end}::timestamptz + ${LOOK_AHEAD}::interval`;
    const { rows } = await sql<{
      timestamp: Date;
      transfer_reason: string;
      device_id: number;
      latitude: number | null;
      longitude: number | null;
      events: EngineRecord['events'];
      metrics: EngineRecord['metrics'];
    }>`
      WITH bounds AS (
        SELECT
          coalesce(
            (SELECT max("timestamp") FROM raw_records WHERE asset_id = ${asset}
              AND transfer_reason = 'TRIP_START' AND "timestamp" >= ${back} AND "timestamp" < ${day.start}),
            (SELECT max("timestamp") FROM raw_records WHERE asset_id = ${asset}
              AND "timestamp" >= ${back} AND "timestamp" < ${day.start}),
            ${day.start}::timestamptz
          ) AS lower,
          coalesce(
            (SELECT min("timestamp") FROM raw_records WHERE asset_id = ${asset}
              AND transfer_reason IN ('TRIP_START', 'TRIP_STOP')
              AND "timestamp" >= ${day.end} AND "timestamp" < ${ahead}) + interval '1 microsecond',
            ${ahead}
          ) AS upper
      )
      SELECT "timestamp", transfer_reason, device_id, latitude, longitude, events, metrics
      FROM raw_records, bounds
      WHERE asset_id = ${asset} AND "timestamp" >= bounds.lower AND "timestamp" < bounds.upper
      ORDER BY "timestamp",
        CASE transfer_reason WHEN 'TRIP_START' THEN 0 WHEN 'TRIP_STOP' THEN 2 ELSE 1 END`.execute(
      trx,
    );
    return rows.map((r) => ({
      timestamp: r.timestamp,
      transferReason: r.transfer_reason,
      deviceId: r.device_id,
      latitude: r.latitude,
      longitude: r.longitude,
      events: r.events,
      metrics: r.metrics,
    }));
  }

  async driverLinks(trx: Transaction<Database>, day: ClaimedDay): Promise<DriverLinkPeriod[]> {
    const rows = await trx
      .selectFrom('driver_links')
      .select(['driver_id', 'from', 'until'])
      .where('asset_id', '=', day.assetId)
      .where(
        sql<boolean>`period && tstzrange(${day.start}::timestamptz - ${LOOK_BACK}::interval, ${day.end}::timestamptz + ${LOOK_AHEAD}::interval)`,
      )
      .orderBy('from')
      .execute();
    return rows.map((r) => ({ driverId: r.driver_id, from: r.from, until: r.until }));
  }

  /** Replaces everything derived for the asset-day with `result`. */
  async write(trx: Transaction<Database>, day: ClaimedDay, result: DayResult): Promise<void> {
    const { assetId, start, end } = day;
    await trx
      .deleteFrom('stats_hourly')
      .where('asset_id', '=', assetId)
      .where('hour', '>=', start)
      .where('hour', '<', end)
      .execute();
    if (result.hourly.size) {
      await trx
        .insertInto('stats_hourly')
        .values(
          [...result.hourly.values()].map((h) => ({
            asset_id: assetId,
            driver_id: h.driverId,
            hour: h.hour,
            ...statValues(h.stats),
          })),
        )
        .execute();
    }
    await trx
      .deleteFrom('stats_daily')
      .where('asset_id', '=', assetId)
      .where('day', '=', day.day)
      .execute();
    if (result.daily.size) {
      await trx
        .insertInto('stats_daily')
        .values(
          [...result.daily].map(([driverId, stats]) => ({
            asset_id: assetId,
            driver_id: driverId,
            day: day.day,
            ...statValues(stats),
          })),
        )
        .execute();
    }
    await trx
      .deleteFrom('events')
      .where('asset_id', '=', assetId)
      .where('timestamp', '>=', start)
      .where('timestamp', '<', end)
      .execute();
    if (result.events.length) {
      await trx
        .insertInto('events')
        .values(
          result.events.map((e) => ({
            asset_id: assetId,
            timestamp: e.timestamp,
            event_type: e.eventType,
            driver_id: e.driverId,
            device_id: e.deviceId,
            latitude: e.latitude,
            longitude: e.longitude,
          })),
        )
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    await this.writeTrips(trx, day, result);
  }

  /**
   * Upserts by (asset, start) so a trip keeps its id when it is rebuilt: all the day's trips in
   * one statement, their drivers in two (issue 18: a round trip per trip made a full day slow).
   */
  private async writeTrips(trx: Transaction<Database>, day: ClaimedDay, result: DayResult) {
    // Two trips of one start (two devices of the asset): the later one wins, as it always did.
    const byStart = new Map(result.trips.map((trip) => [trip.start.getTime(), trip]));
    const trips = [...byStart.values()];
    const kept: number[] = [];
    if (trips.length) {
      const rows = await trx
        .insertInto('trips')
        .values(
          trips.map((trip) => ({
            asset_id: day.assetId,
            device_id: trip.deviceId,
            start_time: trip.start,
            end_time: trip.end,
            start_latitude: trip.startLatitude,
            start_longitude: trip.startLongitude,
            end_latitude: trip.endLatitude,
            end_longitude: trip.endLongitude,
            ...statValues(trip.stats),
          })),
        )
        .onConflict((oc) => oc.columns(['asset_id', 'start_time']).doUpdateSet(TRIP_UPDATE))
        .returning(['id', 'start_time'])
        .execute();
      const idOf = new Map(rows.map((r) => [r.start_time.getTime(), r.id]));
      kept.push(...rows.map((r) => r.id));
      await trx.deleteFrom('trip_drivers').where('trip_id', 'in', kept).execute();
      const drivers = trips.flatMap((trip) =>
        [...trip.drivers].map(([driverId, stats]) => ({
          trip_id: idOf.get(trip.start.getTime())!,
          driver_id: driverId,
          ...statValues(stats),
        })),
      );
      if (drivers.length) await trx.insertInto('trip_drivers').values(drivers).execute();
    }
    let stale = trx
      .deleteFrom('trips')
      .where('asset_id', '=', day.assetId)
      .where('start_time', '>=', result.tripsFrom)
      .where('start_time', '<', day.end);
    if (kept.length) stale = stale.where('id', 'not in', kept);
    await stale.execute();
    await sql`
      UPDATE asset_state SET last_trip_id = (
        SELECT id FROM trips WHERE asset_id = ${day.assetId} ORDER BY start_time DESC LIMIT 1)
      WHERE asset_id = ${day.assetId}`.execute(trx);
  }

  /**
   * A device link changed: the device's records and datapoints of [from, until)
   * take the asset of the links as they are now, and the asset-days they left
   * and joined are queued.
   */
  async reattribute(deviceId: number, from: Date, until: Date | null): Promise<number[]> {
    const window = sql`device_id = ${deviceId} AND "timestamp" >= ${from} AND "timestamp" < coalesce(${until}::timestamptz, 'infinity')`;
    const linked = sql`(SELECT dl.asset_id FROM device_links dl WHERE dl.device_id = t.device_id AND dl.period @> t."timestamp")`;
    // Ingestion and the engine lock the same rows: a deadlock victim runs again, whole.
    return retryOnConflict(() =>
      this.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ asset_id: number }>`
        WITH left_days AS (${this.queueDays(sql`raw_records`, window)}),
        moved AS (
          UPDATE raw_records t SET asset_id = ${linked} WHERE ${window}
          RETURNING asset_id
        )
        SELECT DISTINCT asset_id FROM moved WHERE asset_id IS NOT NULL`.execute(trx);
        await sql`UPDATE datapoints t SET asset_id = ${linked} WHERE ${window}`.execute(trx);
        await this.queueDays(sql`raw_records`, window).execute(trx);
        return rows.map((r) => r.asset_id);
      }),
    );
  }

  /** Queues the asset-days of [from, until) that have records: a driver link of the asset changed. */
  async requeue(assetId: number, from: Date, until: Date | null): Promise<void> {
    const queue = this.queueDays(
      sql`raw_records`,
      sql`asset_id = ${assetId} AND "timestamp" >= ${from} AND "timestamp" < coalesce(${until}::timestamptz, 'infinity')`,
    );
    await retryOnConflict(() => queue.execute(this.db));
  }

  /** Locks an already queued row as ingestion does (ingest.repository.ts): no stale day. */
  private queueDays(table: ReturnType<typeof sql>, where: ReturnType<typeof sql>) {
    return sql`
      INSERT INTO engine_queue (asset_id, day)
      SELECT DISTINCT asset_id, ("timestamp" AT TIME ZONE ${this.timezone})::date FROM ${table}
      WHERE ${where} AND asset_id IS NOT NULL
      ON CONFLICT (asset_id, day) DO UPDATE SET queued_at = engine_queue.queued_at`;
  }

  /** The latest position of each asset, read again from its records and datapoints. */
  async refreshState(assetIds: number[]): Promise<void> {
    if (!assetIds.length) return;
    const refresh = sql`
      INSERT INTO asset_state AS s (asset_id, last_time, latitude, longitude, speed)
      SELECT DISTINCT ON (asset_id) asset_id, "timestamp", latitude, longitude, speed
      FROM (
        SELECT asset_id, "timestamp", latitude, longitude, speed FROM raw_records WHERE asset_id = ANY(${assetIds}::integer[])
        UNION ALL
        SELECT asset_id, "timestamp", latitude, longitude, speed FROM datapoints WHERE asset_id = ANY(${assetIds}::integer[])
      ) latest
      ORDER BY asset_id, "timestamp" DESC
      ON CONFLICT (asset_id) DO UPDATE
        SET last_time = excluded.last_time, latitude = excluded.latitude,
            longitude = excluded.longitude, speed = excluded.speed`;
    await retryOnConflict(() => refresh.execute(this.db));
  }

  async postpone(day: ClaimedDay): Promise<void> {
    await sql`UPDATE engine_queue SET queued_at = now() WHERE asset_id = ${day.assetId} AND day = ${day.day}::date`.execute(
      this.db,
    );
  }

  async pending(): Promise<number> {
    const row = await this.db
      .selectFrom('engine_queue')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
