import { sql } from 'kysely';
import { type Device, type DeviceListItem, type DeviceListQuery } from '@fleet/contract';
import type { Db } from '../../db/database.js';
import { FleetRecords } from '../../db/fleet-records.js';
import { DEVICES, silentDevice, toDevice, type DeviceRow } from '../../db/fleet-rows.js';
import type { ListSpec, Page } from '../../db/list-page.js';
import {
  configurationColumns,
  configurationNotApplied,
  latestConfigurationJoin,
  toConfigurationState,
  type ConfigurationColumns,
} from '../../db/device-settings-sql.js';
import { conflict } from '../../lib/http-error.js';
import { syncMarkColumns, LOCAL, toSyncMarks, type SyncMarkRow } from '../../db/sync-marks.js';
import { isPostgresError, UNIQUE_VIOLATION } from '../../lib/postgres-errors.js';

interface DeviceListRow extends ConfigurationColumns, SyncMarkRow {
  id: number;
  organisation_id: number;
  name: string;
  identifier: string;
  last_seen_at: Date | null;
  asset_id: number | null;
  asset_name: string | null;
}

/** The devices list: each device with the asset it is fitted to now and its settings state. */
const listSpec = (organisationId: number): ListSpec<string, string> => ({
  columns: sql`d.id, d.organisation_id, d.name, d.identifier, d.last_seen_at,
    a.id AS asset_id, a.name AS asset_name, ${configurationColumns}, ${syncMarkColumns('d')}`,
  base: sql`devices d`,
  from: sql`devices d
    LEFT JOIN device_links dl ON dl.device_id = d.id AND dl.period @> now()
    LEFT JOIN assets a ON a.id = dl.asset_id
    ${latestConfigurationJoin(sql`d.id`)}`,
  where: sql`d.organisation_id = ${organisationId}`,
  search: (pattern) => sql`lower(d.name) LIKE ${pattern} OR lower(d.identifier) LIKE ${pattern}`,
  filters: {
    unlinked: sql`dl.id IS NULL`,
    silent: silentDevice,
    pending: configurationNotApplied,
  },
  sorts: {
    name: { base: true, expression: sql`lower(d.name)` },
    identifier: { base: true, expression: sql`lower(d.identifier)` },
    lastSeen: { base: true, expression: sql`d.last_seen_at`, nullable: true },
    asset: { expression: sql`lower(a.name)`, nullable: true },
  },
  defaultSort: 'name',
  id: sql`d.id`,
});

const toDeviceListItem = (row: DeviceListRow): DeviceListItem => ({
  ...toDevice(row),
  assetId: row.asset_id,
  assetName: row.asset_name,
  configuration: toConfigurationState(row),
  ...toSyncMarks(row),
});

export interface DeviceFields {
  name: string;
  identifier: string;
}

/**
 * The identifier is unique across the platform: a second one is a 409 that
 * names the identifier the caller sent, never the device (perhaps another
 * organisation's) that holds it, in the same words wherever it is.
 */
async function identifierUnique<T>(identifier: string | undefined, run: () => Promise<T>) {
  try {
    return await run();
  } catch (error) {
    if (isPostgresError(error, UNIQUE_VIOLATION, 'devices_identifier_key')) {
      throw conflict(`The identifier '${identifier}' is not available; choose another`);
    }
    throw error;
  }
}

const IDENTIFIER_WINDOW = sql<Date>`now() - interval '1 hour'`;

export class DeviceRepository {
  private readonly records: FleetRecords<DeviceRow, Device>;

  constructor(private readonly db: Db) {
    this.records = new FleetRecords(db, DEVICES);
  }

