import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { SyncEntityKind } from '@fleet/contract';
import type { Database } from '../../db/schema.js';
import type { LocalRecord } from './sync-diff.js';
import type {
  AssetFields,
  DeviceFields,
  DriverFields,
  FieldsOf,
  LinkFields,
} from './sync-kinds.js';

/**
 * The SQL of a run's apply step. Every method takes the run's transaction: a run applies all
 * of its changes or none. Only records with an external id are read or written here (the
 * mirror's copies); local records are never touched, but for the links of a deactivated
 * record (see deactivate).
 */
type Trx = Kysely<Database>;

export type RecordKind = 'ASSET' | 'DRIVER' | 'DEVICE';
export type LinkKind = 'DEVICE_LINK' | 'DRIVER_LINK';

/** A link that changed over [from, until): the engine attributes that time again. */
export interface LinkChange {
  kind: 'device' | 'driver';
  assetId: number;
  targetId: number;
  from: Date;
  until: Date | null;
}

export interface NewRecord<F> {
  source: string;
  externalId: string;
  fields: F;
}

/** A link with its ends resolved to local ids. */
export interface LocalLink {
  source: string;
  externalId: string;
  assetId: number;
  targetId: number;
  from: Date;
  until: Date | null;
}

const TABLE = { ASSET: 'assets', DRIVER: 'drivers', DEVICE: 'devices' } as const;
const LINK = {
  DEVICE_LINK: { table: 'device_links', target: 'device_id', kind: 'device', targets: 'devices' },
  DRIVER_LINK: { table: 'driver_links', target: 'driver_id', kind: 'driver', targets: 'drivers' },
} as const;

export const recordKey = (source: string, externalId: string) => `${source}\u0000${externalId}`;

interface LinkRow {
  id: number;
  asset_id: number;
  target_id: number;
  from: Date;
  until: Date | null;
}
const toChange = (kind: 'device' | 'driver', row: LinkRow, from = row.from): LinkChange => ({
  kind,
  assetId: row.asset_id,
  targetId: row.target_id,
  from,
  until: row.until,
});

export class SyncApplyRepository {
  // ── Reading the mirror's copies ──────────────────────────────────────────

  async localRecords<K extends SyncEntityKind>(
    trx: Trx,
    kind: K,
    organisationId: number,
  ): Promise<LocalRecord<FieldsOf[K]>[]> {
    return (await this.readLocal(trx, kind, organisationId)) as LocalRecord<FieldsOf[K]>[];
  }

  private async readLocal(
    trx: Trx,
    kind: SyncEntityKind,
    org: number,
  ): Promise<LocalRecord<FieldsOf[SyncEntityKind]>[]> {
    const base = sql`id, external_organisation_id AS source, external_id AS "externalId",
      deactivated_at IS NOT NULL AS deactivated`;
    const mine = sql`organisation_id = ${org} AND external_id IS NOT NULL`;
    type Row<F> = { id: number; source: string; externalId: string; deactivated: boolean } & F;
    switch (kind) {
      case 'ASSET': {
        const { rows } = await sql<Row<{ name: string; licencePlate: string | null }>>`
          SELECT ${base}, name, licence_plate AS "licencePlate" FROM assets WHERE ${mine}`.execute(
          trx,
        );
        return rows.map(({ name, licencePlate, ...r }) => ({
          ...r,
          fields: { name, licencePlate } satisfies AssetFields,
        }));
      }
      case 'DRIVER': {
        const { rows } = await sql<
          Row<{ firstName: string; lastName: string; phone: string | null }>
        >`
          SELECT ${base}, first_name AS "firstName", last_name AS "lastName", phone
          FROM drivers WHERE ${mine}`.execute(trx);
        return rows.map(({ firstName, lastName, phone, ...r }) => ({
          ...r,
          fields: { firstName, lastName, phone } satisfies DriverFields,
        }));
      }
      case 'DEVICE': {
        const { rows } = await sql<Row<{ name: string; identifier: string }>>`
          SELECT ${base}, name, identifier FROM devices WHERE ${mine}`.execute(trx);
        return rows.map(({ name, identifier, ...r }) => ({
          ...r,
          fields: { name, identifier } satisfies DeviceFields,
        }));
      }
      default: {
        const link = LINK[kind];
        const { rows } = await sql<
          Row<{ asset: string | null; target: string | null; from: Date; until: Date | null }>
        >`
          SELECT l.id, l.external_organisation_id AS source, l.external_id AS "externalId",
                 l.deactivated_at IS NOT NULL AS deactivated,
                 a.external_id AS asset, t.external_id AS target, l."from", l.until
          FROM ${sql.table(link.table)} l
          JOIN assets a ON a.id = l.asset_id
          JOIN ${sql.table(link.targets)} t ON t.id = l.${sql.ref(link.target)}
          WHERE a.organisation_id = ${org} AND l.external_id IS NOT NULL`.execute(trx);
        return rows.map(({ asset, target, from, until, ...r }) => ({
          ...r,
          fields: {
            // A copy whose end is not a copy itself never equals a remote link: it is rewritten.
            assetExternalId: asset ?? '',
            targetExternalId: target ?? '',
            from: from.getTime(),
            until: until?.getTime() ?? null,
          } satisfies LinkFields,
        }));
      }
    }
  }

