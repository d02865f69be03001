import { sql } from 'kysely';
import type { Db } from '../db/database.js';

export interface QueueDepth {
  name: string;
  /** jobs waiting to run (created, or failed and waiting for their retry's backoff) */
  waiting: number;
  /** seconds the oldest waiting job has been due (0 when none is due) */
  oldestWaitingSeconds: number;
}

export class JobsRepository {
  constructor(private readonly db: Db) {}

  /** Read straight from pg-boss's job table (its schema is installed at start). */
  async depths(names: string[]): Promise<QueueDepth[]> {
    const { rows } = await sql<{ name: string; waiting: number; oldest: number | null }>`
      SELECT q.name,
             count(j.id)::int AS waiting,
             extract(epoch FROM now() - min(j.start_after) FILTER (WHERE j.start_after <= now()))::float8
               AS oldest
        FROM unnest(${names}::text[]) AS q(name)
        LEFT JOIN pgboss.job j ON j.name = q.name AND j.state IN ('created', 'retry')
       GROUP BY q.name
       ORDER BY q.name`.execute(this.db);
    return rows.map((r) => ({
      name: r.name,
      waiting: r.waiting,
      oldestWaitingSeconds: Math.max(0, Math.floor(r.oldest ?? 0)),
    }));
  }

  /** A job of `name` is due or running. */
  async busy(name: string): Promise<boolean> {
    const { rows } = await sql<{ busy: boolean }>`
      SELECT EXISTS (
        SELECT FROM pgboss.job
         WHERE name = ${name}
           AND (state = 'active' OR (state IN ('created', 'retry') AND start_after <= now()))
      ) AS busy`.execute(this.db);
    return rows[0]!.busy;
  }
}
