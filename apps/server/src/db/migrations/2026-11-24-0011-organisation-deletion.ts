import { sql, type Kysely } from 'kysely';

/**
 * Indexes for deleting an organisation with its fleet (issue 11): deleting a row makes
 * PostgreSQL look up the rows that refer to it (ON DELETE CASCADE / SET NULL), once per row.
 * Without an index on the referring column, each lookup reads the whole table: a year of
 * 1000 trucks deletes about a million trips, each looking up asset_state.last_trip_id, and
 * each of 1000 devices its commands, media, requests and monitorings.
 */
const INDEXES = [
  ['asset_state_last_trip_idx', 'asset_state', 'last_trip_id'],
  ['device_commands_device_idx', 'device_commands', 'device_id'],
  ['media_device_idx', 'media', 'device_id'],
  ['media_requests_device_idx', 'media_requests', 'device_id'],
  ['media_requests_command_idx', 'media_requests', 'command_id'],
  ['asset_monitoring_requests_device_idx', 'asset_monitoring_requests', 'device_id'],
  ['asset_monitorings_device_idx', 'asset_monitorings', 'device_id'],
  ['media_request_cameras_media_idx', 'media_request_cameras', 'media_id'],
  ['monitoring_recordings_media_idx', 'monitoring_recordings', 'media_id'],
  ['refresh_tokens_user_idx', 'refresh_tokens', 'user_id'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, column] of INDEXES) {
    await sql`CREATE INDEX ${sql.raw(name)} ON ${sql.table(table)} (${sql.ref(column)})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [name] of [...INDEXES].reverse()) await sql`DROP INDEX ${sql.raw(name)}`.execute(db);
}
