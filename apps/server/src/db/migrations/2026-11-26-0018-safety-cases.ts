import { sql, type Kysely } from 'kysely';

/**
 * Issue 20, safety review: cases made from the engine's events, their history and comments,
 * the footage audit, the safety settings of an organisation (with the default coach of each
 * group) and the link of a DRIVER user to their driver record.
 *
 * A case is made by the database itself: a statement trigger on `events` inserts a case for
 * every new event of a type the asset's organisation chose (DEFAULT_CASE_EVENT_TYPES without a
 * setting), keyed like the event (asset, time, type). The engine rebuilds a day by deleting its
 * events and inserting them again: the insert finds the case there (ON CONFLICT), so a case
 * keeps its id, status and history however often a day is processed, and no writer of events
 * can forget it. A re-attribution that changed the event's driver or position follows.
 */

/** Keep equal to DEFAULT_CASE_EVENT_TYPES (contract/safety.ts); a test compares them. */
export const DEFAULT_CASE_TYPES_SQL = `ARRAY['HARSH_BRAKE','HARSH_ACCELERATION','OVER_SPEED_START','OVER_RPM_START']::text[]`;

const TABLES = sql`
  ALTER TABLE users ADD COLUMN driver_id integer REFERENCES drivers (id) ON DELETE SET NULL;
  CREATE INDEX users_driver_idx ON users (driver_id) WHERE driver_id IS NOT NULL;

  CREATE TABLE safety_settings (
    organisation_id   integer PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
    case_event_types  text[] NOT NULL DEFAULT ${sql.raw(DEFAULT_CASE_TYPES_SQL)},
    due_days          integer NOT NULL DEFAULT 14 CHECK (due_days BETWEEN 1 AND 365),
    drivers_see_clips boolean NOT NULL DEFAULT true,
    request_clips     boolean NOT NULL DEFAULT true,
    updated_at        timestamptz NOT NULL DEFAULT now()
  );

  CREATE TABLE safety_group_coaches (
    group_id      integer PRIMARY KEY REFERENCES groups (id) ON DELETE CASCADE,
    coach_user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE
  );

  CREATE TABLE safety_cases (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id  integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    asset_id         integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
    event_time       timestamptz NOT NULL,
    event_type       text NOT NULL,
    driver_id        integer REFERENCES drivers (id) ON DELETE SET NULL,
    device_id        integer,
    latitude         integer,
    longitude        integer,
    speed            double precision,
    status           text NOT NULL DEFAULT 'NEEDS_REVIEW' CHECK (status IN
                       ('NEEDS_REVIEW','DISMISSED','NEEDS_COACHING','COACHED','RECOGNISED')),
    dismissal_reason text,
    coach_user_id    integer REFERENCES users (id) ON DELETE SET NULL,
    due_date         date,
    coached_at       timestamptz,
    coaching_method  text,
    acknowledged_at  timestamptz,
    clip_request_id  integer REFERENCES media_requests (id) ON DELETE SET NULL,
    clip_checked_at  timestamptz,
    created_at       timestamptz NOT NULL DEFAULT now(),
    updated_at       timestamptz NOT NULL DEFAULT now(),
    UNIQUE (asset_id, event_time, event_type)
  );
  CREATE INDEX safety_cases_inbox_idx ON safety_cases (organisation_id, event_time DESC, id DESC);
  CREATE INDEX safety_cases_status_idx ON safety_cases (organisation_id, status, event_time DESC);
  CREATE INDEX safety_cases_driver_idx ON safety_cases (driver_id, event_time DESC);
  CREATE INDEX safety_cases_clip_idx ON safety_cases (created_at) WHERE clip_checked_at IS NULL;
  CREATE INDEX safety_cases_clip_request_idx ON safety_cases (clip_request_id)
    WHERE clip_request_id IS NOT NULL;

  CREATE TABLE safety_case_history (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    case_id       bigint NOT NULL REFERENCES safety_cases (id) ON DELETE CASCADE,
    at            timestamptz NOT NULL DEFAULT now(),
    user_id       integer REFERENCES users (id) ON DELETE SET NULL,
    user_name     text,
    action        text NOT NULL,
    from_status   text,
    to_status     text NOT NULL,
    reason        text,
    text          text,
    coach_user_id integer REFERENCES users (id) ON DELETE SET NULL,
    due_date      date,
    method        text,
    notes         text,
    undone_at     timestamptz
  );
  CREATE INDEX safety_case_history_case_idx ON safety_case_history (case_id, id);

  CREATE TABLE safety_case_comments (
    id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    case_id   bigint NOT NULL REFERENCES safety_cases (id) ON DELETE CASCADE,
    at        timestamptz NOT NULL DEFAULT now(),
    user_id   integer REFERENCES users (id) ON DELETE SET NULL,
    user_name text,
    text      text NOT NULL
  );
  CREATE INDEX safety_case_comments_case_idx ON safety_case_comments (case_id, id);

  -- The footage audit: kept when the medium goes (no foreign key to media).
  CREATE TABLE media_views (
    id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
    media_id        integer NOT NULL,
    user_id         integer REFERENCES users (id) ON DELETE SET NULL,
    user_name       text,
    action          text NOT NULL CHECK (action IN ('VIEW','PLAY','DOWNLOAD')),
    case_id         bigint REFERENCES safety_cases (id) ON DELETE SET NULL,
    at              timestamptz NOT NULL DEFAULT now()
  );
  CREATE INDEX media_views_media_idx ON media_views (media_id, at DESC);
`;

