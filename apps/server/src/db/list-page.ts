import { sql, type RawBuilder } from 'kysely';
import type { ListParams } from '@fleet/contract';
import type { Page } from '../lib/page.js';
import type { Db } from './database.js';

export type { Page };

type Fragment = RawBuilder<unknown>;

/** One sortable column: its expression, and whether it may be null (nulls go last either way). */
export interface SortColumn {
  /** One expression, or several (each sorted the same way). */
  expression: Fragment | Fragment[];
  /** Only of the base table: the page can be picked from it alone, before the joins. */
  base?: boolean;
  nullable?: boolean;
}

/**
 * A list query in parts, so the page and its count share FROM and WHERE.
 * `search` builds the condition for a lowercased LIKE pattern ('%text%'); it
 * reads only the base table, as `where` does (filters may read the joins).
 */
export interface ListSpec<S extends string, F extends string> {
  columns: Fragment;
  /** The main table with its alias, e.g. assets a; `from` joins the rest to it. */
  base: Fragment;
  from: Fragment;
  where: Fragment;
  search: (pattern: string) => Fragment;
  filters: Record<F, Fragment>;
  sorts: Record<S, SortColumn>;
  defaultSort: S;
  /** The tie-breaker, so pages never overlap: the record's id. */
  id: Fragment;
}

/** A LIKE pattern that finds `text` anywhere, its wildcards taken literally; undefined for blank text. */
export function containsPattern(text: string | undefined): string | undefined {
  const trimmed = text?.trim().toLowerCase();
  if (!trimmed) return undefined;
  return `%${trimmed.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Runs a list: without `limit` every matching row, otherwise one page from
 * `offset`; with the count of every matching row.
 */
export async function listPage<T, S extends string, F extends string>(
  db: Db,
  spec: ListSpec<S, F>,
  params: ListParams<S, F>,
): Promise<Page<T>> {
  const conditions = [spec.where];
  const pattern = containsPattern(params.search);
  if (pattern !== undefined) conditions.push(sql`(${spec.search(pattern)})`);
  if (params.filter !== undefined) conditions.push(sql`(${spec.filters[params.filter]})`);
  const where = sql.join(conditions, sql` AND `);

  const column = spec.sorts[params.sort ?? spec.defaultSort];
  const direction = sql.raw(params.order === 'desc' ? 'DESC' : 'ASC');
  const nulls = sql.raw(column.nullable ? ' NULLS LAST' : '');
  const expressions = Array.isArray(column.expression) ? column.expression : [column.expression];
  const orderBy = sql.join([
    ...expressions.map((e) => sql`${e} ${direction}${nulls}`),
    sql`${spec.id} ${direction}`,
  ]);
  const limit = params.limit === undefined ? sql`` : sql`LIMIT ${params.limit}`;
  const offset = params.offset ? sql`OFFSET ${params.offset}` : sql``;

  // Without a filter (which may read the joins) the count needs the base table only, and a
  // page sorted by a base column is picked there first: the joins then run for its rows only,
  // not for the `offset` rows before it.
  const baseOnly = params.filter === undefined;
  const source = baseOnly ? spec.base : spec.from;
  const pageWhere =
    baseOnly && column.base && params.limit !== undefined
      ? sql`${spec.id} IN (SELECT ${spec.id} FROM ${spec.base} WHERE ${where}
                            ORDER BY ${orderBy} ${limit} ${offset})`
      : undefined;
  const [page, count] = await Promise.all([
    pageWhere
      ? sql<T>`SELECT ${spec.columns} FROM ${spec.from} WHERE ${pageWhere} ORDER BY ${orderBy}`.execute(
          db,
        )
      : sql<T>`
      SELECT ${spec.columns}
        FROM ${spec.from}
       WHERE ${where}
       ORDER BY ${orderBy}
       ${limit} ${offset}`.execute(db),
    sql<{ total: number }>`SELECT count(*)::integer AS total FROM ${source} WHERE ${where}`.execute(
      db,
    ),
  ]);
  return { rows: page.rows, total: count.rows[0]?.total ?? 0 };
}