  /**
   * Reserves an attempt of `userId` to give a device `identifier`, or answers undefined when
   * the user has had `max` refusals (taken) within the hour. Counted under an advisory lock on
   * the user before the attempt, so parallel attempts cannot all pass (as sign-ins).
   */
  reserveIdentifierAttempt(
    userId: number,
    identifier: string,
    max: number,
  ): Promise<string | undefined> {
    return this.db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`fleetwise:identifier-attempts:${userId}`}))`.execute(
        trx,
      );
      await trx
        .deleteFrom('identifier_attempts')
        .where('user_id', '=', userId)
        .where('at', '<=', IDENTIFIER_WINDOW)
        .execute();
      const { n } = await trx
        .selectFrom('identifier_attempts')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      if (Number(n) >= max) return undefined;
      const row = await trx
        .insertInto('identifier_attempts')
        .values({ user_id: userId, identifier })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  /** An attempt that was not refused stops counting. */
  async releaseIdentifierAttempt(id: string) {
    await this.db.deleteFrom('identifier_attempts').where('id', '=', id).execute();
  }

  /** The device with its synchronisation marks. */
  find(id: number): Promise<Device | undefined> {
    return this.records.find(id);
  }

  /**
   * The credential_hash of each of these devices that exists (by primary key: credential_hash
   * has no index, and a credential names its device). The credentials checked at once ask in
   * one statement (device-auth.ts).
   */
  async credentialHashes(ids: number[]): Promise<Map<number, string>> {
    const rows = await this.db
      .selectFrom('devices')
      .select(['id', 'credential_hash'])
      .where('id', '=', sql<number>`ANY(${ids}::integer[])`)
      .execute();
    return new Map(rows.map((r) => [r.id, r.credential_hash]));
  }

  listByOrganisation(organisationId: number): Promise<Device[]> {
    return this.records.listByOrganisation(organisationId);
  }

  /** The organisation's own devices for the list screen: search, filter, sort and page. */
  list(organisationId: number, query: DeviceListQuery): Promise<Page<DeviceListItem>> {
    return this.records.list(listSpec(organisationId), query, toDeviceListItem);
  }

  /** An id for a device about to be created: its credential names it before the row exists. */
  async nextId(): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      SELECT nextval(pg_get_serial_sequence('devices', 'id'))::integer AS id`.execute(this.db);
    return rows[0]!.id;
  }

  async create(
    id: number,
    organisationId: number,
    fields: DeviceFields,
    credentialHash: string,
  ): Promise<Device> {
    return identifierUnique(fields.identifier, async () => {
      const { rows } = await sql<Parameters<typeof toDevice>[0]>`
        INSERT INTO devices (id, organisation_id, name, identifier, credential_hash)
        OVERRIDING SYSTEM VALUE
        VALUES (${id}, ${organisationId}, ${fields.name}, ${fields.identifier}, ${credentialHash})
        RETURNING id, organisation_id, name, identifier, last_seen_at`.execute(this.db);
      return { ...toDevice(rows[0]!), ...LOCAL };
    });
  }

  update(id: number, fields: Partial<DeviceFields>): Promise<Device | undefined> {
    const { name, identifier } = fields;
    return identifierUnique(identifier, () => this.records.update(id, { name, identifier }));
  }

  /**
   * These devices called the device API now. Each is written only when its stored moment is
   * older than `minimumSeconds`, so a device that calls every second costs a write every few
   * seconds.
   */
  async touchLastSeen(ids: number[], minimumSeconds: number): Promise<void> {
    await sql`
      UPDATE devices SET last_seen_at = now()
       WHERE id = ANY(${ids}::integer[])
         AND (last_seen_at IS NULL OR last_seen_at < now() - make_interval(secs => ${minimumSeconds}))`.execute(
      this.db,
    );
  }

  /** The old credential stops working at once. */
  async setCredentialHash(id: number, hash: string): Promise<void> {
    await this.db
      .updateTable('devices')
      .set({ credential_hash: hash })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Deletes the device with its ended links, commands and records, unless a
   * link of it has not ended: then nothing is deleted and the answer names
   * the asset it is fitted to (the row is locked first, as for assets).
   */
  deleteUnlessLinked(id: number): Promise<{ assetName: string } | undefined> {
    return this.records.deleteUnlessLinked(id, { table: 'device_links', column: 'device_id' });
  }
}
