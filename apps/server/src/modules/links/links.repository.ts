import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import { conflict } from '../../lib/http-error.js';
import { EXCLUSION_VIOLATION, isPostgresError } from '../../lib/postgres-errors.js';
import type { SyncMarkRow } from '../../db/sync-marks.js';

/** An asset is linked over time to devices (device_links) and to drivers (driver_links). */
export type LinkKind = 'device' | 'driver';

/**
 * One row of either table; `targetId` is the device or the driver. Holds over [from, until).
 * With its synchronisation marks (the asset's organisation's configuration names the remote).
 */
export interface Link extends SyncMarkRow {
  id: number;
  assetId: number;
  targetId: number;
  from: Date;
  until: Date | null;
}

/** Either end open when absent. */
export interface Period {
  from?: Date | undefined;
  until?: Date | undefined;
}

const TABLES = {
  device: { table: 'device_links', column: 'device_id' },
  driver: { table: 'driver_links', column: 'driver_id' },
} as const;

const span = (link: Link) =>
  `from ${link.from.toISOString()} ${link.until ? `until ${link.until.toISOString()}` : 'on, with no end'}`;

export class LinkRepository {
  constructor(private readonly db: Db) {}

  async find(kind: LinkKind, id: number): Promise<Link | undefined> {
    return (await this.select(kind, sql`id = ${id}`))[0];
  }

  /** The asset's links overlapping the period, newest first. */
  listByAsset(kind: LinkKind, assetId: number, period: Period): Promise<Link[]> {
    return this.select(kind, sql`asset_id = ${assetId} AND ${overlaps(period)}`);
  }

  /** The device's or driver's links overlapping the period, newest first. */
  listByTarget(kind: LinkKind, targetId: number, period: Period): Promise<Link[]> {
    const { column } = TABLES[kind];
    return this.select(kind, sql`${sql.ref(column)} = ${targetId} AND ${overlaps(period)}`);
  }

  /** The link of this asset and device (or driver) that has no end yet. */
  async findOpen(kind: LinkKind, assetId: number, targetId: number): Promise<Link | undefined> {
    const { column } = TABLES[kind];
    const where = sql`asset_id = ${assetId} AND ${sql.ref(column)} = ${targetId} AND until IS NULL`;
    return (await this.select(kind, where))[0];
  }

  /**
   * A new open link from `from`. The exclusion constraints refuse one that
   * overlaps another link of the device (driver) or of the asset; that
   * becomes a 409 naming the link it collides with.
   */
  async create(kind: LinkKind, assetId: number, targetId: number, from: Date): Promise<Link> {
    const { table, column } = TABLES[kind];
    try {
      const { rows } = await sql<Link>`
        INSERT INTO ${sql.table(table)} (asset_id, ${sql.ref(column)}, "from")
        VALUES (${assetId}, ${targetId}, ${from})
        RETURNING ${this.columns(kind)}`.execute(this.db);
      return rows[0]!;
    } catch (error) {
      if (!isPostgresError(error, EXCLUSION_VIOLATION)) throw error;
      throw conflict(await this.describeCollision(kind, assetId, targetId, from, error.constraint));
    }
  }

  /** Ends an open link; undefined when it is gone or was ended meanwhile. */
  async terminate(kind: LinkKind, id: number, until: Date): Promise<Link | undefined> {
    const { rows } = await sql<Link>`
      UPDATE ${sql.table(TABLES[kind].table)} SET until = ${until}
      WHERE id = ${id} AND until IS NULL
      RETURNING ${this.columns(kind)}`.execute(this.db);
    return rows[0];
  }

  async delete(kind: LinkKind, id: number): Promise<void> {
    await sql`DELETE FROM ${sql.table(TABLES[kind].table)} WHERE id = ${id}`.execute(this.db);
  }

  private async describeCollision(
    kind: LinkKind,
    assetId: number,
    targetId: number,
    from: Date,
    constraint: string | undefined,
  ): Promise<string> {
    const { table, column } = TABLES[kind];
    const Kind = kind === 'device' ? 'Device' : 'Driver';
    const sameAsset = constraint === `${table}_asset_overlap`;
    const who = sameAsset ? sql`asset_id = ${assetId}` : sql`${sql.ref(column)} = ${targetId}`;
    const [other] = await this.select(kind, sql`${who} AND ${overlaps({ from })}`);
    if (!other) return `This ${kind} link overlaps another one; look again and retry`;
    const which = `(${kind} link ${other.id})`;
    return sameAsset
      ? `Asset ${assetId} already has ${kind} ${other.targetId} ${span(other)} ${which}`
      : `${Kind} ${targetId} is already linked to asset ${other.assetId} ${span(other)} ${which}`;
  }

  private columns(kind: LinkKind) {
    const { table, column } = TABLES[kind];
    return sql`id, asset_id AS "assetId", ${sql.ref(column)} AS "targetId", "from", until,
      external_id, deactivated_at,
      (SELECT c.server FROM assets a JOIN sync_configurations c ON c.organisation_id = a.organisation_id
        WHERE a.id = ${sql.ref(`${table}.asset_id`)}) AS sync_server`;
  }

  private async select(kind: LinkKind, where: RawBuilder<unknown>): Promise<Link[]> {
    const { rows } = await sql<Link>`
      SELECT ${this.columns(kind)} FROM ${sql.table(TABLES[kind].table)}
      WHERE ${where}
      ORDER BY "from" DESC, id DESC`.execute(this.db);
    return rows;
  }
}

/** Links whose [from, until) shares a moment with the period. */
function overlaps({ from, until }: Period) {
  return sql`period && tstzrange(${from ?? null}::timestamptz, ${until ?? null}::timestamptz, '[)')`;
}
