import { sql } from 'kysely';
import type { DrivingStyleData } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { STAT_FIELDS, statsFromRow } from '../../db/stat-columns.js';

export interface Period {
  from: Date;
  until: Date;
}

export interface TripRow {
  id: number;
  asset_id: number;
  start_time: Date;
  end_time: Date | null;
  start_latitude: number | null;
  start_longitude: number | null;
  end_latitude: number | null;
  end_longitude: number | null;
  stats: DrivingStyleData;
}

/**
 * json_build_array(id, sum(col)::float8, …) of `alias`'s columns: an entity's sums as one JSON
 * array, in STAT_FIELDS order (statsFromValues reads it back).
 */
const sumsArrayOf = (id: string, alias: string) =>
  sql.raw(
    `json_build_array(${id}, ${STAT_FIELDS.map(({ column }) => `sum(${alias}.${column})::float8`).join(', ')})`,
  );
const columns = sql.raw(STAT_FIELDS.map(({ column }) => column).join(', '));
const columnsOf = (alias: string) =>
  sql.raw(STAT_FIELDS.map(({ column }) => `${alias}.${column}`).join(', '));
const statsOf = statsFromRow;

/** Per period, the entities' sums as PostgreSQL answers them: [id, …sums in STAT_FIELDS order]. */
type SumsRows = { ord: string; sums: number[][] }[];

/**
 * The statistics of an entity's sums array (sumsArrayOf): one object literal of a fixed shape,
 * much cheaper to make than one built key by key, for a year of days of a thousand assets.
 */
export const statsFromValues = (v: number[]): DrivingStyleData => ({
  drivingDistance: v[1]!,
  drivingTime: v[2]!,
  totalTime: v[3]!,
  engineTime: v[4]!,
  idleTime: v[5]!,
  coastTime: v[6]!,
  cruiseTime: v[7]!,
  ptoTime: v[8]!,
  accelerationTime: v[9]!,
  decelerationTime: v[10]!,
  engineBrakeTime: v[11]!,
  retarderTime: v[12]!,
  idleThresholdTime: v[13]!,
  overSpeedThresholdTime: v[14]!,
  overRPMThresholdTime: v[15]!,
  overTorqueThresholdTime: v[16]!,
  harshAccelerationThresholdTime: v[17]!,
  stops: v[18]!,
  brakeUsages: v[19]!,
  harshBrakes: v[20]!,
  harshAccelerationPedal: v[21]!,
  fuelUsedTotal: v[22]!,
  fuelUsedDriving: v[23]!,
  fuelUsedIdle: v[24]!,
  fuelUsedPTO: v[25]!,
  fuelAverageDriving: 0,
  averageSpeedDriving: 0,
});

/** One map of entity → sums per period, in order, from rows of (ord, sums arrays). */
function byPeriod(count: number, rows: SumsRows): Map<number, DrivingStyleData>[] {
  const result = Array.from({ length: count }, () => new Map<number, DrivingStyleData>());
  for (const row of rows) {
    const sums = result[Number(row.ord) - 1]!;
    for (const values of row.sums) sums.set(values[0]!, statsFromValues(values));
  }
  return result;
}

export class ReportsRepository {
  constructor(
    private readonly db: Db,
    readonly timezone: string,
  ) {}

  /** The same reads on another connection (a call's own, cancellable one). */
  on(db: Db): ReportsRepository {
    return new ReportsRepository(db, this.timezone);
  }

  /**
   * [from, until) split at local day, week or month starts, in the fleet's time zone; each part
   * with the local date ('YYYY-MM-DD') its day, week or month starts on.
   */
  async intervals(
    period: Period,
    unit: 'DAY' | 'WEEK' | 'MONTH',
  ): Promise<(Period & { day: string })[]> {
    const step = { DAY: '1 day', WEEK: '1 week', MONTH: '1 month' }[unit];
    const field = unit.toLowerCase();
    const { rows } = await sql<{ start: Date; end: Date; day: string }>`
      SELECT greatest(g AT TIME ZONE ${this.timezone}, ${period.from}::timestamptz) AS start, g::date::text AS day,
             least((g + ${step}::interval) AT TIME ZONE ${this.timezone}, ${period.until}::timestamptz) AS "end"
      FROM generate_series(
        date_trunc(${field}, ${period.from}::timestamptz AT TIME ZONE ${this.timezone}),
        ${period.until}::timestamptz AT TIME ZONE ${this.timezone} - interval '1 microsecond',
        ${step}::interval) AS g
      ORDER BY g`.execute(this.db);
    return rows.map((r) => ({ from: r.start, until: r.end, day: r.day }));
  }

