import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // The control room and monitoring settings of an organisation (defaults while no row exists).
  await sql`
    ALTER TABLE organisation_settings
      ADD COLUMN control_room_identifier text,
      ADD COLUMN alarm_webhook_url       text CHECK (alarm_webhook_url ~ '^https?://'),
      ADD COLUMN alarm_webhook_secret    text,
      ADD COLUMN max_monitoring_minutes  integer NOT NULL DEFAULT 60
        CHECK (max_monitoring_minutes BETWEEN 5 AND 480),
      ADD COLUMN default_language        text NOT NULL DEFAULT 'en'
        CHECK (default_language IN ('en', 'nl'))`.execute(db);

  // What a user asked of a vehicle. state PENDING or ACTIVE holds the asset's one monitoring
  // slot: the partial unique index refuses a second request while one is pending or active,
  // whatever the number of server processes.
  await sql`
    CREATE TABLE asset_monitoring_requests (
      id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      asset_id               integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      device_id              integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      command_id             bigint NOT NULL REFERENCES device_commands (id) ON DELETE CASCADE,
      requested_by           integer REFERENCES users (id) ON DELETE SET NULL,
      requested_at           timestamptz NOT NULL DEFAULT now(),
      tracing_frequency      integer NOT NULL CHECK (tracing_frequency BETWEEN 1 AND 60),
      live_feed              boolean NOT NULL,
      live_feed_camera_mask  integer NOT NULL CHECK (live_feed_camera_mask BETWEEN 0 AND 31),
      state                  text NOT NULL DEFAULT 'PENDING'
        CHECK (state IN ('PENDING', 'ACTIVE', 'ENDED', 'EXPIRED', 'FAILED')),
      reason                 text
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX asset_monitoring_requests_one_open ON asset_monitoring_requests (asset_id)
      WHERE state IN ('PENDING', 'ACTIVE')`.execute(db);
  await sql`
    CREATE INDEX asset_monitoring_requests_asset_idx
      ON asset_monitoring_requests (asset_id, requested_at)`.execute(db);
  await sql`CREATE UNIQUE INDEX asset_monitoring_requests_command ON asset_monitoring_requests (command_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE asset_monitorings (
      id                      integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      request_id              integer NOT NULL UNIQUE
                                REFERENCES asset_monitoring_requests (id) ON DELETE CASCADE,
      asset_id                integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      device_id               integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      -- the driver linked to the asset when it started
      driver_id               integer REFERENCES drivers (id) ON DELETE SET NULL,
      control_room_identifier text,
      tracing_frequency       integer NOT NULL,
      live_feed               boolean NOT NULL,
      camera_mask             integer NOT NULL,
      start_at                timestamptz NOT NULL DEFAULT now(),
      max_end_at              timestamptz NOT NULL,
      end_at                  timestamptz,
      ended_by                text CHECK (ended_by IN ('USER', 'TOKEN', 'DEVICE', 'MAX_DURATION')),
      -- the live room (Janus VideoRoom): its number, pin and secret; null without a gateway
      room_id                 bigint UNIQUE,
      room_pin                text,
      room_secret             text,
      live_feed_reason        text,
      -- after the end: the room destroyed and the recordings queued (by whichever process)
      finalized_at            timestamptz,
      lease_until             timestamptz,
      -- the control room's alarm
      webhook_state           text NOT NULL DEFAULT 'NONE'
        CHECK (webhook_state IN ('NONE', 'PENDING', 'DELIVERED', 'FAILED')),
      webhook_attempts        integer NOT NULL DEFAULT 0,
      webhook_next_at         timestamptz,
      webhook_last_attempt_at timestamptz,
      webhook_delivered_at    timestamptz,
      webhook_last_error      text,
      CHECK ((end_at IS NULL) = (ended_by IS NULL)),
      CHECK (end_at IS NULL OR end_at >= start_at)
    )`.execute(db);
  await sql`
    CREATE UNIQUE INDEX asset_monitorings_one_active ON asset_monitorings (asset_id)
      WHERE end_at IS NULL`.execute(db);
  await sql`CREATE INDEX asset_monitorings_asset_idx ON asset_monitorings (asset_id, start_at)`.execute(
    db,
  );
  await sql`CREATE INDEX asset_monitorings_driver_idx ON asset_monitorings (driver_id, start_at)`.execute(
    db,
  );
  // The periodic checks: active ones past their maximum, ended ones not yet finalised,
  // alarms due.
  await sql`CREATE INDEX asset_monitorings_active_idx ON asset_monitorings (max_end_at) WHERE end_at IS NULL`.execute(
    db,
  );
  await sql`
    CREATE INDEX asset_monitorings_unfinalized_idx ON asset_monitorings (id)
      WHERE end_at IS NOT NULL AND finalized_at IS NULL`.execute(db);
  await sql`
    CREATE INDEX asset_monitorings_webhook_idx ON asset_monitorings (webhook_next_at)
      WHERE webhook_state = 'PENDING'`.execute(db);

  await sql`
    CREATE TABLE monitoring_positions (
      monitoring_id integer NOT NULL REFERENCES asset_monitorings (id) ON DELETE CASCADE,
      "timestamp"   timestamptz NOT NULL,
      latitude      integer NOT NULL,
      longitude     integer NOT NULL,
      speed         real,
      heading       smallint,
      PRIMARY KEY (monitoring_id, "timestamp")
    )`.execute(db);

  // Recordings of the live room waiting to become media: one row per .mjr file, so a
  // conversion cut by a stopped server is taken up again by the next one.
  await sql`
    CREATE TABLE monitoring_recordings (
      id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      monitoring_id integer NOT NULL REFERENCES asset_monitorings (id) ON DELETE CASCADE,
      file          text NOT NULL,
      state         text NOT NULL DEFAULT 'PENDING'
        CHECK (state IN ('PENDING', 'DONE', 'SKIPPED', 'FAILED')),
      attempts      integer NOT NULL DEFAULT 0,
      lease_until   timestamptz,
      camera        smallint,
      media_id      integer REFERENCES media (id) ON DELETE SET NULL,
      error         text,
      UNIQUE (monitoring_id, file)
    )`.execute(db);
  await sql`
    CREATE INDEX monitoring_recordings_pending_idx ON monitoring_recordings (id)
      WHERE state = 'PENDING'`.execute(db);

  // A medium recorded during a monitoring (transferReason MONITORING) names it.
  await sql`
    ALTER TABLE media ADD COLUMN monitoring_id integer
      REFERENCES asset_monitorings (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX media_monitoring_idx ON media (monitoring_id) WHERE monitoring_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE media DROP COLUMN monitoring_id`.execute(db);
  for (const table of [
    'monitoring_recordings',
    'monitoring_positions',
    'asset_monitorings',
    'asset_monitoring_requests',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
  await sql`
    ALTER TABLE organisation_settings
      DROP COLUMN control_room_identifier, DROP COLUMN alarm_webhook_url,
      DROP COLUMN alarm_webhook_secret, DROP COLUMN max_monitoring_minutes,
      DROP COLUMN default_language`.execute(db);
}
