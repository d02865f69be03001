import { sql } from 'kysely';
import type { Synchronised } from '@fleet/contract';

/** The columns a record's synchronisation marks are read from (see syncMarkColumns). */
export interface SyncMarkRow {
  external_id: string | null;
  deactivated_at: Date | null;
  /** The address of the record's organisation's synchronisation, if it has one. */
  sync_server: string | null;
}

/**
 * A record's marks as the contract answers them. A copy is read-only while it is active
 * (SyncedRecords.assertLocal decides the same); a deactivated copy is local again, so it is
 * not `synchronised`, only deactivated.
 */
export function toSyncMarks(row: SyncMarkRow): {
  synchronised: Synchronised;
  deactivatedAt: string | null;
} {
  return {
    synchronised:
      row.external_id !== null && row.deactivated_at === null
        ? { externalId: row.external_id, remote: row.sync_server }
        : null,
    deactivatedAt: row.deactivated_at?.toISOString() ?? null,
  };
}

/** The marks of a record just made here. */
export const LOCAL = { synchronised: null, deactivatedAt: null } as const;

/**
 * The SQL columns of SyncMarkRow for the record aliased `alias` whose organisation is in
 * `organisation` (an asset's for a link). One indexed lookup of sync_configurations per row.
 */
export const syncMarkColumns = (alias: string, organisation = `${alias}.organisation_id`) =>
  sql`${sql.ref(`${alias}.external_id`)} AS external_id,
    ${sql.ref(`${alias}.deactivated_at`)} AS deactivated_at,
    (SELECT c.server FROM sync_configurations c
      WHERE c.organisation_id = ${sql.ref(organisation)}) AS sync_server`;
