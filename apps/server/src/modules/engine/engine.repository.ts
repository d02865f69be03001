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
import type { DayFoldJson } from './day-fold-json.js';
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
  /** the earliest record queued for it since it was last claimed; null: rebuild it whole */
  since: Date | null;
}

/** How far around a day the engine reads: trips that began before it, and their stops after it. */
const LOOK_BACK = '2 days';
const LOOK_AHEAD = '1 day';

/** The claimed asset-days as a relation d(asset_id, start, "end", day, since, n), n counting from 1. */
const claimedDays = (days: ClaimedDay[]) => sql`unnest(
  ${days.map((d) => d.assetId)}::integer[],
  ${days.map((d) => d.start.toISOString())}::timestamptz[],
  ${days.map((d) => d.end.toISOString())}::timestamptz[],
  ${days.map((d) => d.day)}::date[],
  ${days.map((d) => d.since?.toISOString() ?? null)}::timestamptz[]
) WITH ORDINALITY AS d(asset_id, start, "end", day, since, n)`;

/**
 * Where an asset-day's read began, kept with its fold (engine_day_state) to know at the next
 * batch whether the records before the day are still those it read. Times as PostgreSQL wrote
 * them, to the microsecond.
 */
export interface DayWindow {
  lower: string;
  preCount: number;
  /** the time of the last record the fold holds */
  through: string | null;
}

/** What one claimed asset-day's rebuild reads (EngineRepository.inputs). */
export interface DayInputs {
  /** the records to fold in: all of the day's, or those after `resumed`'s fold */
  records: EngineRecord[];
  window: DayWindow;
  /** the day's fold to resume, when everything queued for it since is newer */
  resumed: DayFoldJson | null;
  links: DriverLinkPeriod[];
  /** events a reviewer dismissed, as dismissedKey */
  dismissed: Set<string>;
  zones: ZoneVersion[];
}

/** A record as the engine's read brings it back (JSON: its time as text). */
interface RecordRow {
  timestamp: string;
  transfer_reason: string;
  device_id: number;
  latitude: number | null;
  longitude: number | null;
  speed: number | null;
  events: EngineRecord['events'];
  metrics: EngineRecord['metrics'];
}

const engineRecord = (r: RecordRow): EngineRecord => ({
  timestamp: new Date(r.timestamp),
  transferReason: r.transfer_reason,
  deviceId: r.device_id,
  latitude: r.latitude,
  longitude: r.longitude,
  speed: r.speed,
  events: r.events,
  metrics: r.metrics,
});

interface ZoneRow {
  zone_id: number;
  valid_from: string;
  valid_until: string | null;
  shape: ZoneVersion['shape'];
  speed_limit: number | null;
  min_lon: number;
  min_lat: number;
  max_lon: number;
  max_lat: number;
}

const zoneVersion = (r: ZoneRow): ZoneVersion => ({
  zoneId: r.zone_id,
  validFrom: new Date(r.valid_from),
  validUntil: r.valid_until === null ? null : new Date(r.valid_until),
  shape: r.shape,
  speedLimit: r.speed_limit,
  bbox: { minLon: r.min_lon, minLat: r.min_lat, maxLon: r.max_lon, maxLat: r.max_lat },
});

const back = sql`d.start - ${LOOK_BACK}::interval`;
const ahead = sql`d."end" + ${LOOK_AHEAD}::interval`;

/**
 * The bounds of each claimed asset-day's read, as relations the parts below use:
 * - windows(n, asset_id, start, "end", day, since, lower, upper, pre_count): from its last
 *   TRIP_START before the day (the trip under way at midnight; else its last record before the
 *   day, for the first interval) to its first trip boundary after the day (what ends the trip
 *   under way at the end), each at most LOOK_BACK / LOOK_AHEAD away; pre_count records before
 *   the day. Issue 18: reading the whole window made a day's rebuild cost the records of three
 *   or four days; processDay answers the same for both, as records outside these bounds only
 *   touch trips that neither start nor run in the day.
 * - resumed(n, through, fold): the days whose fold (engine_day_state) can be resumed: every
 *   record queued since is later than its last one, and the records before the day are those
 *   it read (the same lower bound and count).
 */