  /**
   * Summed statistics per asset or per driver (0 = UNKNOWN) over each of the periods (one map
   * per period, in order), from the rollups: whole local days from stats_daily, the hours at
   * either edge from stats_hourly. Rollups have hour resolution; a part-hour at an edge is left
   * out (periods are whole hours in practice: 00:00:01 counts as 00:00). One query for all the
   * periods: each rollup row is matched to its period by its day or hour, so a year of daily
   * intervals is one pass over the rollups, not 366 queries.
   */
  async sums(
    assetIds: number[],
    periods: Period[],
    by: 'asset_id' | 'driver_id',
  ): Promise<Map<number, DrivingStyleData>[]> {
    if (!assetIds.length || !periods.length) return byPeriod(periods.length, []);
    const tz = this.timezone;
    // One row per period with its entities' sums as one JSON value: Node parses it natively,
    // where a row per entity and period cost a JS object and 25 number parses each.
    const { rows } = await sql<SumsRows[number]>`
      WITH p AS (
        SELECT ord, date_trunc('minute', pf) AS f,
               date_trunc('minute', pu + interval '59.999 seconds') AS u
        FROM unnest(${periods.map((q) => q.from)}::timestamptz[], ${periods.map((q) => q.until)}::timestamptz[])
          WITH ORDINALITY AS x (pf, pu, ord)
      ), d AS (
        SELECT ord, f, u,
          CASE WHEN (f AT TIME ZONE ${tz})::time = '00:00' THEN (f AT TIME ZONE ${tz})::date
               ELSE (f AT TIME ZONE ${tz})::date + 1 END AS d1,
          (u AT TIME ZONE ${tz})::date AS d2
        FROM p
      ), b AS (
        SELECT ord, f, u, d1, greatest(d1, d2) AS d2,
          (d1::timestamp AT TIME ZONE ${tz}) AS d1s,
          (greatest(d1, d2)::timestamp AT TIME ZONE ${tz}) AS d2s
        FROM d
      ), days AS (
        SELECT ord, g::date AS day
        FROM b, generate_series(d1::timestamp, (d2 - 1)::timestamp, interval '1 day') AS g
      ), hours AS (
        -- the whole hours of the period outside its whole days: its edges
        SELECT ord, h AS hour
        FROM b, generate_series(date_trunc('hour', f), u, interval '1 hour') AS h
        WHERE h >= f AND h + interval '1 hour' <= u AND NOT (h >= d1s AND h < d2s)
      ), buckets AS (
        SELECT days.ord, s.asset_id, s.driver_id, ${columnsOf('s')}
        FROM stats_daily s JOIN days ON days.day = s.day
        WHERE s.asset_id = ANY(${assetIds}::integer[])
          AND s.day >= (SELECT min(day) FROM days) AND s.day <= (SELECT max(day) FROM days)
        UNION ALL
        SELECT hours.ord, s.asset_id, s.driver_id, ${columnsOf('s')}
        FROM stats_hourly s JOIN hours ON hours.hour = s.hour
        WHERE s.asset_id = ANY(${assetIds}::integer[])
          AND s.hour >= (SELECT min(hour) FROM hours) AND s.hour <= (SELECT max(hour) FROM hours)
      ), entities AS (
        SELECT ord, ${sumsArrayOf(by, 'buckets')} AS sums FROM buckets GROUP BY ord, ${sql.ref(by)}
      )
      SELECT ord, json_agg(sums) AS sums FROM entities GROUP BY ord`.execute(this.db);
    return byPeriod(periods.length, rows);
  }

  /**
   * What the trips shorter than minimumDistance that lie wholly in each period add to its sums
   * (one map per period, in order), per asset, or per driver from the trips' driver parts: the
   * reports leave them out of the period sums as they leave them out of the trips.
   */
  async shortTripSums(
    assetIds: number[],
    periods: Period[],
    minimumDistance: number,
    by: 'asset_id' | 'driver_id',
  ): Promise<Map<number, DrivingStyleData>[]> {
    if (!assetIds.length || !periods.length || minimumDistance <= 0)
      return byPeriod(periods.length, []);
    const from = new Date(Math.min(...periods.map((q) => q.from.getTime())));
    const until = new Date(Math.max(...periods.map((q) => q.until.getTime())));
    const p = sql`unnest(${periods.map((q) => q.from)}::timestamptz[], ${periods.map((q) => q.until)}::timestamptz[])
          WITH ORDINALITY AS p (pf, pu, ord)`;
    const { rows } =
      by === 'asset_id'
        ? await sql<SumsRows[number]>`
          WITH entities AS (
            SELECT p.ord, ${sumsArrayOf('t.asset_id', 't')} AS sums FROM trips t JOIN ${p}
              ON t.start_time >= p.pf AND t.end_time <= p.pu
            WHERE t.asset_id = ANY(${assetIds}::integer[]) AND t.driving_distance < ${minimumDistance}
              AND t.start_time >= ${from} AND t.end_time <= ${until}
            GROUP BY p.ord, t.asset_id
          )
          SELECT ord, json_agg(sums) AS sums FROM entities GROUP BY ord`.execute(this.db)
        : await sql<SumsRows[number]>`
          WITH entities AS (
            SELECT p.ord, ${sumsArrayOf('td.driver_id', 'td')} AS sums
            FROM trip_drivers td JOIN trips t ON t.id = td.trip_id JOIN ${p}
              ON t.start_time >= p.pf AND t.end_time <= p.pu
            WHERE t.asset_id = ANY(${assetIds}::integer[]) AND td.driving_distance < ${minimumDistance}
              AND t.start_time >= ${from} AND t.end_time <= ${until}
            GROUP BY p.ord, td.driver_id
          )
          SELECT ord, json_agg(sums) AS sums FROM entities GROUP BY ord`.execute(this.db);
    return byPeriod(periods.length, rows);
  }

