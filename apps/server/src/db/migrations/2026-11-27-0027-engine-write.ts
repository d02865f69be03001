import { sql, type Kysely } from 'kysely';
import { STAT_COLUMNS } from '../stat-columns.js';

const stats = STAT_COLUMNS.join(', ');
const statsOf = (alias: string) => STAT_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
const TRIP_COLUMNS = `device_id, end_time, start_latitude, start_longitude, end_latitude, end_longitude, ${stats}`;

/**
 * Issue 18 §1: the engine's write of a batch of rebuilt asset-days in one call. Written from
 * the engine as thirteen statements, each a round trip to a busy PostgreSQL, it waited about
 * 25 ms a statement under 2,000 devices whatever the statement did (an empty delete as long as
 * an insert of 40 rows): the write was 56 % of the engine's time. What each step does is what
 * the statements did (EngineRepository.write):
 * - the days' hourly and daily statistics, events and zone visits are replaced whole;
 * - trips are upserted by (asset, start), so a rebuilt trip keeps its id; their drivers are
 *   replaced; the days' trips no longer found are deleted; each asset's latest trip is set.
 * Rows come as JSON arrays of objects named by column (jsonb_populate_recordset), with every
 * column of their table; `days` as {asset_id, start, end, day, trips_from}.
 */
const FUNCTION = sql.raw(`
  CREATE FUNCTION engine_write(p_days jsonb, p_hourly jsonb, p_daily jsonb, p_events jsonb,
                               p_trips jsonb, p_trip_drivers jsonb, p_visits jsonb)
  RETURNS void LANGUAGE plpgsql AS $$
  DECLARE
    kept bigint[];
  BEGIN
    DELETE FROM stats_hourly t
     USING jsonb_to_recordset(p_days) AS d(asset_id integer, start timestamptz, "end" timestamptz)
     WHERE t.asset_id = d.asset_id AND t.hour >= d.start AND t.hour < d."end";
    INSERT INTO stats_hourly SELECT * FROM jsonb_populate_recordset(NULL::stats_hourly, p_hourly);

    DELETE FROM stats_daily t USING jsonb_to_recordset(p_days) AS d(asset_id integer, day date)
     WHERE t.asset_id = d.asset_id AND t.day = d.day;
    INSERT INTO stats_daily SELECT * FROM jsonb_populate_recordset(NULL::stats_daily, p_daily);

    DELETE FROM events t
     USING jsonb_to_recordset(p_days) AS d(asset_id integer, start timestamptz, "end" timestamptz)
     WHERE t.asset_id = d.asset_id AND t."timestamp" >= d.start AND t."timestamp" < d."end";
    INSERT INTO events SELECT * FROM jsonb_populate_recordset(NULL::events, p_events)
      ON CONFLICT DO NOTHING;

    WITH upserted AS (
      INSERT INTO trips (asset_id, start_time, ${TRIP_COLUMNS})
      SELECT asset_id, start_time, ${TRIP_COLUMNS} FROM jsonb_populate_recordset(NULL::trips, p_trips)
      ON CONFLICT (asset_id, start_time) DO UPDATE
        SET (${TRIP_COLUMNS}) = ROW(${TRIP_COLUMNS.split(', ')
          .map((c) => `excluded.${c}`)
          .join(', ')})
      RETURNING id
    )
    SELECT coalesce(array_agg(id), '{}') INTO kept FROM upserted;
    DELETE FROM trip_drivers WHERE trip_id = ANY (kept);
    INSERT INTO trip_drivers (trip_id, driver_id, ${stats})
    SELECT t.id, r.driver_id, ${statsOf('r')}
      FROM jsonb_array_elements(p_trip_drivers) e
      CROSS JOIN LATERAL jsonb_populate_record(NULL::trip_drivers, e) r
      JOIN trips t ON t.asset_id = (e->>'asset_id')::integer
                  AND t.start_time = (e->>'start_time')::timestamptz;
    DELETE FROM trips t
     USING jsonb_to_recordset(p_days) AS d(asset_id integer, "end" timestamptz, trips_from timestamptz)
     WHERE t.asset_id = d.asset_id AND t.start_time >= d.trips_from AND t.start_time < d."end"
       AND NOT t.id = ANY (kept);
    UPDATE asset_state s SET last_trip_id = (
        SELECT id FROM trips WHERE asset_id = s.asset_id ORDER BY start_time DESC LIMIT 1)
     WHERE s.asset_id IN (SELECT d.asset_id FROM jsonb_to_recordset(p_days) AS d(asset_id integer));

    -- Issue 21 §1: a trigger queues the alerts of the visits inserted.
    DELETE FROM zone_visits t USING jsonb_to_recordset(p_days) AS d(asset_id integer, day date)
     WHERE t.asset_id = d.asset_id AND t.day = d.day;
    INSERT INTO zone_visits SELECT * FROM jsonb_populate_recordset(NULL::zone_visits, p_visits)
      ON CONFLICT DO NOTHING;
  END $$;
`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`${FUNCTION}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION engine_write(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)`.execute(
    db,
  );
}