const windowsOf = (days: ClaimedDay[]) => sql`
  days AS (
    SELECT * FROM ${claimedDays(days)}
  ), bounds AS (
    SELECT d.*,
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
  ), windows AS (
    SELECT b.*, (SELECT count(*) FROM raw_records WHERE asset_id = b.asset_id
        AND "timestamp" >= b.lower AND "timestamp" < b.start)::integer AS pre_count
    FROM bounds b
  ), resumed AS (
    SELECT w.n, s.through, s.fold
    FROM windows w JOIN engine_day_state s ON s.asset_id = w.asset_id AND s.day = w.day
    WHERE s.through < w.since AND s.lower = w.lower AND s.pre_count = w.pre_count
  )`;

/** Each asset-day's records to fold in, oldest first (ord): those of its window, or after its fold's. */
const recordsOf = sql`
  SELECT w.n, row_number() OVER (ORDER BY w.n, "timestamp",
      CASE transfer_reason WHEN 'TRIP_START' THEN 0 WHEN 'TRIP_STOP' THEN 2 ELSE 1 END) AS ord,
    "timestamp", transfer_reason, device_id, latitude, longitude, speed, events, metrics
  FROM windows w LEFT JOIN resumed s ON s.n = w.n
  JOIN raw_records r ON r.asset_id = w.asset_id
    AND r."timestamp" >= w.lower AND r."timestamp" < w.upper
    AND r."timestamp" > coalesce(s.through, '-infinity')`;

/** Each asset-day's window, and its fold if resumed. */
const windowRowsOf = sql`
  SELECT w.n, 0 AS ord, w.lower, w.pre_count, s.through, s.fold
  FROM windows w LEFT JOIN resumed s ON s.n = w.n`;

/** Each asset-day's driver links around it, by start (ord). */
const driverLinksOf = (days: ClaimedDay[]) => sql`
  SELECT d.n, l."from" AS ord, l.driver_id, l."from", l.until
  FROM ${claimedDays(days)} JOIN driver_links l ON l.asset_id = d.asset_id
    AND l.period && tstzrange(${back}, ${ahead})`;

/**
 * Each asset-day's events a reviewer dismissed (safety cases, issue 20 §3) in the window its
 * records span: the trip under way at midnight is rebuilt whole. Served by the cases' unique
 * key (asset_id, event_time, event_type).
 */
const dismissedOf = (days: ClaimedDay[]) => sql`
  SELECT d.n, 0 AS ord, c.event_type, c.event_time
  FROM ${claimedDays(days)} JOIN safety_cases c ON c.asset_id = d.asset_id
    AND c.status = 'DISMISSED'
    AND c.event_time >= ${back} AND c.event_time < ${ahead}`;

/**
 * Each asset-day's zone versions (issue 21 §1): of the zones of the asset's organisation and
 * those above it, scoped to every asset or a group the asset is in, valid in the window its
 * records span, by zone and start (ord). The pure core skips those whose bounding box misses
 * the day's positions.
 */
const zoneVersionsOf = (days: ClaimedDay[]) => sql`
  WITH RECURSIVE d AS (
    SELECT * FROM ${claimedDays(days)}
  ), up(asset_id, organisation_id) AS (
    SELECT a.id, a.organisation_id FROM assets a WHERE a.id IN (SELECT asset_id FROM d)
    UNION
    SELECT up.asset_id, o.parent_id FROM up JOIN organisations o ON o.id = up.organisation_id
     WHERE o.parent_id IS NOT NULL
  )
  SELECT d.n, row_number() OVER (ORDER BY d.n, v.zone_id, v.valid_from) AS ord,
         v.zone_id, greatest(v.valid_from, 'epoch'::timestamptz) AS valid_from,
         v.valid_until, v.shape, v.speed_limit,
         v.min_lon, v.min_lat, v.max_lon, v.max_lat
    FROM d JOIN up ON up.asset_id = d.asset_id
    JOIN zones z ON z.organisation_id = up.organisation_id
    JOIN zone_versions v ON v.zone_id = z.id
     AND v.valid_from < ${ahead}
     AND (v.valid_until IS NULL OR v.valid_until > ${back})
   WHERE v.group_id IS NULL OR EXISTS (
           SELECT 1 FROM group_assets g WHERE g.group_id = v.group_id AND g.asset_id = d.asset_id)`;

