import { sql } from 'kysely';
import type { SyncApiKey } from '@fleet/contract';
import type { Db } from '../../db/database.js';

interface KeyRow {
  id: number;
  organisation_id: number;
  name: string;
  prefix: string;
  created_at: Date;
  created_by_name: string | null;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = sql`id, organisation_id, name, prefix, created_at, created_by_name, last_used_at,
  revoked_at`;

const toKey = (row: KeyRow): SyncApiKey => ({
  id: row.id,
  organisationId: row.organisation_id,
  name: row.name,
  prefix: row.prefix,
  createdAt: row.created_at.toISOString(),
  createdBy: row.created_by_name,
  lastUsedAt: row.last_used_at?.toISOString() ?? null,
  revokedAt: row.revoked_at?.toISOString() ?? null,
});

/** sync_api_keys: the keys an OEM issued for the export side, by organisation. */
export class ApiKeyRepository {
  constructor(private readonly db: Db) {}

  async nextId(): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      SELECT nextval(pg_get_serial_sequence('sync_api_keys', 'id'))::integer AS id`.execute(
      this.db,
    );
    return rows[0]!.id;
  }

  async create(key: {
    id: number;
    organisationId: number;
    name: string;
    hash: string;
    prefix: string;
    createdByName: string | null;
  }): Promise<SyncApiKey> {
    const { rows } = await sql<KeyRow>`
      INSERT INTO sync_api_keys (id, organisation_id, name, key_hash, prefix, created_by_name)
      OVERRIDING SYSTEM VALUE
      VALUES (${key.id}, ${key.organisationId}, ${key.name}, ${key.hash}, ${key.prefix},
              ${key.createdByName})
      RETURNING ${COLUMNS}`.execute(this.db);
    return toKey(rows[0]!);
  }

  async find(id: number): Promise<SyncApiKey | undefined> {
    const { rows } = await sql<KeyRow>`
      SELECT ${COLUMNS} FROM sync_api_keys WHERE id = ${id}`.execute(this.db);
    return rows[0] && toKey(rows[0]);
  }

  /** Newest first, revoked ones too. */
  async list(organisationId: number): Promise<SyncApiKey[]> {
    const { rows } = await sql<KeyRow>`
      SELECT ${COLUMNS} FROM sync_api_keys WHERE organisation_id = ${organisationId}
      ORDER BY created_at DESC, id DESC`.execute(this.db);
    return rows.map(toKey);
  }

  async revoke(id: number): Promise<SyncApiKey | undefined> {
    const { rows } = await sql<KeyRow>`
      UPDATE sync_api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = ${id}
      RETURNING ${COLUMNS}`.execute(this.db);
    return rows[0] && toKey(rows[0]);
  }

  /** What a presented key is checked against: its hash and whether it still works. */
  async credential(
    id: number,
  ): Promise<{ organisationId: number; hash: string; revoked: boolean } | undefined> {
    const { rows } = await sql<{ organisation_id: number; key_hash: string; revoked: boolean }>`
      SELECT organisation_id, key_hash, revoked_at IS NOT NULL AS revoked
      FROM sync_api_keys WHERE id = ${id}`.execute(this.db);
    const row = rows[0];
    return row && { organisationId: row.organisation_id, hash: row.key_hash, revoked: row.revoked };
  }

  /** At most one write a minute per key, however often it is used. */
  async touch(id: number): Promise<void> {
    await sql`
      UPDATE sync_api_keys SET last_used_at = now()
      WHERE id = ${id} AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`.execute(
      this.db,
    );
  }
}
