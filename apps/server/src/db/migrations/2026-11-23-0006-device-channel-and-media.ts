import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // When the device last spoke to the server (any device API call); online is derived from it.
  await sql`ALTER TABLE devices ADD COLUMN last_seen_at timestamptz`.execute(db);

  // Per-organisation settings; later issues add the control room and monitoring columns.
  await sql`
    CREATE TABLE organisation_settings (
      organisation_id      integer PRIMARY KEY REFERENCES organisations (id) ON DELETE CASCADE,
      media_retention_days integer NOT NULL DEFAULT 90 CHECK (media_retention_days BETWEEN 1 AND 3650)
    )`.execute(db);

  // The device channel: commands wait here until the device asks for them.
  await sql`
    CREATE TABLE device_commands (
      id              bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      device_id       integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      kind            text NOT NULL,
      payload         jsonb NOT NULL,
      created_at      timestamptz NOT NULL DEFAULT now(),
      expires_at      timestamptz NOT NULL,
      -- first handed to the device, and acknowledged by it (syncedWithDevice)
      delivered_at    timestamptz,
      acknowledged_at timestamptz,
      -- the device's final word: DONE or FAILED, with its reason
      finished_at     timestamptz,
      status          text CHECK (status IN ('DONE', 'FAILED')),
      reason          text,
      CHECK (expires_at > created_at)
    )`.execute(db);
  await sql`
    CREATE INDEX device_commands_pending_idx ON device_commands (device_id, id)
      WHERE acknowledged_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE media_requests (
      id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      asset_id        integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      -- set when asked from a driver's page: the driver at that moment
      driver_id       integer REFERENCES drivers (id) ON DELETE SET NULL,
      device_id       integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      command_id      bigint NOT NULL REFERENCES device_commands (id) ON DELETE CASCADE,
      requested_by    integer REFERENCES users (id) ON DELETE SET NULL,
      media_type      text NOT NULL CHECK (media_type IN ('PICTURE', 'VIDEO')),
      duration        integer CHECK (duration > 0),
      camera_mask     integer NOT NULL CHECK (camera_mask BETWEEN 1 AND 31),
      requested_at    timestamptz NOT NULL DEFAULT now(),
      media_timestamp timestamptz NOT NULL,
      CHECK ((media_type = 'VIDEO') = (duration IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX media_requests_asset_idx ON media_requests (asset_id, requested_at)`.execute(
    db,
  );
  await sql`CREATE INDEX media_requests_driver_idx ON media_requests (driver_id, requested_at)`.execute(
    db,
  );

  await sql`
    CREATE TABLE media (
      id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      asset_id         integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      device_id        integer REFERENCES devices (id) ON DELETE SET NULL,
      -- the driver linked to the asset at that moment
      driver_id        integer REFERENCES drivers (id) ON DELETE SET NULL,
      "timestamp"      timestamptz NOT NULL,
      camera           smallint NOT NULL CHECK (camera IN (1, 2, 4, 8, 16)),
      mime_type        text NOT NULL CHECK (mime_type IN ('image/jpeg', 'video/mp4')),
      file_name        text NOT NULL CHECK (btrim(file_name) <> ''),
      size             bigint NOT NULL CHECK (size > 0),
      duration         real,
      transfer_reason  text NOT NULL,
      storage_key      text NOT NULL UNIQUE,
      thumbnail_key    text NOT NULL UNIQUE,
      media_request_id integer REFERENCES media_requests (id) ON DELETE SET NULL,
      uploaded_by      integer REFERENCES users (id) ON DELETE SET NULL,
      created_at       timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX media_asset_time_idx ON media (asset_id, "timestamp")`.execute(db);
  await sql`CREATE INDEX media_driver_time_idx ON media (driver_id, "timestamp")`.execute(db);
  await sql`CREATE INDEX media_created_idx ON media (created_at)`.execute(db);
  await sql`CREATE INDEX media_request_idx ON media (media_request_id)`.execute(db);
  // A device that sends the same medium twice (a lost answer) stores it once.
  await sql`
    CREATE UNIQUE INDEX media_device_once ON media (device_id, "timestamp", camera, transfer_reason)
      WHERE uploaded_by IS NULL`.execute(db);

  // Each requested camera of a request, and where it stands.
  await sql`
    CREATE TABLE media_request_cameras (
      media_request_id integer NOT NULL REFERENCES media_requests (id) ON DELETE CASCADE,
      camera           smallint NOT NULL CHECK (camera IN (1, 2, 4, 8, 16)),
      availability     text NOT NULL DEFAULT 'WAITING_FOR_DEVICE',
      reason           text,
      media_id         integer REFERENCES media (id) ON DELETE SET NULL,
      updated_at       timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (media_request_id, camera)
    )`.execute(db);

  // Files whose medium is gone (deleted by a user, by retention, or with its asset or
  // organisation). The media store removes them and then the row; nothing is orphaned.
  await sql`
    CREATE TABLE media_garbage (
      storage_key text PRIMARY KEY,
      queued_at   timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE FUNCTION media_files_to_garbage() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO media_garbage (storage_key) VALUES (OLD.storage_key), (OLD.thumbnail_key)
        ON CONFLICT DO NOTHING;
      RETURN OLD;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER media_files_to_garbage AFTER DELETE ON media
      FOR EACH ROW EXECUTE FUNCTION media_files_to_garbage()`.execute(db);

  // Who deleted which footage, and when (kept when the medium and its asset are gone).
  await sql`
    CREATE TABLE media_deletions (
      id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      media_id        integer NOT NULL,
      asset_id        integer,
      file_name       text NOT NULL,
      camera          smallint NOT NULL,
      media_timestamp timestamptz NOT NULL,
      reason          text NOT NULL CHECK (reason IN ('USER', 'RETENTION')),
      deleted_by      integer REFERENCES users (id) ON DELETE SET NULL,
      deleted_by_name text,
      deleted_at      timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE INDEX media_deletions_organisation_idx ON media_deletions (organisation_id, deleted_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE media_deletions`.execute(db);
  await sql`DROP TRIGGER media_files_to_garbage ON media`.execute(db);
  await sql`DROP FUNCTION media_files_to_garbage()`.execute(db);
  for (const table of [
    'media_garbage',
    'media_request_cameras',
    'media',
    'media_requests',
    'device_commands',
    'organisation_settings',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
  await sql`ALTER TABLE devices DROP COLUMN last_seen_at`.execute(db);
}
