import { sql, type Kysely, type Transaction } from 'kysely';
import type { DrivingStyleData } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { retryOnConflict } from '../../lib/postgres-errors.js';
import type { Database } from '../../db/schema.js';
import { STAT_FIELDS } from '../../db/stat-columns.js';
import {
  dismissedKey,
  type DayResult,
  type DriverLinkPeriod,
  type EngineRecord,
  type TripResult,
} from './process-day.js';
import { StepTimer } from './step-timer.js';
import type { ZoneVersion } from '../zones/index.js';
import type { DayZoneVisit } from './zone-visits-of-day.js';

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

/** The claimed asset-days as a relation d(asset_id, start, "end", n), n counting from 1. */
const claimedDays = (days: ClaimedDay[]) => sql`unnest(
  ${days.map((d) => d.assetId)}::integer[],
  ${days.map((d) => d.start.toISOString())}::timestamptz[],
  ${days.map((d) => d.end.toISOString())}::timestamptz[]
) WITH ORDINALITY AS d(asset_id, start, "end", n)`;

/** Rows a multi-row insert takes at most: ~40 parameters a row stay under PostgreSQL's 65,535. */
const CHUNK = 1000;
const chunks = <T>(rows: T[]): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += CHUNK) out.push(rows.slice(i, i + CHUNK));
  return out;
};

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

/** The first key of the engine's advisory locks (pg_advisory_xact_lock(class, asset id)). */
const ASSET_LOCK_CLASS = 18;

export class EngineRepository {
  constructor(
    readonly db: Db,
    private readonly timezone: string,
    readonly timer = new StepTimer(undefined),
  ) {}

  /**
   * Takes up to `limit` queued asset-days, oldest first, skipping those another worker (or a
   * batch still in flight, ingest.repository.ts) holds, and then takes a lock of each of their
   * assets in ascending order, so two workers on days of one asset wait for each other instead
   * of deadlocking over its trips. An advisory lock, not the asset's state row: ingestion
   * updates that row (its latest position), and a batch of many devices (batch-groups.ts)
   * waited for a worker's whole transaction while other workers waited for the batch (issue
   * 18 §3). The state row is written last, by `write`, just before the commit.
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
      SELECT pg_advisory_xact_lock(${ASSET_LOCK_CLASS}, a)
      FROM (SELECT a FROM unnest(${assets}::integer[]) a ORDER BY a) ordered`.execute(trx);
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
  async records(trx: Transaction<Database>, days: ClaimedDay[]): Promise<EngineRecord[][]> {
    const back = sql`d.start - ${LOOK_BACK}::interval`;
    const ahead = sql`d."end" + ${LOOK_AHEAD}::interval`;
    // Issue 18: one statement for the batch's asset-days (a round trip per day was most of it).
    const { rows } = await sql<{
      n: number;
      timestamp: Date;
      transfer_reason: string;
      device_id: number;
      latitude: number | null;
      longitude: number | null;
      speed: number | null;
      events: EngineRecord['events'];
      metrics: EngineRecord['metrics'];
    }>`
      WITH days AS (
        SELECT * FROM ${claimedDays(days)}
      ), bounds AS (
        SELECT d.n, d.asset_id,
          coalesce(
            (SELECT max("timestamp") FROM raw_records WHERE asset_id = d.asset_id
              AND transfer_reason = 'TRIP_START' AND "timestamp" >= ${back} AND "timestamp" < d.start),
            (SELECT max("timestamp") FROM raw_records WHERE asset_id = d.asset_id
              AND "timestamp" >= ${back} AND "timestamp" < d.start),
            d.start
          ) AS lower,
          coalesce(
            (SELECT min("timestamp") FROM raw_records WHERE asset_id = d.asset_id
              AND transfer_reason IN ('TRIP_START', 'TRIP_STOP')
              AND "timestamp" >= d."end" AND "timestamp" < ${ahead}) + interval '1 microsecond',
            ${ahead}
          ) AS upper
        FROM days d
      )
      SELECT b.n, "timestamp", transfer_reason, device_id, latitude, longitude, speed, events, metrics
      FROM bounds b JOIN raw_records r ON r.asset_id = b.asset_id
        AND r."timestamp" >= b.lower AND r."timestamp" < b.upper
      ORDER BY b.n, "timestamp",
        CASE transfer_reason WHEN 'TRIP_START' THEN 0 WHEN 'TRIP_STOP' THEN 2 ELSE 1 END`.execute(
      trx,
    );
    const out: EngineRecord[][] = days.map(() => []);
    for (const r of rows)
      out[Number(r.n) - 1]!.push({
        timestamp: r.timestamp,
        transferReason: r.transfer_reason,
        deviceId: r.device_id,
        latitude: r.latitude,
        longitude: r.longitude,
        speed: r.speed,
        events: r.events,
        metrics: r.metrics,
      });
    return out;
  }

  /** Each asset-day's driver links around it, in one statement. */
  async driverLinks(trx: Transaction<Database>, days: ClaimedDay[]): Promise<DriverLinkPeriod[][]> {
    const { rows } = await sql<{ n: number; driver_id: number; from: Date; until: Date | null }>`
      SELECT d.n, l.driver_id, l."from", l.until
      FROM ${claimedDays(days)} JOIN driver_links l ON l.asset_id = d.asset_id
        AND l.period && tstzrange(d.start - ${LOOK_BACK}::interval, d."end" + ${LOOK_AHEAD}::interval)
      ORDER BY d.n, l."from"`.execute(trx);
    const out: DriverLinkPeriod[][] = days.map(() => []);
    for (const r of rows)
      out[Number(r.n) - 1]!.push({ driverId: r.driver_id, from: r.from, until: r.until });
    return out;
  }

