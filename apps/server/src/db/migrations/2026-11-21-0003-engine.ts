import { sql, type Kysely } from 'kysely';

import { STAT_COLUMNS } from '../stat-columns.js';

const statColumns = sql.raw(
  STAT_COLUMNS.map((c) => `${c} double precision NOT NULL DEFAULT 0`).join(',\n'),
);

export async function up(db: Kysely<unknown>): Promise<void> {
  // What devices sent, as sent. A record is identified by device, timestamp and reason.
  await sql`
    CREATE TABLE raw_records (
      device_id       integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      "timestamp"     timestamptz NOT NULL,
      transfer_reason text NOT NULL,
      asset_id        integer REFERENCES assets (id) ON DELETE SET NULL,
      latitude        integer,
      longitude       integer,
      speed           real,
      events          jsonb,
      metrics         jsonb NOT NULL,
      received_at     timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (device_id, "timestamp", transfer_reason)
    )`.execute(db);
  await sql`CREATE INDEX raw_records_asset_time_idx ON raw_records (asset_id, "timestamp")`.execute(
    db,
  );

  await sql`
    CREATE TABLE datapoints (
      device_id   integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      "timestamp" timestamptz NOT NULL,
      asset_id    integer REFERENCES assets (id) ON DELETE SET NULL,
      latitude    integer NOT NULL,
      longitude   integer NOT NULL,
      speed       real,
      heading     smallint,
      PRIMARY KEY (device_id, "timestamp")
    )`.execute(db);
  await sql`CREATE INDEX datapoints_asset_time_idx ON datapoints (asset_id, "timestamp")`.execute(
    db,
  );

  // Derived from raw records by the engine; rebuilt per asset and day.
  await sql`
    CREATE TABLE events (
      asset_id    integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      "timestamp" timestamptz NOT NULL,
      event_type  text NOT NULL,
      driver_id   integer REFERENCES drivers (id) ON DELETE SET NULL,
      device_id   integer NOT NULL,
      latitude    integer,
      longitude   integer,
      PRIMARY KEY (asset_id, "timestamp", event_type)
    )`.execute(db);
  await sql`CREATE INDEX events_driver_time_idx ON events (driver_id, "timestamp")`.execute(db);
  await sql`CREATE INDEX events_type_time_idx ON events (event_type, "timestamp")`.execute(db);

  await sql`
    CREATE TABLE trips (
      id             bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      asset_id       integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      device_id      integer NOT NULL,
      start_time     timestamptz NOT NULL,
      end_time       timestamptz,
      start_latitude integer,
      start_longitude integer,
      end_latitude   integer,
      end_longitude  integer,
      ${statColumns},
      UNIQUE (asset_id, start_time)
    )`.execute(db);
  await sql`CREATE INDEX trips_asset_end_idx ON trips (asset_id, end_time)`.execute(db);

  // The part of a trip each driver drove (driver 0 is UNKNOWN).
  await sql`
    CREATE TABLE trip_drivers (
      trip_id   bigint NOT NULL REFERENCES trips (id) ON DELETE CASCADE,
      driver_id integer NOT NULL,
      ${statColumns},
      PRIMARY KEY (trip_id, driver_id)
    )`.execute(db);

  // Rollups per asset, driver (0 = UNKNOWN) and hour, and per local day: reports read
  // these, never the raw records.
  await sql`
    CREATE TABLE stats_hourly (
      asset_id  integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      driver_id integer NOT NULL,
      hour      timestamptz NOT NULL,
      ${statColumns},
      PRIMARY KEY (asset_id, hour, driver_id)
    )`.execute(db);
  await sql`CREATE INDEX stats_hourly_driver_idx ON stats_hourly (driver_id, hour)`.execute(db);
  await sql`
    CREATE TABLE stats_daily (
      asset_id  integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      driver_id integer NOT NULL,
      day       date NOT NULL,
      ${statColumns},
      PRIMARY KEY (asset_id, day, driver_id)
    )`.execute(db);
  await sql`CREATE INDEX stats_daily_driver_idx ON stats_daily (driver_id, day)`.execute(db);

  // The latest of each asset, for the fleet overview: one row per asset.
  await sql`
    CREATE TABLE asset_state (
      asset_id        integer PRIMARY KEY REFERENCES assets (id) ON DELETE CASCADE,
      last_time       timestamptz NOT NULL,
      latitude        integer,
      longitude       integer,
      speed           real,
      last_trip_id    bigint REFERENCES trips (id) ON DELETE SET NULL
    )`.execute(db);

  // Asset-days whose derived data must be rebuilt. Written in the same
  // transaction as the raw records, so acknowledged data is never left unprocessed.
  await sql`
    CREATE TABLE engine_queue (
      asset_id  integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      day       date NOT NULL,
      queued_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (asset_id, day)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'engine_queue',
    'asset_state',
    'stats_daily',
    'stats_hourly',
    'trip_drivers',
    'trips',
    'events',
    'datapoints',
    'raw_records',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