/** A rebuilt asset-day, as `write` takes it. */
export interface DoneDay {
  day: ClaimedDay;
  result: DayResult;
  zoneVisits?: DayZoneVisit[];
  /** its result is of the records after its fold's: it adds events and deletes no trip */
  resumed?: boolean;
  /** its fold to keep for the next batch (none: the next batch rebuilds it whole) */
  fold?: { window: DayWindow; json: DayFoldJson };
}

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
    // The assets' advisory locks are taken in the same statement, after the delete, in asset
    // order (every worker takes them so): one round trip.
    const { rows } = await sql<{
      asset_id: number;
      day: string;
      start: Date;
      end: Date;
      since: Date | null;
    }>`
      WITH claimed AS (
        DELETE FROM engine_queue q
        USING (
          SELECT asset_id, day FROM engine_queue ORDER BY queued_at, day LIMIT ${limit} FOR UPDATE SKIP LOCKED
        ) c
        WHERE q.asset_id = c.asset_id AND q.day = c.day
        RETURNING q.asset_id, q.day, q.since
      ), locked AS (
        SELECT pg_advisory_xact_lock(${ASSET_LOCK_CLASS}, a)
        FROM (SELECT DISTINCT asset_id AS a FROM claimed ORDER BY a) ordered
      )
      SELECT asset_id, day::text,
        (day::timestamp AT TIME ZONE ${this.timezone}) AS start,
        ((day + 1)::timestamp AT TIME ZONE ${this.timezone}) AS "end",
        CASE WHEN since = '-infinity' THEN NULL ELSE since END AS since
      FROM claimed WHERE (SELECT count(*) FROM locked) >= 0`.execute(trx);
    return rows
      .map((r) => ({ assetId: r.asset_id, day: r.day, start: r.start, end: r.end, since: r.since }))
      .sort((a, b) => a.assetId - b.assetId || a.day.localeCompare(b.day));
  }

  /**
   * What each claimed asset-day's rebuild reads, in one statement for the batch (issue 18: a
   * statement per kind of input, each a round trip to a busy PostgreSQL, was a fifth of the
   * engine's time): its records (only the new ones when its fold is resumed), its window and
   * fold, its driver links, the events reviewers dismissed and its zone versions. Each part is
   * a query of its own, its rows brought back as one JSON array.
   */
  async inputs(trx: Transaction<Database>, days: ClaimedDay[]): Promise<DayInputs[]> {
    const part = (query: ReturnType<typeof sql>) =>
      sql`(SELECT coalesce(json_agg(q ORDER BY q.n, q.ord), '[]') FROM (${query}) q)`;
    const { rows } = await sql<{
      records: (RecordRow & { n: number })[];
      windows: {
        n: number;
        lower: string;
        pre_count: number;
        through: string | null;
        fold: DayFoldJson | null;
      }[];
      links: { n: number; driver_id: number; from: string; until: string | null }[];
      dismissed: { n: number; event_type: string; event_time: string }[];
      zones: (ZoneRow & { n: number })[];
    }>`WITH ${windowsOf(days)}
      SELECT ${part(recordsOf)} AS records, ${part(windowRowsOf)} AS windows,
      ${part(driverLinksOf(days))} AS links, ${part(dismissedOf(days))} AS dismissed,
      ${part(zoneVersionsOf(days))} AS zones`.execute(trx);
    const { records, windows, links, dismissed, zones } = rows[0]!;
    const out: DayInputs[] = windows.map((w) => ({
      records: [],
      window: { lower: w.lower, preCount: w.pre_count, through: w.through },
      resumed: w.fold,
      links: [],
      dismissed: new Set<string>(),
      zones: [],
    }));
    const of = (n: number) => out[Number(n) - 1]!;
    for (const r of records) {
      const day = of(r.n);
      day.records.push(engineRecord(r));
      // The time as PostgreSQL has it (a Date keeps milliseconds): what the next read starts after.
      day.window.through = r.timestamp;
    }
    for (const r of links)
      of(r.n).links.push({
        driverId: r.driver_id,
        from: new Date(r.from),
        until: r.until === null ? null : new Date(r.until),
      });
    for (const r of dismissed)
      of(r.n).dismissed.add(dismissedKey(r.event_type, new Date(r.event_time)));
    for (const r of zones) of(r.n).zones.push(zoneVersion(r));
    return out;
  }

  /**
   * Queues the local day of `time` for the asset, records or not (a case's event changed status),
   * to be rebuilt whole (since -infinity: the dismissal may touch any of its records).
   * ON CONFLICT DO UPDATE locks a row already queued, as ingestion does: called inside the
   * transaction that changes the case, no worker can take the day before that commits.
   */
  async requeueDay(assetId: number, time: Date, executor: Kysely<Database> = this.db) {
    const queue = sql`
      INSERT INTO engine_queue (asset_id, day)
      VALUES (${assetId}, (${time}::timestamptz AT TIME ZONE ${this.timezone})::date)
      ON CONFLICT (asset_id, day) DO UPDATE SET since = '-infinity'`;
    // Inside the caller's transaction a retry is the caller's: its whole transaction was rolled back.
    if (executor !== this.db) await queue.execute(executor);
    else await retryOnConflict(() => queue.execute(this.db));
  }

  /**
   * Replaces everything derived for each asset-day with its result, in one call of
   * engine_write (migration 0027: a statement per step, each a round trip to a busy
   * PostgreSQL, were most of the engine's time). Days must be in claim order (asset, day):
   * where two days of one asset both rebuild a trip (the one under way at midnight), the later
   * day's wins, as when they were written one after the other. A resumed day adds its events
   * and upserts its trips (migration 0028); each day's fold is kept for its next batch.
   */
  async write(trx: Transaction<Database>, done: DoneDay[]) {
    if (!done.length) return;
    const days = done.map(({ day, result, resumed = false, fold }) => ({
      asset_id: day.assetId,
      start: day.start,
      end: day.end,
      day: day.day,
      resumed,
      // A resumed day's result holds only the trips its new records touched: none is gone.
      trips_from: resumed ? null : result.tripsFrom,
      lower: fold?.window.lower ?? null,
      pre_count: fold?.window.preCount ?? null,
      through: fold?.window.through ?? null,
      fold: fold?.json ?? null,
    }));
    const hourly = done.flatMap(({ day, result }) =>
      [...result.hourly.values()].map((h) => ({
        asset_id: day.assetId,
        driver_id: h.driverId,
        hour: h.hour,
        ...statValues(h.stats),
      })),
    );
    const daily = done.flatMap(({ day, result }) =>
      [...result.daily].map(([driverId, stats]) => ({
        asset_id: day.assetId,
        driver_id: driverId,
        day: day.day,
        ...statValues(stats),
      })),
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
    // Two trips of one start (two devices of the asset, or two days rebuilding the trip under
    // way at midnight): the later one wins, as it always did.
    const byStart = new Map<string, { assetId: number; trip: TripResult }>();
    for (const { day, result } of done)
      for (const trip of result.trips)
        byStart.set(`${day.assetId}|${trip.start.getTime()}`, { assetId: day.assetId, trip });
    const trips = [...byStart.values()].map(({ assetId, trip }) => ({
      asset_id: assetId,
      device_id: trip.deviceId,
      start_time: trip.start,
      end_time: trip.end,
      start_latitude: trip.startLatitude,
      start_longitude: trip.startLongitude,
      end_latitude: trip.endLatitude,
      end_longitude: trip.endLongitude,
      ...statValues(trip.stats),
    }));
    const tripDrivers = [...byStart.values()].flatMap(({ assetId, trip }) =>
      [...trip.drivers].map(([driverId, stats]) => ({
        asset_id: assetId,
        start_time: trip.start,
        driver_id: driverId,
        ...statValues(stats),
      })),
    );
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
    const json = (rows: object[]) => JSON.stringify(rows);
    await sql`SELECT engine_write(${json(days)}::jsonb, ${json(hourly)}::jsonb,
      ${json(daily)}::jsonb, ${json(events)}::jsonb, ${json(trips)}::jsonb,
      ${json(tripDrivers)}::jsonb, ${json(visits)}::jsonb)`.execute(trx);
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

  /**
   * Locks an already queued row as ingestion does (ingest.repository.ts): no stale day. What
   * they changed may be older than the day's fold: it is rebuilt whole (since -infinity).
   */
  private queueDays(table: ReturnType<typeof sql>, where: ReturnType<typeof sql>) {
    return sql`
      INSERT INTO engine_queue (asset_id, day)
      SELECT DISTINCT asset_id, ("timestamp" AT TIME ZONE ${this.timezone})::date FROM ${table}
      WHERE ${where} AND asset_id IS NOT NULL
      ON CONFLICT (asset_id, day) DO UPDATE SET since = '-infinity'`;
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