  /**
   * Each asset-day's events a reviewer dismissed (safety cases, issue 20 §3) in the window its
   * records span, as dismissedKey: the trip under way at midnight is rebuilt whole. One
   * statement for the batch, served by the cases' unique key (asset_id, event_time, event_type).
   */
  async dismissed(trx: Transaction<Database>, days: ClaimedDay[]): Promise<Set<string>[]> {
    const { rows } = await sql<{ n: number; event_type: string; event_time: Date }>`
      SELECT d.n, c.event_type, c.event_time
      FROM ${claimedDays(days)} JOIN safety_cases c ON c.asset_id = d.asset_id
        AND c.status = 'DISMISSED'
        AND c.event_time >= d.start - ${LOOK_BACK}::interval
        AND c.event_time < d."end" + ${LOOK_AHEAD}::interval`.execute(trx);
    const out = days.map(() => new Set<string>());
    for (const r of rows) out[Number(r.n) - 1]!.add(dismissedKey(r.event_type, r.event_time));
    return out;
  }

  /**
   * Each asset-day's zone versions (issue 21 §1): of the zones of the asset's organisation and
   * those above it, scoped to every asset or a group the asset is in, valid in the window its
   * records span. One statement for the batch; the pure core skips those whose bounding box
   * misses the day's positions.
   */
  async zoneVersions(trx: Transaction<Database>, days: ClaimedDay[]): Promise<ZoneVersion[][]> {
    const { rows } = await sql<{
      n: number;
      zone_id: number;
      valid_from: Date;
      valid_until: Date | null;
      shape: ZoneVersion['shape'];
      speed_limit: number | null;
      min_lon: number;
      min_lat: number;
      max_lon: number;
      max_lat: number;
    }>`
      WITH RECURSIVE d AS (
        SELECT * FROM ${claimedDays(days)}
      ), up(asset_id, organisation_id) AS (
        SELECT a.id, a.organisation_id FROM assets a WHERE a.id IN (SELECT asset_id FROM d)
        UNION
        SELECT up.asset_id, o.parent_id FROM up JOIN organisations o ON o.id = up.organisation_id
         WHERE o.parent_id IS NOT NULL
      )
      SELECT d.n, v.zone_id, greatest(v.valid_from, 'epoch'::timestamptz) AS valid_from,
             v.valid_until, v.shape, v.speed_limit,
             v.min_lon, v.min_lat, v.max_lon, v.max_lat
        FROM d JOIN up ON up.asset_id = d.asset_id
        JOIN zones z ON z.organisation_id = up.organisation_id
        JOIN zone_versions v ON v.zone_id = z.id
         AND v.valid_from < d."end" + ${LOOK_AHEAD}::interval
         AND (v.valid_until IS NULL OR v.valid_until > d.start - ${LOOK_BACK}::interval)
       WHERE v.group_id IS NULL OR EXISTS (
               SELECT 1 FROM group_assets g WHERE g.group_id = v.group_id AND g.asset_id = d.asset_id)
       ORDER BY d.n, v.zone_id, v.valid_from`.execute(trx);
    const out: ZoneVersion[][] = days.map(() => []);
    for (const r of rows)
      out[Number(r.n) - 1]!.push({
        zoneId: r.zone_id,
        validFrom: r.valid_from,
        validUntil: r.valid_until,
        shape: r.shape,
        speedLimit: r.speed_limit,
        bbox: { minLon: r.min_lon, minLat: r.min_lat, maxLon: r.max_lon, maxLat: r.max_lat },
      });
    return out;
  }