  /** The active copies of a kind by remote key → local id: what links may point at. */
  async activeIndex(trx: Trx, kind: RecordKind, org: number): Promise<Map<string, number>> {
    const { rows } = await sql<{ id: number; source: string; external_id: string }>`
      SELECT id, external_organisation_id AS source, external_id FROM ${sql.table(TABLE[kind])}
      WHERE organisation_id = ${org} AND external_id IS NOT NULL AND deactivated_at IS NULL`.execute(
      trx,
    );
    return new Map(rows.map((r) => [recordKey(r.source, r.external_id), r.id]));
  }

  /** Devices that hold these identifiers, whoever owns them. */
  async devicesByIdentifier(
    trx: Trx,
    identifiers: string[],
  ): Promise<Map<string, { id: number; name: string }>> {
    if (!identifiers.length) return new Map();
    const { rows } = await sql<{ id: number; name: string; identifier: string }>`
      SELECT id, name, identifier FROM devices WHERE identifier = ANY(${identifiers}::text[])`.execute(
      trx,
    );
    return new Map(rows.map((r) => [r.identifier, { id: r.id, name: r.name }]));
  }

  // ── Records ──────────────────────────────────────────────────────────────

  /** New copies, in one statement; answers their ids by remote key. */
  async insertRecords<K extends RecordKind>(
    trx: Trx,
    kind: K,
    org: number,
    items: NewRecord<FieldsOf[K]>[],
  ): Promise<Map<string, number>> {
    if (!items.length) return new Map();
    const sources = items.map((i) => i.source);
    const ids = items.map((i) => i.externalId);
    let inserted: { rows: { id: number; source: string; external_id: string }[] };
    if (kind === 'ASSET') {
      const f = items.map((i) => i.fields as AssetFields);
      inserted = await sql<{ id: number; source: string; external_id: string }>`
        INSERT INTO assets (organisation_id, name, licence_plate, external_organisation_id, external_id)
        SELECT ${org}, * FROM unnest(${f.map((x) => x.name)}::text[],
          ${f.map((x) => x.licencePlate)}::text[], ${sources}::text[], ${ids}::text[])
        RETURNING id, external_organisation_id AS source, external_id`.execute(trx);
    } else if (kind === 'DRIVER') {
      const f = items.map((i) => i.fields as DriverFields);
      inserted = await sql<{ id: number; source: string; external_id: string }>`
        INSERT INTO drivers
          (organisation_id, first_name, last_name, phone, external_organisation_id, external_id)
        SELECT ${org}, * FROM unnest(${f.map((x) => x.firstName)}::text[],
          ${f.map((x) => x.lastName)}::text[], ${f.map((x) => x.phone)}::text[],
          ${sources}::text[], ${ids}::text[])
        RETURNING id, external_organisation_id AS source, external_id`.execute(trx);
    } else {
      const f = items.map((i) => i.fields as DeviceFields);
      // A copied device has a credential nobody holds: an OEM issues one to fit a real unit.
      const hashes = items.map(() => randomBytes(32).toString('hex'));
      inserted = await sql<{ id: number; source: string; external_id: string }>`
        INSERT INTO devices
          (organisation_id, name, identifier, credential_hash, external_organisation_id, external_id)
        SELECT ${org}, * FROM unnest(${f.map((x) => x.name)}::text[],
          ${f.map((x) => x.identifier)}::text[], ${hashes}::text[], ${sources}::text[],
          ${ids}::text[])
        RETURNING id, external_organisation_id AS source, external_id`.execute(trx);
    }
    return new Map(inserted.rows.map((r) => [recordKey(r.source, r.external_id), r.id]));
  }

