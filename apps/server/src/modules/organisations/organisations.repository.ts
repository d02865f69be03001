import { sql } from 'kysely';
import type { Organisation } from '@fleet/contract';
import type { Db } from '../../db/database.js';

const toOrganisation = (row: {
  id: number;
  name: string;
  parent_id: number | null;
}): Organisation => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id,
});

export class OrganisationRepository {
  constructor(private readonly db: Db) {}

  async find(id: number): Promise<Organisation | undefined> {
    const row = await this.db
      .selectFrom('organisations')
      .select(['id', 'name', 'parent_id'])
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toOrganisation(row);
  }

  /** The organisation and all its descendants, depth first, siblings by name. */
  async subtree(rootId: number): Promise<Organisation[]> {
    const { rows } = await sql<{ id: number; name: string; parent_id: number | null }>`
      WITH RECURSIVE subtree AS (
        SELECT id, name, parent_id, ARRAY[lower(name)] AS path
        FROM organisations WHERE id = ${rootId}
        UNION ALL
        SELECT o.id, o.name, o.parent_id, s.path || lower(o.name)
        FROM organisations o JOIN subtree s ON o.parent_id = s.id
      )
      SELECT id, name, parent_id FROM subtree ORDER BY path`.execute(this.db);
    return rows.map(toOrganisation);
  }

  /** Whether `id` is `ancestorId` or lies below it. */
  async isWithin(id: number, ancestorId: number): Promise<boolean> {
    const { rows } = await sql<{ within: boolean }>`
      WITH RECURSIVE ancestors AS (
        SELECT id, parent_id FROM organisations WHERE id = ${id}
        UNION ALL
        SELECT o.id, o.parent_id FROM organisations o JOIN ancestors a ON o.id = a.parent_id
      )
      SELECT EXISTS (SELECT 1 FROM ancestors WHERE id = ${ancestorId}) AS within`.execute(this.db);
    return rows[0]?.within ?? false;
  }

  /** Inserts, or answers undefined when the name is taken (case-insensitively). */
  async create(name: string, parentId: number): Promise<Organisation | undefined> {
    const row = await this.db
      .insertInto('organisations')
      .values({ name, parent_id: parentId })
      .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
      .returning(['id', 'name', 'parent_id'])
      .executeTakeFirst();
    return row && toOrganisation(row);
  }
}