  /**
   * Queues the local day of `time` for the asset, records or not (a case's event changed status).
   * ON CONFLICT DO UPDATE locks a row already queued, as ingestion does: called inside the
   * transaction that changes the case, no worker can take the day before that commits.
   */
  async requeueDay(assetId: number, time: Date, executor: Kysely<Database> = this.db) {
    const queue = sql`
      INSERT INTO engine_queue (asset_id, day)
      VALUES (${assetId}, (${time}::timestamptz AT TIME ZONE ${this.timezone})::date)
      ON CONFLICT (asset_id, day) DO UPDATE SET queued_at = engine_queue.queued_at`;
    // Inside the caller's transaction a retry is the caller's: its whole transaction was rolled back.
    if (executor !== this.db) await queue.execute(executor);
    else await retryOnConflict(() => queue.execute(this.db));
  }

  /**
   * Replaces everything derived for each asset-day with its result: a statement per step for
   * all the batch's asset-days (issue 18: eleven statements per asset-day, each a round trip
   * to a busy PostgreSQL, were most of the engine's time). Days must be in claim order (asset,
   * day): where two days of one asset both rebuild a trip (the one under way at midnight),
   * the later day's wins, as when they were written one after the other.
   */
  async write(
    trx: Transaction<Database>,
    done: { day: ClaimedDay; result: DayResult; zoneVisits?: DayZoneVisit[] }[],
  ) {
    if (!done.length) return;
    const days = sql`unnest(
      ${done.map((d) => d.day.assetId)}::integer[],
      ${done.map((d) => d.day.start.toISOString())}::timestamptz[],
      ${done.map((d) => d.day.end.toISOString())}::timestamptz[],
      ${done.map((d) => d.day.day)}::date[],
      ${done.map((d) => d.result.tripsFrom.toISOString())}::timestamptz[]
    ) AS d(asset_id, start, "end", day, trips_from)`;
    await sql`DELETE FROM stats_hourly t USING ${days}
      WHERE t.asset_id = d.asset_id AND t.hour >= d.start AND t.hour < d."end"`.execute(trx);
    const hourly = done.flatMap(({ day, result }) =>
      [...result.hourly.values()].map((h) => ({
        asset_id: day.assetId,
        driver_id: h.driverId,
        hour: h.hour,
        ...statValues(h.stats),
      })),
    );
    for (const rows of chunks(hourly)) await trx.insertInto('stats_hourly').values(rows).execute();
    await sql`DELETE FROM stats_daily t USING ${days}
      WHERE t.asset_id = d.asset_id AND t.day = d.day`.execute(trx);
    const daily = done.flatMap(({ day, result }) =>
      [...result.daily].map(([driverId, stats]) => ({
        asset_id: day.assetId,
        driver_id: driverId,
        day: day.day,
        ...statValues(stats),
      })),
    );
    for (const rows of chunks(daily)) await trx.insertInto('stats_daily').values(rows).execute();
    await sql`DELETE FROM events t USING ${days}
      WHERE t.asset_id = d.asset_id AND t."timestamp" >= d.start AND t."timestamp" < d."end"`.execute(
      trx,
    );
    const events = done.flatMap(({ day, result }) =>
      result.events.map((e) => ({
        asset_id: day.assetId,
        timestamp: e.timestamp,
        event_type: e.eventType,
        driver_id: e.driverId,
        device_id: e.deviceId,
        latitude: e.latitude,
        longitude: e.longitude,
      })),
    );
    for (const rows of chunks(events))
      await trx
        .insertInto('events')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
    await this.writeTrips(trx, done, days);
    // Issue 21 §1: the day's zone visits, replaced whole (a trigger queues their alerts).
    await sql`DELETE FROM zone_visits t USING ${days}
      WHERE t.asset_id = d.asset_id AND t.day = d.day`.execute(trx);
    const visits = done.flatMap(({ day, zoneVisits }) =>
      (zoneVisits ?? []).map((v) => ({
        asset_id: day.assetId,
        day: day.day,
        zone_id: v.zoneId,
        entered_at: v.enteredAt,
        exited_at: v.exitedAt,
        last_seen_at: v.lastSeenAt,
        continued: v.continued,
        continues: v.continues,
        driver_id: v.driverId,
        max_speed: v.maxSpeed,
        speeding_seconds: v.speedingSeconds,
      })),
    );
    for (const rows of chunks(visits))
      await trx
        .insertInto('zone_visits')
        .values(rows)
        .onConflict((oc) => oc.doNothing())
        .execute();
  }

