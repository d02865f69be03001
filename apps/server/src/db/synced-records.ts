import { sql } from 'kysely';
import type { Db } from './database.js';
import { conflict } from '../lib/http-error.js';

export type SyncedKind = 'asset' | 'driver' | 'device' | 'device link' | 'driver link';

const SOURCES: Record<SyncedKind, ReturnType<typeof sql>> = {
  asset: sql`assets t`,
  driver: sql`drivers t`,
  device: sql`devices t`,
  'device link': sql`device_links l JOIN assets t ON t.id = l.asset_id`,
  'driver link': sql`driver_links l JOIN assets t ON t.id = l.asset_id`,
};

/**
 * Records the mirror keeps in step with a remote system are read-only here: a change would be
 * overwritten by the next run, a deletion undone. Asked by the services that change assets,
 * drivers, devices and links; a 409 says where to change it.
 */
export class SyncedRecords {
  constructor(private readonly db: Db) {}

  async assertLocal(kind: SyncedKind, id: number): Promise<void> {
    const row = kind.endsWith('link') ? sql`l` : sql`t`;
    const { rows } = await sql<{ external_id: string; server: string | null }>`
      SELECT ${row}.external_id,
             (SELECT c.server FROM sync_configurations c WHERE c.organisation_id = t.organisation_id) AS server
      FROM ${SOURCES[kind]}
      WHERE ${row}.id = ${id} AND ${row}.external_id IS NOT NULL AND ${row}.deactivated_at IS NULL`.execute(
      this.db,
    );
    const synced = rows[0];
    if (!synced) return;
    const Kind = kind[0]!.toUpperCase() + kind.slice(1);
    throw conflict(
      `${Kind} ${id} is synchronised from ${synced.server ?? 'a remote system'} (its id there: ${synced.external_id}); change it there, the next synchronisation brings the change here`,
    );
  }
}
