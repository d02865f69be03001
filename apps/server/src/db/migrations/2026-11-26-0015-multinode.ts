import { sql, type Kysely } from 'kysely';

/**
 * Issue 18 §6, several server processes on one database: what one process kept in its memory
 * and the others must see moves here.
 * - upload_reservations: each user's media uploads of the last hour (the per-minute starts and
 *   the per-hour bytes of MEDIA_UPLOADS_PER_MINUTE and MEDIA_UPLOAD_BYTES_PER_HOUR), so the
 *   limits hold for the user across processes (media/upload-ledger.repository.ts). A row is
 *   one upload started; bytes and received_at once its file was read.
 * - janus_sessions: who made each Janus session through the /janus proxy, so a viewer's next
 *   call may reach any process (video-gateway/janus-sessions.repository.ts).
 * - user_writes: the primary's WAL position after each user's last write, so with a read
 *   replica (DATABASE_REPLICA_URL) that user reads the replica only once it has replayed it
 *   (db/replica-reads.ts): read-your-writes from any process.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE upload_reservations (
      id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      user_id     integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      started_at  timestamptz NOT NULL DEFAULT now(),
      received_at timestamptz,
      bytes       bigint
    )`.execute(db);
  await sql`
    CREATE INDEX upload_reservations_user_idx ON upload_reservations (user_id, started_at)`.execute(
    db,
  );
  await sql`
    CREATE TABLE janus_sessions (
      session text PRIMARY KEY,
      owner   text NOT NULL,
      seen_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX janus_sessions_owner_idx ON janus_sessions (owner, seen_at)`.execute(db);
  await sql`
    CREATE TABLE user_writes (
      user_id    integer PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      lsn        pg_lsn NOT NULL,
      written_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE user_writes`.execute(db);
  await sql`DROP TABLE janus_sessions`.execute(db);
  await sql`DROP TABLE upload_reservations`.execute(db);
}
