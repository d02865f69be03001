import { sql, type RawBuilder } from 'kysely';
import type { ListParams } from '@fleet/contract';
import type { Db } from './database.js';
import { listPage, type ListSpec, type Page } from './list-page.js';
import { LOCAL, syncMarkColumns, toSyncMarks, type SyncMarkRow } from './sync-marks.js';

// The reads and writes an asset, a driver and a device repository share: one record with its
// synchronisation marks, an organisation's own records by name, the list screen's page, a
// change that answers the changed record, and a deletion a live link holds back.

type SyncMarks = ReturnType<typeof toSyncMarks>;

/** How one fleet table's rows become its records. */
export interface FleetTable<Row, T> {
  table: 'assets' | 'drivers' | 'devices';
  /** The columns a record is made of. */
  columns: readonly (keyof Row & string)[];
  /** An organisation's own records go by these, lowercased, then by id. */
  byName: readonly (keyof Row & string)[];
  toRecord: (row: Row) => T;
}

export class FleetRecords<Row, T> {
  constructor(
    private readonly db: Db,
    private readonly t: FleetTable<Row, T>,
  ) {}

  private get columns() {
    return sql.join(this.t.columns.map((c) => sql.ref(`${this.t.table}.${c}`)));
  }

  /** By name (lowercased), then by id. */
  private get byName() {
    const table = this.t.table;
    return sql.join([
      ...this.t.byName.map((c) => sql`lower(${sql.ref(`${table}.${c}`)})`),
      sql.ref(`${table}.id`),
    ]);
  }

  private withMarks(row: Row & SyncMarkRow): T & SyncMarks {
    return { ...this.t.toRecord(row), ...toSyncMarks(row) };
  }

  /** The record with its synchronisation marks. */
  async find(id: number): Promise<(T & SyncMarks) | undefined> {
    const { rows } = await sql<Row & SyncMarkRow>`
      SELECT ${this.columns}, ${syncMarkColumns(this.t.table)}
        FROM ${sql.table(this.t.table)} WHERE id = ${id}`.execute(this.db);
    return rows[0] && this.withMarks(rows[0]);
  }

  /** The records that meet `condition` (on the table by its own name), with marks, by name. */
  async matching(condition: RawBuilder<unknown>): Promise<(T & SyncMarks)[]> {
    const { rows } = await sql<Row & SyncMarkRow>`
      SELECT ${this.columns}, ${syncMarkColumns(this.t.table)}
        FROM ${sql.table(this.t.table)} WHERE ${condition}
       ORDER BY ${this.byName}`.execute(this.db);
    return rows.map((row) => this.withMarks(row));
  }

  /** The organisation's own records (not its descendants'), by name. */
  async listByOrganisation(organisationId: number): Promise<T[]> {
    const { rows } = await sql<Row>`
      SELECT ${this.columns} FROM ${sql.table(this.t.table)}
       WHERE organisation_id = ${organisationId}
       ORDER BY ${this.byName}`.execute(this.db);
    return rows.map(this.t.toRecord);
  }

  /** One page of the organisation's own records for the list screen. */
  async list<L, S extends string, F extends string, Item>(
    spec: ListSpec<S, F>,
    query: ListParams<S, F>,
    toItem: (row: L) => Item,
  ): Promise<Page<Item>> {
    const page = await listPage<L, S, F>(this.db, spec, query);
    return { rows: page.rows.map(toItem), total: page.total };
  }

  /** A record made here (no synchronisation marks yet). */
  async create(values: Partial<Record<keyof Row & string, unknown>>): Promise<T & typeof LOCAL> {
    const entries = Object.entries(values);
    const { rows } = await sql<Row>`
      INSERT INTO ${sql.table(this.t.table)} (${sql.join(entries.map(([c]) => sql.ref(c)))})
      VALUES (${sql.join(entries.map(([, v]) => v))})
      RETURNING ${this.columns}`.execute(this.db);
    return { ...this.t.toRecord(rows[0]!), ...LOCAL };
  }

  /** Sets the columns given (undefined ones stay); answers the record, undefined when missing. */
  async update(
    id: number,
    values: Partial<Record<keyof Row & string, unknown>>,
  ): Promise<(T & SyncMarks) | undefined> {
    const entries = Object.entries(values).filter(([, v]) => v !== undefined);
    if (!entries.length) return this.find(id);
    const { rows } = await sql<Row & SyncMarkRow>`
      UPDATE ${sql.table(this.t.table)}
         SET ${sql.join(entries.map(([c, v]) => sql`${sql.ref(c)} = ${v}`))}
       WHERE id = ${id}
      RETURNING ${this.columns}, ${syncMarkColumns(this.t.table)}`.execute(this.db);
    return rows[0] && this.withMarks(rows[0]);
  }

  /**
   * Deletes the driver or device with its ended links, unless a link of it has not ended: then
   * nothing is deleted and the answer names the asset. The row is locked first, so a link made
   * meanwhile waits for this and finds the record gone.
   */
  deleteUnlessLinked(
    id: number,
    links: { table: 'driver_links' | 'device_links'; column: 'driver_id' | 'device_id' },
  ): Promise<{ assetName: string } | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ asset_name: string | null }>`
        SELECT (SELECT a.name FROM ${sql.table(links.table)} l JOIN assets a ON a.id = l.asset_id
                 WHERE ${sql.ref(`l.${links.column}`)} = r.id
                   AND coalesce(l.until, 'infinity') > now()
                 ORDER BY l."from" LIMIT 1) AS asset_name
          FROM (SELECT id FROM ${sql.table(this.t.table)} WHERE id = ${id} FOR UPDATE) r`.execute(
        trx,
      );
      const assetName = rows[0]?.asset_name;
      if (assetName) return { assetName };
      await sql`DELETE FROM ${sql.table(this.t.table)} WHERE id = ${id}`.execute(trx);
      return undefined;
    });
  }
}
