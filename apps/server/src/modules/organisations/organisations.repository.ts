import { sql, type Kysely } from 'kysely';
import { treeLock } from '../../db/tree-lock.js';
import type { Organisation, OrganisationListItem, OrganisationListQuery } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { listPage, type ListSpec, type Page } from '../../db/list-page.js';
import { isPostgresError, UNIQUE_VIOLATION } from '../../lib/postgres-errors.js';

const toOrganisation = (row: {
  id: number;
  name: string;
  parent_id: number | null;
}): Organisation => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id,
});

interface OrganisationListRow {
  id: number;
  name: string;
  parent_id: number | null;
  parent_name: string | null;
  depth: number;
  users: number;
  assets: number;
  devices: number;
}

const counted = (table: string) =>
  sql`(SELECT count(*) FROM ${sql.table(table)} x WHERE x.organisation_id = o.id)::integer`;

/**
 * The OEM organisation overview: the organisation and every one below it, each with its parent
 * and its own users, assets and devices. The tree is walked once per page (organisations are
 * few); the counts are index lookups (organisation_id leads an index of each table). Without a
 * sort, the tree's order: each organisation followed by its children, by name.
 */
const listSpec = (rootId: number): ListSpec<string, string> => {
  const tree = sql`(
    WITH RECURSIVE tree AS (
      SELECT id, name, parent_id, 0 AS depth, ARRAY[lower(name)] AS path
      FROM organisations WHERE id = ${rootId}
      UNION ALL
      SELECT c.id, c.name, c.parent_id, t.depth + 1, t.path || lower(c.name)
      FROM organisations c JOIN tree t ON c.parent_id = t.id
    )
    SELECT * FROM tree) o`;
  return {
    columns: sql`o.id, o.name, o.parent_id, p.name AS parent_name, o.depth,
      ${counted('users')} AS users, ${counted('assets')} AS assets, ${counted('devices')} AS devices`,
    base: tree,
    from: sql`${tree} LEFT JOIN organisations p ON p.id = o.parent_id`,
    where: sql`TRUE`,
    search: (pattern) => sql`lower(o.name) LIKE ${pattern}`,
    filters: {},
    sorts: {
      tree: { base: true, expression: sql`o.path` },
      name: { base: true, expression: sql`lower(o.name)` },
      parent: { expression: sql`lower(p.name)`, nullable: true },
      users: { expression: counted('users') },
      assets: { expression: counted('assets') },
      devices: { expression: counted('devices') },
    },
    defaultSort: 'tree',
    id: sql`o.id`,
  };
};

const toListItem = (row: OrganisationListRow): OrganisationListItem => ({
  id: row.id,
  name: row.name,
  parentId: row.parent_id,
  parentName: row.parent_name,
  depth: row.depth,
  users: row.users,
  assets: row.assets,
  devices: row.devices,
});

/** What an update found: the organisation as it is now, or why it was not changed. */
export type UpdateResult =
  { updated: Organisation } | { refused: 'missing' | 'name-taken' | 'below-itself' };

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

  /** The overview page of the organisation's subtree: search, sort and page. */
  async list(rootId: number, query: OrganisationListQuery): Promise<Page<OrganisationListItem>> {
    const page = await listPage<OrganisationListRow, string, string>(
      this.db,
      listSpec(rootId),
      query,
    );
    return { rows: page.rows.map(toListItem), total: page.total };
  }

  /** Whether `id` is `ancestorId` or lies below it. */
  async isWithin(id: number, ancestorId: number, db: Kysely<Database> = this.db): Promise<boolean> {
    const { rows } = await sql<{ within: boolean }>`
      WITH RECURSIVE ancestors AS (
        SELECT id, parent_id FROM organisations WHERE id = ${id}
        UNION ALL
        SELECT o.id, o.parent_id FROM organisations o JOIN ancestors a ON o.id = a.parent_id
      )
      SELECT EXISTS (SELECT 1 FROM ancestors WHERE id = ${ancestorId}) AS within`.execute(db);
    return rows[0]?.within ?? false;
  }

  /** Inserts, or answers undefined when the name is taken (its normalised form, regardless of case). */
  async create(name: string, parentId: number): Promise<Organisation | undefined> {
    const row = await this.db
      .insertInto('organisations')
      .values({ name, parent_id: parentId })
      .onConflict((oc) => oc.expression(sql`name_key(name)`).doNothing())
      .returning(['id', 'name', 'parent_id'])
      .executeTakeFirst();
    return row && toOrganisation(row);
  }

  /**
   * Renames and/or moves an organisation in one transaction. A move takes the tree lock (see
   * treeLock), so two moves at once cannot together make a cycle, and refuses a parent that
   * is the organisation itself or lies below it.
   */
  async update(id: number, change: { name?: string; parentId?: number }): Promise<UpdateResult> {
    try {
      return await this.db.transaction().execute(async (trx): Promise<UpdateResult> => {
        if (change.parentId !== undefined) {
          await treeLock.execute(trx);
          if (await this.isWithin(change.parentId, id, trx)) return { refused: 'below-itself' };
        }
        const row = await trx
          .updateTable('organisations')
          .set({ name: change.name, parent_id: change.parentId })
          .where('id', '=', id)
          .returning(['id', 'name', 'parent_id'])
          .executeTakeFirst();
        return row ? { updated: toOrganisation(row) } : { refused: 'missing' };
      });
    } catch (error) {
      // Rolled back: the name is another organisation's (in any tree, look-alikes included).
      if (isPostgresError(error, UNIQUE_VIOLATION, 'organisations_name_key'))
        return { refused: 'name-taken' };
      throw error;
    }
  }
}
