import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** Announces on `fleet_events` that these assets changed (one transaction, one NOTIFY each). */
export async function announceAssets(db: Db, assetIds: number[]): Promise<void> {
  await sql`SELECT fleet_event('asset', a) FROM unnest(${assetIds}::integer[]) a`.execute(db);
}
