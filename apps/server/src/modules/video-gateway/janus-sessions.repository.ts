import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** A session nobody used for this long is forgotten (Janus drops it after 60 s idle). */
const IDLE = '5 minutes';
/** Janus sessions one caller may hold at once (the view opens one per page). */
export const MAX_SESSIONS_PER_CALLER = 16;

/**
 * Who made each Janus session through the proxy: a session (and so its handles) answers only
 * to the caller that created it. In PostgreSQL (janus_sessions), so a viewer's next call may
 * reach any of the server processes in front of one Janus (issue 18 §6).
 */
export class JanusSessionsRepository {
  constructor(private readonly db: Db) {}

  /** Whether `owner` may make one more session (sessions idle too long are forgotten first). */
  async mayCreate(owner: string): Promise<boolean> {
    await sql`DELETE FROM janus_sessions WHERE seen_at < now() - ${IDLE}::interval`.execute(
      this.db,
    );
    const { rows } = await sql<{ held: number }>`
      SELECT count(*)::int AS held FROM janus_sessions WHERE owner = ${owner}`.execute(this.db);
    return rows[0]!.held < MAX_SESSIONS_PER_CALLER;
  }

  async created(session: string, owner: string): Promise<void> {
    await sql`
      INSERT INTO janus_sessions (session, owner) VALUES (${session}, ${owner})
      ON CONFLICT (session) DO UPDATE SET owner = excluded.owner, seen_at = now()`.execute(this.db);
  }

  /** Whether the session was made by `owner` (and is still known); marks it used. */
  async owns(session: string, owner: string): Promise<boolean> {
    const { rows } = await sql`
      UPDATE janus_sessions SET seen_at = now()
      WHERE session = ${session} AND owner = ${owner}
        AND seen_at >= now() - ${IDLE}::interval
      RETURNING session`.execute(this.db);
    return rows.length === 1;
  }

  async destroyed(session: string): Promise<void> {
    await sql`DELETE FROM janus_sessions WHERE session = ${session}`.execute(this.db);
  }
}
