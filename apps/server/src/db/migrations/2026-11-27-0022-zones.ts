import { sql, type Kysely } from 'kysely';

/**
 * Issue 21 §1, zones (geofences) and their visits (modules/zones, docs/zones.md).
 *
 * - zones: the zone's identity and owner; a deletion sets deleted_at, so its past visits stay
 *   readable with its name.
 * - zone_versions: what the zone was over [valid_from, valid_until): shape, name, speed limit,
 *   group scope, colour, and the shape's bounding box (the engine skips a zone whose box misses
 *   the day's positions). An edit ends the current version now and starts a new one, so data
 *   re-processed later keeps the old shape for its time; the first version is valid from
 *   -infinity (a new zone counts for any day processed after it was drawn); a deletion ends it.
 * - zone_visits: derived by the engine per asset-day (replaced whole when the day is rebuilt):
 *   one row per stay in a zone within the day; `continued`: it began before the day,
 *   `continues`: it goes on after the day's end (exited_at is then the day's end). The report
 *   joins a day's `continues` (or still-open) row with the next day's `continued` one.
 * - Alerts (issue 21 §2): each visit row written queues zoneEnter, zoneExit and zoneSpeeding
 *   occurrences for the rules naming the zone (a rebuild queues them again; the notification's
 *   unique key keeps one per visit).
 */
const TABLES = sql`
  CREATE TABLE zones (
    id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    created_at      timestamptz NOT NULL DEFAULT now(),
    updated_at      timestamptz NOT NULL DEFAULT now(),
    deleted_at      timestamptz
  );
  CREATE INDEX zones_organisation_idx ON zones (organisation_id) WHERE deleted_at IS NULL;

  CREATE TABLE zone_versions (
    id          integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    zone_id     integer NOT NULL REFERENCES zones (id) ON DELETE CASCADE,
    valid_from  timestamptz NOT NULL,
    valid_until timestamptz,
    name        text NOT NULL,
    shape       jsonb NOT NULL,
    speed_limit integer,
    group_id    integer REFERENCES groups (id) ON DELETE SET NULL,
    colour      text NOT NULL,
    min_lon     double precision NOT NULL,
    min_lat     double precision NOT NULL,
    max_lon     double precision NOT NULL,
    max_lat     double precision NOT NULL,
    CHECK (valid_until IS NULL OR valid_until >= valid_from)
  );
  CREATE INDEX zone_versions_zone_idx ON zone_versions (zone_id, valid_from);

  CREATE TABLE zone_visits (
    asset_id         integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
    day              date NOT NULL,
    zone_id          integer NOT NULL REFERENCES zones (id) ON DELETE CASCADE,
    entered_at       timestamptz NOT NULL,
    exited_at        timestamptz,
    last_seen_at     timestamptz NOT NULL,
    continued        boolean NOT NULL,
    continues        boolean NOT NULL,
    driver_id        integer,
    max_speed        real NOT NULL,
    speeding_seconds integer NOT NULL,
    PRIMARY KEY (asset_id, day, zone_id, entered_at)
  );
  CREATE INDEX zone_visits_zone_idx ON zone_visits (zone_id, entered_at);

  ALTER TABLE alert_rules ADD COLUMN zone_id integer REFERENCES zones (id) ON DELETE CASCADE;
  ALTER TABLE alert_queue ADD COLUMN zone_id integer;
`;

const FUNCTIONS = sql`
  CREATE FUNCTION alert_zone_enqueue(k text, v zone_visits, at timestamptz, ref text)
    RETURNS void LANGUAGE plpgsql AS $$
  BEGIN
    IF at < now() - interval '1 day' THEN RETURN; END IF;
    IF NOT EXISTS (SELECT 1 FROM alert_rules r WHERE r.enabled AND r.kind = k AND r.zone_id = v.zone_id)
      THEN RETURN; END IF;
    INSERT INTO alert_queue (kind, asset_id, occurred_at, detail, zone_id, reference)
      SELECT k, v.asset_id, at, z.name, v.zone_id, ref
        FROM zone_versions z WHERE z.zone_id = v.zone_id ORDER BY z.valid_from DESC LIMIT 1;
    PERFORM pg_notify('alert_queue', '');
  END $$;

  CREATE FUNCTION alert_zone_visit() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    entered text := to_char(NEW.entered_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS');
  BEGIN
    IF NOT NEW.continued THEN
      PERFORM alert_zone_enqueue('zoneEnter', NEW, NEW.entered_at,
        'zone ' || NEW.zone_id || ' enter ' || entered);
    END IF;
    IF NEW.exited_at IS NOT NULL AND NOT NEW.continues THEN
      PERFORM alert_zone_enqueue('zoneExit', NEW, NEW.exited_at,
        'zone ' || NEW.zone_id || ' exit ' ||
        to_char(NEW.exited_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS'));
    END IF;
    IF NEW.speeding_seconds > 0 THEN
      PERFORM alert_zone_enqueue('zoneSpeeding', NEW, NEW.entered_at,
        'zone ' || NEW.zone_id || ' speeding ' || entered);
    END IF;
    RETURN NULL;
  END $$;

  CREATE TRIGGER zone_visits_alert AFTER INSERT ON zone_visits
    FOR EACH ROW EXECUTE FUNCTION alert_zone_visit();
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await TABLES.execute(db);
  await FUNCTIONS.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER zone_visits_alert ON zone_visits;
    DROP FUNCTION alert_zone_visit();
    DROP FUNCTION alert_zone_enqueue(text, zone_visits, timestamptz, text);
    ALTER TABLE alert_queue DROP COLUMN zone_id;
    ALTER TABLE alert_rules DROP COLUMN zone_id;
    DROP TABLE zone_visits, zone_versions, zones;
  `.execute(db);
}
