import { sql, type Kysely } from 'kysely';

/**
 * Indexes of the management lists (issue 10): a page of 10 out of 10,000
 * sorted by name reads 10 index entries, a search reads what its trigrams
 * select, and a device's latest settings command is one index probe.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Trusted since PostgreSQL 13: the database owner may create it.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  // Pages by name within an organisation.
  await sql`CREATE INDEX assets_organisation_name_idx ON assets (organisation_id, lower(name), id)`.execute(
    db,
  );
  await sql`CREATE INDEX devices_organisation_name_idx ON devices (organisation_id, lower(name), id)`.execute(
    db,
  );
  await sql`
    CREATE INDEX drivers_organisation_name_idx
      ON drivers (organisation_id, lower(first_name), lower(last_name), id)`.execute(db);
  await sql`CREATE INDEX users_organisation_name_idx ON users (organisation_id, lower(name), id)`.execute(
    db,
  );

  // search=…: case-insensitive 'contains', served by trigrams (LIKE '%x%' on lower(…)).
  for (const [name, table, expression] of [
    ['assets_name_trgm', 'assets', 'lower(name)'],
    ['assets_licence_plate_trgm', 'assets', 'lower(licence_plate)'],
    ['devices_name_trgm', 'devices', 'lower(name)'],
    ['devices_identifier_trgm', 'devices', 'lower(identifier)'],
    ['drivers_name_trgm', 'drivers', "lower(first_name || ' ' || last_name)"],
  ] as const) {
    await sql`CREATE INDEX ${sql.raw(name)} ON ${sql.table(table)} USING gin ((${sql.raw(expression)}) gin_trgm_ops)`.execute(
      db,
    );
  }

  // The latest settings sent to a device (its applied state).
  await sql`
    CREATE INDEX device_commands_configuration_idx ON device_commands (device_id, id DESC)
      WHERE kind = 'CONFIGURATION'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'device_commands_configuration_idx',
    'drivers_name_trgm',
    'devices_identifier_trgm',
    'devices_name_trgm',
    'assets_licence_plate_trgm',
    'assets_name_trgm',
    'users_organisation_name_idx',
    'drivers_organisation_name_idx',
    'devices_organisation_name_idx',
    'assets_organisation_name_idx',
  ]) {
    await sql`DROP INDEX ${sql.raw(index)}`.execute(db);
  }
}