  /** Trips of the assets starting in the period (and, when asked, the one under way at its start). */
  async trips(
    assetIds: number[],
    period: Period,
    minimumDistance: number,
    underWay: boolean,
  ): Promise<TripRow[]> {
    if (!assetIds.length) return [];
    const { rows } = await sql<Record<string, unknown>>`
      SELECT id, asset_id, start_time, end_time, start_latitude, start_longitude, end_latitude, end_longitude, ${columns}
      FROM trips
      WHERE asset_id = ANY(${assetIds}::integer[])
        AND driving_distance >= ${minimumDistance}
        AND ((start_time >= ${period.from} AND start_time < ${period.until})
          OR (${underWay}::boolean AND start_time < ${period.from} AND (end_time IS NULL OR end_time > ${period.from})))
      ORDER BY start_time DESC`.execute(this.db);
    return rows.map((r) => ({ ...(r as unknown as Omit<TripRow, 'stats'>), stats: statsOf(r) }));
  }

  /** Each trip's split by driver (0 = UNKNOWN). */
  async tripParts(
    tripIds: number[],
  ): Promise<{ tripId: number; driverId: number; stats: DrivingStyleData }[]> {
    if (!tripIds.length) return [];
    const { rows } = await sql<Record<string, unknown>>`
      SELECT trip_id, driver_id, ${columns} FROM trip_drivers WHERE trip_id = ANY(${tripIds}::bigint[])`.execute(
      this.db,
    );
    return rows.map((r) => ({
      tripId: Number(r.trip_id),
      driverId: Number(r.driver_id),
      stats: statsOf(r),
    }));
  }

  /** The raw records of a trip and the asset's driver links around it, to split it again. */
  async tripInputs(assetId: number, start: Date, end: Date | null) {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT "timestamp", transfer_reason, device_id, latitude, longitude, events, metrics
      FROM raw_records
      WHERE asset_id = ${assetId} AND "timestamp" >= ${start} AND "timestamp" <= coalesce(${end}::timestamptz, now())
      ORDER BY "timestamp", CASE transfer_reason WHEN 'TRIP_START' THEN 0 WHEN 'TRIP_STOP' THEN 2 ELSE 1 END`.execute(
      this.db,
    );
    const links = await this.db
      .selectFrom('driver_links')
      .select(['driver_id', 'from', 'until'])
      .where('asset_id', '=', assetId)
      .where('from', '<=', end ?? new Date())
      .where((eb) =>
        eb.or([
          eb('until', 'is', null),
          eb('until', '>=', sql<Date>`${start}::timestamptz - interval '1 day'`),
        ]),
      )
      .execute();
    return {
      records: rows.map((r) => ({
        timestamp: r.timestamp as Date,
        transferReason: r.transfer_reason as string,
        deviceId: r.device_id as number,
        latitude: r.latitude as number | null,
        longitude: r.longitude as number | null,
        events: r.events as never,
        metrics: r.metrics as never,
      })),
      links: links.map((l) => ({ driverId: l.driver_id, from: l.from, until: l.until })),
    };
  }

  /** Trip parts driven by the drivers in the period, on any of the assets. */
  async driverTripParts(
    assetIds: number[],
    driverIds: number[],
    period: Period,
    minimumDistance: number,
  ) {
    if (!assetIds.length) return [];
    const { rows } = await sql<Record<string, unknown>>`
      SELECT t.id, t.asset_id, t.start_time, t.end_time, t.start_latitude, t.start_longitude,
             t.end_latitude, t.end_longitude, td.driver_id, ${sql.raw(STAT_FIELDS.map(({ column }) => `td.${column}`).join(', '))}
      FROM trip_drivers td JOIN trips t ON t.id = td.trip_id
      WHERE t.asset_id = ANY(${assetIds}::integer[]) AND td.driver_id = ANY(${driverIds}::integer[])
        AND t.start_time >= ${period.from} AND t.start_time < ${period.until}
        AND td.driving_distance >= ${minimumDistance}
      ORDER BY t.start_time DESC`.execute(this.db);
    return rows.map((r) => ({
      ...(r as unknown as Omit<TripRow, 'stats'>),
      driverId: Number(r.driver_id),
      stats: statsOf(r),
    }));
  }
}
