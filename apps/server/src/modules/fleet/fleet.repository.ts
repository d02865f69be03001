import { sql } from 'kysely';
import type { Datapoint, DrivingStyleData } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { STAT_FIELDS } from '../../db/stat-columns.js';
import { tripFromRow } from '../../db/trip-row.js';
import { toLocation } from '../../lib/location.js';

const tripStatsJson = sql.raw(
  STAT_FIELDS.map(({ column, field }) => `'${field}', t.${column}`).join(', '),
);

/** The cards' order (spec §2): newest data first, never sent last, then by name and id. */
const cardOrder = sql`s.last_time DESC NULLS LAST, a.name, a.id`;

const detailColumns = sql`
  a.id AS asset_id, a.name AS asset_name, a.organisation_id, a.configuration_group_id,
  dl.device_id, drl.driver_id, d.first_name, d.last_name,
  s.last_time, s.latitude, s.longitude, s.speed,
  t.id AS trip_id, t.start_time, t.end_time, t.start_latitude, t.start_longitude,
  t.end_latitude, t.end_longitude,
  -- one JSON value instead of 25 columns: parsed natively, much cheaper for 1000 rows
  CASE WHEN t.id IS NOT NULL THEN json_build_object(${tripStatsJson}) END AS trip_stats`;

/** An asset's device and driver now, its state and its latest trip (joined to assets a). */
const detailJoins = sql`
  LEFT JOIN device_links dl ON dl.asset_id = a.id AND dl.period @> now()
  LEFT JOIN driver_links drl ON drl.asset_id = a.id AND drl.period @> now()
  LEFT JOIN drivers d ON d.id = drl.driver_id
  LEFT JOIN asset_state s ON s.asset_id = a.id
  -- by primary key, one lookup per asset (a plain join scans every trip of the fleet)
  LEFT JOIN LATERAL (SELECT * FROM trips WHERE id = s.last_trip_id OFFSET 0) t ON true`;

const fleetRow = (r: Record<string, unknown>) => ({
  assetId: r.asset_id as number,
  assetName: r.asset_name as string,
  organisationId: r.organisation_id as number,
  configurationGroupId: r.configuration_group_id as number | null,
  deviceId: r.device_id as number | null,
  driverId: r.driver_id as number | null,
  driverName: r.driver_id === null ? null : `${String(r.first_name)} ${String(r.last_name)}`.trim(),
  time: r.last_time as Date | null,
  location: toLocation(r.latitude as number | null, r.longitude as number | null),
  speed: r.speed as number | null,
  trip: r.trip_id === null ? null : tripFromRow(r),
  stats: r.trip_stats as DrivingStyleData | null,
});
export type FleetRow = ReturnType<typeof fleetRow>;

/** The fleet overview's reads: one row per asset as it is now, and the events of latest trips. */
export class FleetRepository {
  constructor(private readonly db: Db) {}

  /** The same reads on another connection (a call's own, cancellable one). */
  on(db: Db): FleetRepository {
    return new FleetRepository(db);
  }

  /**
   * One row per asset of the organisations: its device and driver now, its latest position and
   * its latest trip, newest data first. Reads asset_state (one row per asset, kept by ingestion
   * and the engine), never the raw records. The assets come by assets_organisation_idx, one
   * organisation or a subtree alike.
   */
  async fleet(organisationIds: number[]) {
    const { rows } = await sql<Record<string, unknown>>`
      SELECT ${detailColumns}
      FROM assets a
      ${detailJoins}
      WHERE a.organisation_id = ANY(${organisationIds}::integer[])
      ORDER BY ${cardOrder}`.execute(this.db);
    return rows.map(fleetRow);
  }

