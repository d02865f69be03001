import { sql, type Kysely } from 'kysely';

/**
 * Issue 18 §5, years of data: raw_records and datapoints become partitioned by month of their
 * "timestamp" (docs/operations.md, "Raw data: partitions and retention").
 * - One partition per calendar month (UTC), named <table>_pYYYYMM, plus <table>_default that
 *   takes a record no month partition holds yet (a device clock far ahead, a month already
 *   dropped): ingestion never fails for want of a partition. The partitions job creates the
 *   months ahead and moves what the default partition holds into a month when it creates it.
 * - The keys already hold the partition key: raw_records (device_id, "timestamp",
 *   transfer_reason) and datapoints (device_id, "timestamp"), so ingestion's ON CONFLICT DO
 *   NOTHING keeps working; no table refers to either.
 * - fleet_month_partition(table, month) creates one month (idempotent); the job calls it too.
 * - organisation_settings.raw_retention_days: how long an organisation's raw data is kept.
 * The data is copied into the new tables (the upgrade takes as long as that copy).
 */

const MONTHS_AHEAD = 2;

async function createFunction(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION fleet_month_partition(parent text, month date) RETURNS boolean
    LANGUAGE plpgsql AS $$
    DECLARE
      first_day date := date_trunc('month', month)::date;
      name text := parent || '_p' || to_char(first_day, 'YYYYMM');
      low text := quote_literal(to_char(first_day, 'YYYY-MM-DD') || ' 00:00:00+00');
      high text := quote_literal(to_char(first_day + interval '1 month', 'YYYY-MM-DD') || ' 00:00:00+00');
      waiting bigint;
    BEGIN
      IF to_regclass(name) IS NOT NULL THEN
        RETURN false;
      END IF;
      -- Records of this month that arrived before it had a partition wait in the default one:
      -- they move with the creation, in this transaction.
      EXECUTE format('LOCK TABLE %I IN ACCESS EXCLUSIVE MODE', parent || '_default');
      EXECUTE format('CREATE TEMP TABLE fleet_moving ON COMMIT DROP AS
                        SELECT * FROM %I WHERE "timestamp" >= %s AND "timestamp" < %s',
                     parent || '_default', low, high);
      GET DIAGNOSTICS waiting = ROW_COUNT;
      IF waiting > 0 THEN
        EXECUTE format('DELETE FROM %I WHERE "timestamp" >= %s AND "timestamp" < %s',
                       parent || '_default', low, high);
      END IF;
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%s) TO (%s)',
                     name, parent, low, high);
      IF waiting > 0 THEN
        EXECUTE format('INSERT INTO %I SELECT * FROM fleet_moving', parent);
      END IF;
      DROP TABLE fleet_moving;
      RETURN true;
    END $$`.execute(db);
}

async function partitioned(db: Kysely<unknown>, table: 'raw_records' | 'datapoints') {
  const old = sql.table(`${table}_unpartitioned`);
  await sql`ALTER TABLE ${sql.table(table)} RENAME TO ${old}`.execute(db);
  await sql`ALTER TABLE ${old} RENAME CONSTRAINT ${sql.ref(`${table}_pkey`)} TO ${sql.ref(`${table}_unpartitioned_pkey`)}`.execute(
    db,
  );
  await sql`ALTER INDEX ${sql.ref(`${table}_asset_time_idx`)} RENAME TO ${sql.ref(`${table}_unpartitioned_asset_time_idx`)}`.execute(
    db,
  );
  if (table === 'raw_records')
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
      ) PARTITION BY RANGE ("timestamp")`.execute(db);
  else
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
      ) PARTITION BY RANGE ("timestamp")`.execute(db);
  await sql`CREATE INDEX ${sql.ref(`${table}_asset_time_idx`)} ON ${sql.table(table)} (asset_id, "timestamp")`.execute(
    db,
  );
  await sql`CREATE TABLE ${sql.table(`${table}_default`)} PARTITION OF ${sql.table(table)} DEFAULT`.execute(
    db,
  );
  // Every month the data has (ten years at most: older rows stay in the default partition and
  // go with retention), through the months ahead.
  await sql`
    SELECT fleet_month_partition(${table}, m::date)
    FROM generate_series(
      date_trunc('month', greatest(least(coalesce((SELECT min("timestamp") FROM ${old}), now()), now()),
                                   now() - interval '3650 days') AT TIME ZONE 'UTC'),
      date_trunc('month', now() AT TIME ZONE 'UTC') + ${`${MONTHS_AHEAD} months`}::interval,
      interval '1 month') AS m`.execute(db);
  await sql`INSERT INTO ${sql.table(table)} SELECT * FROM ${old}`.execute(db);
  await sql`DROP TABLE ${old}`.execute(db);
  await sql`ANALYZE ${sql.table(table)}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createFunction(db);
  await partitioned(db, 'raw_records');
  await partitioned(db, 'datapoints');
  await sql`
    ALTER TABLE organisation_settings
      ADD COLUMN raw_retention_days integer NOT NULL DEFAULT 730
        CHECK (raw_retention_days BETWEEN 31 AND 3650)`.execute(db);
}

async function unpartitioned(db: Kysely<unknown>, table: 'raw_records' | 'datapoints') {
  const copy = sql.table(`${table}_copy`);
  await sql`CREATE TABLE ${copy} (LIKE ${sql.table(table)} INCLUDING ALL)`.execute(db);
  await sql`INSERT INTO ${copy} SELECT * FROM ${sql.table(table)}`.execute(db);
  await sql`DROP TABLE ${sql.table(table)}`.execute(db);
  await sql`ALTER TABLE ${copy} RENAME TO ${sql.table(table)}`.execute(db);
  await sql`ALTER TABLE ${sql.table(table)} ADD FOREIGN KEY (device_id) REFERENCES devices (id) ON DELETE CASCADE`.execute(
    db,
  );
  await sql`ALTER TABLE ${sql.table(table)} ADD FOREIGN KEY (asset_id) REFERENCES assets (id) ON DELETE SET NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE organisation_settings DROP COLUMN raw_retention_days`.execute(db);
  await unpartitioned(db, 'datapoints');
  await unpartitioned(db, 'raw_records');
  await sql`DROP FUNCTION fleet_month_partition(text, date)`.execute(db);
}
