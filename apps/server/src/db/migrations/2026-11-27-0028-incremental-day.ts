import { sql, type Kysely } from 'kysely';
import { STAT_COLUMNS } from '../stat-columns.js';
import { up as engineWrite0027 } from './2026-11-27-0027-engine-write.js';

const stats = STAT_COLUMNS.join(', ');
const statsOf = (alias: string) => STAT_COLUMNS.map((c) => `${alias}.${c}`).join(', ');
const TRIP_COLUMNS = `device_id, end_time, start_latitude, start_longitude, end_latitude, end_longitude, ${stats}`;

/**
 * Issue 18 §1, the incremental day: the engine no longer rebuilds a whole asset-day at each
 * batch, which made a day's cost grow with every record it held.
 * - `engine_queue.since`: the earliest time of the records queued for the day since it was
 *   last claimed; '-infinity' (anything else that queues a day: a link, a dismissal, an admin
 *   re-process) asks for a rebuild of the whole day.
 * - `engine_day_state`: each recent asset-day's fold (process-day.ts, DayFold) after the last
 *   record it read (`through`), with the bounds it read from (`lower`, and `pre_count` records
 *   before the day). A day is resumed from it when every record queued since is later than
 *   `through` and the records before the day are as they were: the engine then reads only
 *   the new records.
 * - engine_write: a resumed day (`resumed`) keeps the events it has and adds those of the new
 *   records; its trips are upserted and none deleted (`trips_from` null); its zone visits
 *   replace those of the same entry; its fold is stored.
 */
const FUNCTION = sql.raw(`
  CREATE OR REPLACE FUNCTION engine_write(p_days jsonb, p_hourly jsonb, p_daily jsonb, p_events jsonb,
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

    -- A resumed day's result holds only the events of the records it added.
    DELETE FROM events t
     USING jsonb_to_recordset(p_days)
        AS d(asset_id integer, start timestamptz, "end" timestamptz, resumed boolean)
     WHERE NOT d.resumed
       AND t.asset_id = d.asset_id AND t."timestamp" >= d.start AND t."timestamp" < d."end";
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
    DELETE FROM zone_visits t
     USING jsonb_to_recordset(p_days) AS d(asset_id integer, day date, resumed boolean)
     WHERE NOT d.resumed AND t.asset_id = d.asset_id AND t.day = d.day;
    -- A resumed day's visits are those its new records ended or still under way: each replaces
    -- the row of the same visit (deleted and inserted, so the alerts' trigger sees it again).
    DELETE FROM zone_visits t USING jsonb_populate_recordset(NULL::zone_visits, p_visits) v
     WHERE t.asset_id = v.asset_id AND t.day = v.day AND t.zone_id = v.zone_id
       AND t.entered_at = v.entered_at;
    INSERT INTO zone_visits SELECT * FROM jsonb_populate_recordset(NULL::zone_visits, p_visits)
      ON CONFLICT DO NOTHING;

    -- Each day's fold, to resume it at its next batch; days more than two before one written
    -- are done with (a late record rebuilds them whole).
    DELETE FROM engine_day_state s
     USING jsonb_to_recordset(p_days) AS d(asset_id integer, day date, fold jsonb)
     WHERE s.asset_id = d.asset_id AND (s.day < d.day - 2 OR (s.day = d.day AND d.fold IS NULL));
    INSERT INTO engine_day_state (asset_id, day, lower, pre_count, through, fold)
    SELECT d.asset_id, d.day, d.lower, d.pre_count, d.through, d.fold
      FROM jsonb_to_recordset(p_days) AS d(asset_id integer, day date, lower timestamptz,
                                           pre_count integer, through timestamptz, fold jsonb)
     WHERE d.fold IS NOT NULL
    ON CONFLICT (asset_id, day) DO UPDATE
      SET lower = excluded.lower, pre_count = excluded.pre_count,
          through = excluded.through, fold = excluded.fold;
  END $$;
`);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE engine_queue ADD COLUMN since timestamptz NOT NULL DEFAULT '-infinity'`.execute(
    db,
  );
  await sql`
    CREATE TABLE engine_day_state (
      asset_id integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      day date NOT NULL,
      lower timestamptz NOT NULL,
      pre_count integer NOT NULL,
      through timestamptz NOT NULL,
      fold jsonb NOT NULL,
      PRIMARY KEY (asset_id, day)
    )`.execute(db);
  await sql`${FUNCTION}`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION engine_write(jsonb, jsonb, jsonb, jsonb, jsonb, jsonb, jsonb)`.execute(
    db,
  );
  await engineWrite0027(db);
  await sql`DROP TABLE engine_day_state`.execute(db);
  await sql`ALTER TABLE engine_queue DROP COLUMN since`.execute(db);
}
