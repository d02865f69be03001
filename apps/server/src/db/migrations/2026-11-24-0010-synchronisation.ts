import { sql, type Kysely } from 'kysely';

/** The master-data tables the sync base mirrors and exports, with the columns that change them. */
const SYNCED = [
  { table: 'assets', fields: ['name', 'licence_plate'] },
  { table: 'drivers', fields: ['first_name', 'last_name', 'phone'] },
  { table: 'devices', fields: ['name', 'identifier'] },
  { table: 'device_links', fields: ['asset_id', 'device_id', '"from"', 'until'] },
  { table: 'driver_links', fields: ['asset_id', 'driver_id', '"from"', 'until'] },
] as const;

/**
 * Synchronisation (issue 11 §3, docs/synchronisation.md).
 *
 * Mirror side: a record copied from a remote system carries the remote organisation and its
 * id there (external_organisation_id, external_id); a record the remote no longer lists is
 * kept with deactivated_at set. Local records have neither, and the mirror never touches them.
 *
 * Export side: change_stamp is the id of the transaction that last changed a record's
 * exported fields (xid8, never wraps). A listing answers the oldest transaction still open
 * when it read (pg_snapshot_xmin); asked again with that as `since`, every change committed
 * after the first listing has a stamp at or above it, however long its transaction ran.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION sync_change_stamp() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.change_stamp := pg_current_xact_id();
      RETURN NEW;
    END $$`.execute(db);

  for (const { table, fields } of SYNCED) {
    const t = sql.table(table);
    // A constant default first (no table rewrite), then the real one for new rows.
    await sql`
      ALTER TABLE ${t}
        ADD COLUMN external_organisation_id text,
        ADD COLUMN external_id text,
        ADD COLUMN deactivated_at timestamptz,
        ADD COLUMN change_stamp xid8 NOT NULL DEFAULT '1',
        ADD CONSTRAINT ${sql.raw(`${table}_external_check`)}
          CHECK ((external_id IS NULL) = (external_organisation_id IS NULL))`.execute(db);
    await sql`ALTER TABLE ${t} ALTER COLUMN change_stamp SET DEFAULT pg_current_xact_id()`.execute(
      db,
    );
    // Only the exported fields move the stamp: a device's last_seen_at changes every minute.
    await sql`
      CREATE TRIGGER ${sql.raw(`${table}_change_stamp`)}
        BEFORE UPDATE OF ${sql.raw([...fields, 'deactivated_at'].join(', '))} ON ${t}
        FOR EACH ROW EXECUTE FUNCTION sync_change_stamp()`.execute(db);
  }
  // Within a local organisation a remote record has one local copy.
  for (const table of ['assets', 'drivers', 'devices']) {
    await sql`
      CREATE UNIQUE INDEX ${sql.raw(`${table}_external_key`)}
        ON ${sql.table(table)} (organisation_id, external_organisation_id, external_id)
        WHERE external_id IS NOT NULL`.execute(db);
  }
  for (const table of ['device_links', 'driver_links']) {
    await sql`
      CREATE INDEX ${sql.raw(`${table}_external_idx`)}
        ON ${sql.table(table)} (external_organisation_id, external_id)
        WHERE external_id IS NOT NULL`.execute(db);
  }

  await sql`
    CREATE TABLE sync_configurations (
      id                integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id   integer NOT NULL UNIQUE REFERENCES organisations (id) ON DELETE CASCADE,
      server            text NOT NULL,
      -- AES-256-GCM, see modules/sync/key-crypto.ts; null: no key set
      api_key_encrypted text,
      external_ids      text[] NOT NULL DEFAULT '{}',
      selection         jsonb NOT NULL,
      interval_minutes  integer NOT NULL CHECK (interval_minutes BETWEEN 5 AND 10080),
      enabled           boolean NOT NULL DEFAULT true,
      -- the next scheduled run or retry; null while disabled
      next_run_at       timestamptz,
      -- failed runs in a row (retries count up to SYNC_MAX_RETRIES)
      failures          integer NOT NULL DEFAULT 0,
      -- the remote's listing stamp per 'remoteOrganisation/KIND' of the last run in step
      stamps            jsonb NOT NULL DEFAULT '{}',
      created_at        timestamptz NOT NULL DEFAULT now(),
      updated_at        timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX sync_configurations_due_idx ON sync_configurations (next_run_at) WHERE enabled`.execute(
    db,
  );

  await sql`
    CREATE TABLE sync_results (
      id               integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      configuration_id integer NOT NULL REFERENCES sync_configurations (id) ON DELETE CASCADE,
      organisation_id  integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      trigger          text NOT NULL CHECK (trigger IN ('SCHEDULED', 'MANUAL', 'RETRY')),
      status           text NOT NULL
                         CHECK (status IN ('QUEUED', 'RUNNING', 'SUCCESS', 'PARTIAL', 'FAILED')),
      queued_at        timestamptz NOT NULL DEFAULT now(),
      started_at       timestamptz,
      ended_at         timestamptz,
      -- {KIND: {created, updated, unchanged, deactivated}}
      counts           jsonb NOT NULL DEFAULT '{}',
      errors           jsonb NOT NULL DEFAULT '[]',
      error_count      integer NOT NULL DEFAULT 0,
      reason           text,
      progress         jsonb,
      attempt          integer NOT NULL DEFAULT 1,
      next_retry_at    timestamptz,
      incremental      boolean NOT NULL DEFAULT false,
      -- host:pid of the server process that ran it
      runner           text
    )`.execute(db);
  // One run at a time per organisation, whatever the number of servers: the database says so.
  await sql`
    CREATE UNIQUE INDEX sync_results_active_key ON sync_results (configuration_id)
      WHERE status IN ('QUEUED', 'RUNNING')`.execute(db);
  await sql`CREATE INDEX sync_results_organisation_idx ON sync_results (organisation_id, queued_at DESC, id DESC)`.execute(
    db,
  );
  await sql`CREATE INDEX sync_results_queued_idx ON sync_results (queued_at)`.execute(db);

  await sql`
    CREATE TABLE sync_api_keys (
      id              integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      organisation_id integer NOT NULL REFERENCES organisations (id) ON DELETE CASCADE,
      name            text NOT NULL CHECK (btrim(name) <> ''),
      -- sha-256 (hex) of the whole key; the key is shown once
      key_hash        text NOT NULL,
      prefix          text NOT NULL,
      created_by_name text,
      created_at      timestamptz NOT NULL DEFAULT now(),
      last_used_at    timestamptz,
      revoked_at      timestamptz
    )`.execute(db);
  await sql`CREATE INDEX sync_api_keys_organisation_idx ON sync_api_keys (organisation_id)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sync_api_keys`.execute(db);
  await sql`DROP TABLE sync_results`.execute(db);
  await sql`DROP TABLE sync_configurations`.execute(db);
  for (const { table } of SYNCED) {
    await sql`DROP TRIGGER ${sql.raw(`${table}_change_stamp`)} ON ${sql.table(table)}`.execute(db);
    await sql`
      ALTER TABLE ${sql.table(table)}
        DROP COLUMN external_organisation_id,
        DROP COLUMN external_id,
        DROP COLUMN deactivated_at,
        DROP COLUMN change_stamp`.execute(db);
  }
  await sql`DROP FUNCTION sync_change_stamp()`.execute(db);
}