  /**
   * Upserts by (asset, start) so a trip keeps its id when it is rebuilt: all the batch's trips
   * in one statement, their drivers in two, the trips no day rebuilt any more in one.
   */
  private async writeTrips(
    trx: Transaction<Database>,
    done: { day: ClaimedDay; result: DayResult }[],
    days: ReturnType<typeof sql>,
  ) {
    // Two trips of one start (two devices of the asset, or two days rebuilding the trip under
    // way at midnight): the later one wins, as it always did.
    const byStart = new Map<string, { assetId: number; trip: TripResult }>();
    for (const { day, result } of done)
      for (const trip of result.trips)
        byStart.set(`${day.assetId}|${trip.start.getTime()}`, { assetId: day.assetId, trip });
    const trips = [...byStart.values()];
    const kept: number[] = [];
    const idOf = new Map<string, number>();
    for (const part of chunks(trips)) {
      const rows = await trx
        .insertInto('trips')
        .values(
          part.map(({ assetId, trip }) => ({
            asset_id: assetId,
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
        .returning(['id', 'asset_id', 'start_time'])
        .execute();
      for (const r of rows) idOf.set(`${r.asset_id}|${r.start_time.getTime()}`, r.id);
      kept.push(...rows.map((r) => r.id));
    }
    if (kept.length)
      await sql`DELETE FROM trip_drivers WHERE trip_id = ANY(${kept}::bigint[])`.execute(trx);
    const drivers = trips.flatMap(({ assetId, trip }) =>
      [...trip.drivers].map(([driverId, stats]) => ({
        trip_id: idOf.get(`${assetId}|${trip.start.getTime()}`)!,
        driver_id: driverId,
        ...statValues(stats),
      })),
    );
    for (const rows of chunks(drivers)) await trx.insertInto('trip_drivers').values(rows).execute();
    await sql`DELETE FROM trips t USING ${days}
      WHERE t.asset_id = d.asset_id AND t.start_time >= d.trips_from AND t.start_time < d."end"
        AND NOT t.id = ANY(${kept}::bigint[])`.execute(trx);
    const assets = [...new Set(done.map((d) => d.day.assetId))];
    await sql`
      UPDATE asset_state s SET last_trip_id = (
        SELECT id FROM trips WHERE asset_id = s.asset_id ORDER BY start_time DESC LIMIT 1)
      WHERE s.asset_id = ANY(${assets}::integer[])`.execute(trx);
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
    // Positions are announced by whoever moves them (migration 0026): here, this.
    await sql`SELECT fleet_event('asset', a) FROM unnest(${assetIds}::integer[]) a`.execute(
      this.db,
    );
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