  /**
   * One page of the cards (spec §2): the assets with a device now, in the cards' order, with how
   * many there are. The page is picked from the narrow rows of assets, their current device link
   * and asset_state alone (a top-N sort: about 1 ms for 1000 assets); the driver, trip and
   * statistics are read for its rows only, not for the fleet. The count comes with the page, in
   * the same statement (asked apart only for a page past the end).
   */
  async cardPage(organisationIds: number[], limit: number, offset: number) {
    const { rows } = await sql<Record<string, unknown>>`
      WITH cards AS (
        SELECT count(*)::integer AS total
        FROM assets a
        JOIN device_links dl ON dl.asset_id = a.id AND dl.period @> now()
        WHERE a.organisation_id = ANY(${organisationIds}::integer[])
      ),
      page AS (
        SELECT a.id
        FROM assets a
        JOIN device_links dl ON dl.asset_id = a.id AND dl.period @> now()
        LEFT JOIN asset_state s ON s.asset_id = a.id
        WHERE a.organisation_id = ANY(${organisationIds}::integer[])
        ORDER BY ${cardOrder}
        LIMIT ${limit} OFFSET ${offset}
      )
      SELECT ${detailColumns}, cards.total
      FROM page JOIN assets a ON a.id = page.id CROSS JOIN cards
      ${detailJoins}
      ORDER BY ${cardOrder}`.execute(this.db);
    const total = rows.length
      ? (rows[0]!.total as number)
      : (await this.cardCounts(organisationIds)).reduce((sum, c) => sum + c.count, 0);
    return { rows: rows.map(fleetRow), total };
  }

  /** How many cards (assets with a device now) each of the organisations has; those with none are left out. */
  async cardCounts(organisationIds: number[]) {
    const { rows } = await sql<{ organisation_id: number; count: number }>`
      SELECT a.organisation_id, count(*)::integer AS count
      FROM assets a
      JOIN device_links dl ON dl.asset_id = a.id AND dl.period @> now()
      WHERE a.organisation_id = ANY(${organisationIds}::integer[])
      GROUP BY a.organisation_id
      ORDER BY a.organisation_id`.execute(this.db);
    return rows.map((r) => ({ organisationId: r.organisation_id, count: r.count }));
  }

  /**
   * The events during each trip as datapoints, one per moment with its events together (spec
   * §3), by trip id. PostgreSQL builds the JSON, so Node only parses one value per trip.
   */
  async tripDatapoints(tripIds: number[]): Promise<Map<number, Datapoint[]>> {
    if (!tripIds.length) return new Map();
    const { rows } = await sql<{ trip_id: string; points: Datapoint[] }>`
      SELECT p.trip_id, json_agg(json_build_object(
               'timestamp', to_char(p.ts AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'identifier', coalesce(dv.identifier, ''),
               'location', CASE WHEN p.latitude IS NULL OR p.longitude IS NULL THEN NULL
                 ELSE json_build_object('latitude', p.latitude, 'longitude', p.longitude) END,
               'speed', NULL,
               'events', p.events) ORDER BY p.ts) AS points
      FROM (
        SELECT t.id AS trip_id, e."timestamp" AS ts,
               (array_agg(e.device_id ORDER BY e.event_type))[1] AS device_id,
               (array_agg(e.latitude ORDER BY e.event_type))[1] AS latitude,
               (array_agg(e.longitude ORDER BY e.event_type))[1] AS longitude,
               json_agg(json_build_object('eventType', e.event_type) ORDER BY e.event_type) AS events
        FROM unnest(${tripIds}::bigint[]) AS t_ids (id)
        JOIN trips t ON t.id = t_ids.id
        JOIN events e ON e.asset_id = t.asset_id AND e."timestamp" >= t.start_time
                     AND e."timestamp" <= coalesce(t.end_time, now())
        GROUP BY t.id, e."timestamp"
      ) p
      LEFT JOIN devices dv ON dv.id = p.device_id
      GROUP BY p.trip_id`.execute(this.db);
    return new Map(rows.map((r) => [Number(r.trip_id), r.points]));
  }
}