  /** Copies take the remote's fields; a deactivated one is active again. */
  async updateRecords<K extends RecordKind>(
    trx: Trx,
    kind: K,
    items: { id: number; fields: FieldsOf[K] }[],
  ): Promise<void> {
    if (!items.length) return;
    const ids = items.map((i) => i.id);
    if (kind === 'ASSET') {
      const f = items.map((i) => i.fields as AssetFields);
      await sql`
        UPDATE assets t SET name = v.name, licence_plate = v.plate, deactivated_at = NULL
        FROM unnest(${ids}::integer[], ${f.map((x) => x.name)}::text[],
                    ${f.map((x) => x.licencePlate)}::text[]) AS v(id, name, plate)
        WHERE t.id = v.id`.execute(trx);
    } else if (kind === 'DRIVER') {
      const f = items.map((i) => i.fields as DriverFields);
      await sql`
        UPDATE drivers t
        SET first_name = v.first_name, last_name = v.last_name, phone = v.phone, deactivated_at = NULL
        FROM unnest(${ids}::integer[], ${f.map((x) => x.firstName)}::text[],
                    ${f.map((x) => x.lastName)}::text[], ${f.map((x) => x.phone)}::text[])
             AS v(id, first_name, last_name, phone)
        WHERE t.id = v.id`.execute(trx);
    } else {
      const f = items.map((i) => i.fields as DeviceFields);
      await sql`
        UPDATE devices t SET name = v.name, identifier = v.identifier, deactivated_at = NULL
        FROM unnest(${ids}::integer[], ${f.map((x) => x.name)}::text[],
                    ${f.map((x) => x.identifier)}::text[]) AS v(id, name, identifier)
        WHERE t.id = v.id`.execute(trx);
    }
  }

  /**
   * Copies the remote no longer lists: flagged deactivated (kept with their history), and
   * every link of theirs that holds at `now` or later ends at `now` (one that would only
   * start later is removed): a vehicle that left the fleet carries no device or driver.
   */
  async deactivateRecords(
    trx: Trx,
    kind: RecordKind,
    ids: number[],
    now: Date,
  ): Promise<LinkChange[]> {
    if (!ids.length) return [];
    await sql`
      UPDATE ${sql.table(TABLE[kind])} SET deactivated_at = ${now}
      WHERE id = ANY(${ids}::integer[])`.execute(trx);
    const changes: LinkChange[] = [];
    const ends =
      kind === 'ASSET'
        ? (['DEVICE_LINK', 'DRIVER_LINK'] as const).map((k) => [k, sql`asset_id`] as const)
        : ([
            [
              kind === 'DEVICE' ? 'DEVICE_LINK' : 'DRIVER_LINK',
              sql.ref(kind === 'DEVICE' ? 'device_id' : 'driver_id'),
            ],
          ] as const);
    for (const [linkKind, column] of ends) {
      changes.push(
        ...(await this.endLinks(trx, linkKind, sql`${column} = ANY(${ids}::integer[])`, now)),
      );
    }
    return changes;
  }

  // ── Links ────────────────────────────────────────────────────────────────

  async insertLinks(trx: Trx, kind: LinkKind, links: LocalLink[]): Promise<LinkChange[]> {
    if (!links.length) return [];
    const link = LINK[kind];
    const { rows } = await sql<LinkRow>`
      INSERT INTO ${sql.table(link.table)}
        (asset_id, ${sql.ref(link.target)}, "from", until, external_organisation_id, external_id)
      SELECT * FROM unnest(${links.map((l) => l.assetId)}::integer[],
        ${links.map((l) => l.targetId)}::integer[], ${links.map((l) => l.from)}::timestamptz[],
        ${links.map((l) => l.until)}::timestamptz[], ${links.map((l) => l.source)}::text[],
        ${links.map((l) => l.externalId)}::text[])
      RETURNING id, asset_id, ${sql.ref(link.target)} AS target_id, "from", until`.execute(trx);
    return rows.map((row) => toChange(link.kind, row));
  }