/** New events of the chosen types become cases; a case there already keeps its id and history. */
const CASES_FROM_EVENTS = sql`
  CREATE FUNCTION safety_cases_from_events() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO safety_cases AS c (organisation_id, asset_id, event_time, event_type, driver_id,
                                   device_id, latitude, longitude, speed)
    SELECT a.organisation_id, e.asset_id, e."timestamp", e.event_type, e.driver_id,
           e.device_id, e.latitude, e.longitude,
           (SELECT r.speed FROM raw_records r
             WHERE r.device_id = e.device_id AND r."timestamp" = e."timestamp" LIMIT 1)
      FROM new_events e
      JOIN assets a ON a.id = e.asset_id
      LEFT JOIN safety_settings s ON s.organisation_id = a.organisation_id
     WHERE e.event_type = ANY (coalesce(s.case_event_types, ${sql.raw(DEFAULT_CASE_TYPES_SQL)}))
    ON CONFLICT (asset_id, event_time, event_type) DO UPDATE
       SET driver_id = excluded.driver_id, device_id = excluded.device_id,
           latitude = excluded.latitude, longitude = excluded.longitude,
           speed = coalesce(excluded.speed, c.speed)
     WHERE (c.driver_id, c.device_id, c.latitude, c.longitude)
           IS DISTINCT FROM (excluded.driver_id, excluded.device_id, excluded.latitude, excluded.longitude);
    RETURN NULL;
  END $$;

  CREATE TRIGGER events_safety_cases AFTER INSERT ON events
    REFERENCING NEW TABLE AS new_events
    FOR EACH STATEMENT EXECUTE FUNCTION safety_cases_from_events();
`;

/** Every case has its first history entry (CREATED, by the system). */
const FIRST_ENTRY = sql`
  CREATE FUNCTION safety_case_created() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    INSERT INTO safety_case_history (case_id, at, action, to_status)
    SELECT id, created_at, 'CREATED', status FROM new_cases;
    RETURN NULL;
  END $$;

  CREATE TRIGGER safety_cases_created AFTER INSERT ON safety_cases
    REFERENCING NEW TABLE AS new_cases
    FOR EACH STATEMENT EXECUTE FUNCTION safety_case_created();
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await TABLES.execute(db);
  await FIRST_ENTRY.execute(db);
  await CASES_FROM_EVENTS.execute(db);
  // The events derived before this migration become cases too (as the trigger would have).
  await sql`
    INSERT INTO safety_cases (organisation_id, asset_id, event_time, event_type, driver_id,
                              device_id, latitude, longitude)
    SELECT a.organisation_id, e.asset_id, e."timestamp", e.event_type, e.driver_id,
           e.device_id, e.latitude, e.longitude
      FROM events e JOIN assets a ON a.id = e.asset_id
     WHERE e.event_type = ANY (${sql.raw(DEFAULT_CASE_TYPES_SQL)})
    ON CONFLICT DO NOTHING`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER events_safety_cases ON events;
    DROP FUNCTION safety_cases_from_events();
    DROP TABLE media_views;
    DROP TABLE safety_case_comments;
    DROP TABLE safety_case_history;
    DROP TABLE safety_cases;
    DROP FUNCTION safety_case_created();
    DROP TABLE safety_group_coaches;
    DROP TABLE safety_settings;
    ALTER TABLE users DROP COLUMN driver_id;
  `.execute(db);
}
