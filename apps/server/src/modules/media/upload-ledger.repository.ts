import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { RecentUploads, UploadRefusal } from './upload-limits.js';

/**
 * Each user's media uploads of the last hour, in PostgreSQL (upload_reservations), so the upload
 * limits hold for a user whichever process serves each upload. A reservation is taken under a
 * transaction-scoped advisory lock on the user: two uploads started at once on two processes
 * are counted one after the other.
 */
export class UploadLedgerRepository {
  constructor(private readonly db: Db) {}

  /**
   * Reads the user's uploads of the last hour, asks `refuse` about them, and unless refused
   * records a new start: its id, for `received`. The time is the database's.
   */
  async reserve(
    userId: number,
    refuse: (recent: RecentUploads, now: number) => UploadRefusal | undefined,
  ): Promise<{ refused: UploadRefusal } | { reservation: string }> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`fleetwise:uploads:${userId}`}))`.execute(
        trx,
      );
      await sql`
        DELETE FROM upload_reservations
        WHERE user_id = ${userId}
          AND coalesce(received_at, started_at) < now() - interval '1 hour'`.execute(trx);
      const clock = await sql<{ now: Date }>`SELECT now() AS now`.execute(trx);
      const { rows } = await sql<{
        started_at: Date;
        received_at: Date | null;
        bytes: string | null;
      }>`
        SELECT started_at, received_at, bytes FROM upload_reservations
        WHERE user_id = ${userId}`.execute(trx);
      const now = clock.rows[0]!.now.getTime();
      const refused = refuse(
        {
          starts: rows.map((r) => r.started_at.getTime()),
          received: rows
            .filter((r) => r.received_at && r.bytes !== null)
            .map((r) => ({ at: r.received_at!.getTime(), bytes: Number(r.bytes) })),
        },
        now,
      );
      if (refused) return { refused };
      const inserted = await sql<{ id: string }>`
        INSERT INTO upload_reservations (user_id) VALUES (${userId}) RETURNING id`.execute(trx);
      return { reservation: inserted.rows[0]!.id };
    });
  }

  /** The bytes the reserved upload took (counted whether or not it was kept). */
  async received(reservation: string, bytes: number): Promise<void> {
    await sql`
      UPDATE upload_reservations SET bytes = ${bytes}, received_at = now()
      WHERE id = ${reservation}`.execute(this.db);
  }
}