  /** A copy takes the remote link's ends and period (and is active again). */
  async updateLink(trx: Trx, kind: LinkKind, id: number, to: LocalLink): Promise<LinkChange[]> {
    const link = LINK[kind];
    const { rows: before } = await sql<LinkRow>`
      SELECT id, asset_id, ${sql.ref(link.target)} AS target_id, "from", until
      FROM ${sql.table(link.table)} WHERE id = ${id}`.execute(trx);
    const { rows } = await sql<LinkRow>`
      UPDATE ${sql.table(link.table)}
      SET asset_id = ${to.assetId}, ${sql.ref(link.target)} = ${to.targetId}, "from" = ${to.from},
          until = ${to.until}, deactivated_at = NULL
      WHERE id = ${id}
      RETURNING id, asset_id, ${sql.ref(link.target)} AS target_id, "from", until`.execute(trx);
    return [...before, ...rows].map((row) => toChange(link.kind, row));
  }

  /** Copies the remote no longer lists: flagged, and ended at `now` if they hold then or later. */
  async deactivateLinks(trx: Trx, kind: LinkKind, ids: number[], now: Date): Promise<LinkChange[]> {
    if (!ids.length) return [];
    const changes = await this.endLinks(trx, kind, sql`id = ANY(${ids}::integer[])`, now);
    await sql`
      UPDATE ${sql.table(LINK[kind].table)} SET deactivated_at = ${now}
      WHERE id = ANY(${ids}::integer[])`.execute(trx);
    return changes;
  }

  /** The links that overlap [from, until) of this asset or this device (driver): for a message. */
  async overlapping(
    trx: Trx,
    kind: LinkKind,
    link: { assetId: number; targetId: number; from: Date; until: Date | null },
  ): Promise<
    | { id: number; assetName: string; targetName: string; from: Date; until: Date | null }
    | undefined
  > {
    const l = LINK[kind];
    const targetName =
      kind === 'DEVICE_LINK' ? sql`t.name` : sql`t.first_name || ' ' || t.last_name`;
    const { rows } = await sql<{
      id: number;
      assetName: string;
      targetName: string;
      from: Date;
      until: Date | null;
    }>`
      SELECT l.id, a.name AS "assetName", ${targetName} AS "targetName", l."from", l.until
      FROM ${sql.table(l.table)} l
      JOIN assets a ON a.id = l.asset_id
      JOIN ${sql.table(l.targets)} t ON t.id = l.${sql.ref(l.target)}
      WHERE (l.asset_id = ${link.assetId} OR l.${sql.ref(l.target)} = ${link.targetId})
        AND l.period && tstzrange(${link.from}, ${link.until}, '[)')
      ORDER BY l."from" LIMIT 1`.execute(trx);
    return rows[0];
  }

  private async endLinks(
    trx: Trx,
    kind: LinkKind,
    which: ReturnType<typeof sql>,
    now: Date,
  ): Promise<LinkChange[]> {
    const link = LINK[kind];
    const columns = sql`id, asset_id, ${sql.ref(link.target)} AS target_id, "from", until`;
    const { rows: removed } = await sql<LinkRow>`
      DELETE FROM ${sql.table(link.table)} WHERE ${which} AND "from" >= ${now}
      RETURNING ${columns}`.execute(trx);
    const { rows: ended } = await sql<LinkRow>`
      UPDATE ${sql.table(link.table)} SET until = ${now}
      WHERE ${which} AND "from" < ${now} AND (until IS NULL OR until > ${now})
      RETURNING ${columns}`.execute(trx);
    return [
      ...removed.map((row) => toChange(link.kind, row)),
      ...ended.map((row) => toChange(link.kind, { ...row, until: null }, now)),
    ];
  }
}

/** Runs `work` in a savepoint of the transaction: a refusal undoes only what it did. */
export async function inSavepoint<T>(trx: Trx, work: () => Promise<T>): Promise<T> {
  await sql`SAVEPOINT sync_item`.execute(trx);
  try {
    const result = await work();
    await sql`RELEASE SAVEPOINT sync_item`.execute(trx);
    return result;
  } catch (error) {
    await sql`ROLLBACK TO SAVEPOINT sync_item`.execute(trx);
    await sql`RELEASE SAVEPOINT sync_item`.execute(trx);
    throw error;
  }
}
