import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Exclusion constraints on (id, time range) keep links from overlapping.
  await sql`CREATE EXTENSION IF NOT EXISTS btree_gist`.execute(db);

  await sql`
    CREATE TABLE configuration_groups (
      id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      name            text NOT NULL CHECK (btrim(name) <> ''),
      created_at      timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX configuration_groups_name_key ON configuration_groups (organisation_id, lower(name))`.execute(
    db,
  );

  await sql`
    CREATE TABLE assets (
      id                     integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id        integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      name                   text NOT NULL CHECK (btrim(name) <> ''),
      licence_plate          text,
      configuration_group_id integer REFERENCES configuration_groups (id) ON DELETE SET NULL,
      created_at             timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX assets_organisation_idx ON assets (organisation_id)`.execute(db);
  await sql`CREATE INDEX assets_configuration_group_idx ON assets (configuration_group_id)`.execute(
    db,
  );

  await sql`
    CREATE TABLE drivers (
      id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      first_name      text NOT NULL,
      last_name       text NOT NULL,
      phone           text,
      created_at      timestamptz NOT NULL DEFAULT now(),
      CHECK (btrim(first_name || last_name) <> '')
    )`.execute(db);
  await sql`CREATE INDEX drivers_organisation_idx ON drivers (organisation_id)`.execute(db);

  await sql`
    CREATE TABLE devices (
      id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      name            text NOT NULL CHECK (btrim(name) <> ''),
      -- the serial number printed on the unit; unique across the platform
      identifier      text NOT NULL UNIQUE CHECK (btrim(identifier) <> ''),
      -- sha-256 of the device's secret; the secret is shown once, when issued
      credential_hash text NOT NULL,
      created_at      timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX devices_organisation_idx ON devices (organisation_id)`.execute(db);

  await sql`
    CREATE TABLE groups (
      id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      name            text NOT NULL CHECK (btrim(name) <> ''),
      active          boolean NOT NULL DEFAULT true,
      created_at      timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX groups_name_key ON groups (organisation_id, lower(name))`.execute(
    db,
  );
  await sql`
    CREATE TABLE group_assets (
      group_id integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
      asset_id integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, asset_id)
    )`.execute(db);
  await sql`CREATE INDEX group_assets_asset_idx ON group_assets (asset_id)`.execute(db);
  await sql`
    CREATE TABLE group_drivers (
      group_id  integer NOT NULL REFERENCES groups (id) ON DELETE CASCADE,
      driver_id integer NOT NULL REFERENCES drivers (id) ON DELETE CASCADE,
      PRIMARY KEY (group_id, driver_id)
    )`.execute(db);
  await sql`CREATE INDEX group_drivers_driver_idx ON group_drivers (driver_id)`.execute(db);

  // A link holds from `from` until `until` (open while until is null): [from, until).
  await sql`
    CREATE TABLE device_links (
      id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      asset_id  integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      device_id integer NOT NULL REFERENCES devices (id) ON DELETE CASCADE,
      "from"    timestamptz NOT NULL,
      until     timestamptz CHECK (until > "from"),
      period    tstzrange GENERATED ALWAYS AS (tstzrange("from", until, '[)')) STORED,
      CONSTRAINT device_links_device_overlap EXCLUDE USING gist (device_id WITH =, period WITH &&),
      CONSTRAINT device_links_asset_overlap EXCLUDE USING gist (asset_id WITH =, period WITH &&)
    )`.execute(db);

  await sql`
    CREATE TABLE driver_links (
      id        integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      asset_id  integer NOT NULL REFERENCES assets (id) ON DELETE CASCADE,
      driver_id integer NOT NULL REFERENCES drivers (id) ON DELETE CASCADE,
      "from"    timestamptz NOT NULL,
      until     timestamptz CHECK (until > "from"),
      period    tstzrange GENERATED ALWAYS AS (tstzrange("from", until, '[)')) STORED,
      CONSTRAINT driver_links_driver_overlap EXCLUDE USING gist (driver_id WITH =, period WITH &&),
      CONSTRAINT driver_links_asset_overlap EXCLUDE USING gist (asset_id WITH =, period WITH &&)
    )`.execute(db);

  // Settings of the devices (service + parameter), with the server's defaults.
  await sql`
    CREATE TABLE device_configurations (
      id            integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      service       text NOT NULL,
      parameter     text NOT NULL,
      category      text NOT NULL,
      description   text NOT NULL,
      default_value text NOT NULL,
      UNIQUE (service, parameter)
    )`.execute(db);
  await sql`
    CREATE TABLE group_configurations (
      configuration_group_id  integer NOT NULL REFERENCES configuration_groups (id) ON DELETE CASCADE,
      device_configuration_id integer NOT NULL REFERENCES device_configurations (id) ON DELETE CASCADE,
      value                   text NOT NULL,
      PRIMARY KEY (configuration_group_id, device_configuration_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'group_configurations',
    'device_configurations',
    'driver_links',
    'device_links',
    'group_drivers',
    'group_assets',
    'groups',
    'devices',
    'drivers',
    'assets',
    'configuration_groups',
  ]) {
    await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  }
}
