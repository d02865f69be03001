import { sql, type Kysely } from 'kysely';

/**
 * A device's event sends a picture and a clip of the same camera and moment: both are kept.
 * A medium is the same one sent again only when its type matches too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX media_device_once`.execute(db);
  await sql`
    CREATE UNIQUE INDEX media_device_once
      ON media (device_id, "timestamp", camera, transfer_reason, mime_type)
      WHERE uploaded_by IS NULL`.execute(db);
}
