import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'kysely';
import type { Db } from './database.js';

/**
 * Reads from a PostgreSQL streaming replica (DATABASE_REPLICA_URL, issue 18 §6), with
 * read-your-writes: a user's successful write records the primary's WAL position
 * (user_writes, migration 0015-multinode); that user's reads go to the replica only once it
 * has replayed that far, and to the primary until then. The record is in the database, so it
 * holds whichever process served the write and whichever serves the read. Readers with no
 * user (a monitoring token, a device) and a replica that does not answer read the primary.
 */
export class ReplicaReads {
  private warned = false;

  constructor(
    private readonly primary: Db,
    readonly replica: Db,
    private readonly log: { warn(o: object, m: string): void },
  ) {}

  /** The user changed something: their reads wait for the replica to have it. */
  async wrote(userId: number): Promise<void> {
    await sql`
      INSERT INTO user_writes (user_id, lsn) VALUES (${userId}, pg_current_wal_lsn())
      ON CONFLICT (user_id) DO UPDATE SET lsn = excluded.lsn, written_at = now()`.execute(
      this.primary,
    );
  }

  /** Where the user's next read goes: the replica when it has the user's last write. */
  async dbFor(userId: number | undefined): Promise<Db> {
    if (userId === undefined) return this.primary;
    try {
      const written = await sql<{ lsn: string }>`
        SELECT lsn::text AS lsn FROM user_writes WHERE user_id = ${userId}`.execute(this.primary);
      const lsn = written.rows[0]?.lsn ?? '0/0';
      const { rows } = await sql<{ fresh: boolean | null }>`
        SELECT pg_last_wal_replay_lsn() >= ${lsn}::pg_lsn AS fresh`.execute(this.replica);
      this.warned = false;
      return rows[0]?.fresh ? this.replica : this.primary;
    } catch (error) {
      if (!this.warned)
        this.log.warn({ err: error }, 'replica: not answering; reading the primary');
      this.warned = true;
      return this.primary;
    }
  }
}

/** POSTs that only read (a report's period and filters are its body): no write to wait for. */
const READING_POSTS = [/^\/api\/organisations\/\d+\/reports\//];

/** Whether a request of this method and URL may have written something. */
export const mayWrite = (method: string, url: string) =>
  !['GET', 'HEAD', 'OPTIONS'].includes(method) &&
  !(method === 'POST' && READING_POSTS.some((p) => p.test(url.split('?')[0]!)));

/** The request being served, so the expensive reads know whose they are (app.ts sets it). */
const current = new AsyncLocalStorage<{ userId(): number | undefined }>();

/** Runs `next` (the rest of a request's hooks and its handler) knowing who the reader is. */
export const withReader = (userId: () => number | undefined, next: () => void) =>
  current.run({ userId }, next);

/** The signed-in user whose request is being served, if any. */
export const currentReader = (): number | undefined => current.getStore()?.userId();
