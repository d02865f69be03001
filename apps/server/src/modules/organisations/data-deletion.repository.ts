import { sql, type ControlledTransaction, type RawBuilder } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { treeLock } from '../../db/tree-lock.js';
import type { DeletionScope, DeletionStep } from './data-deletion.js';

export type DeletionTransaction = ControlledTransaction<Database>;

const ids = (list: number[]) => sql`${list}::integer[]`;

/** The SQL of deleting an organisation's data, step by step, inside one transaction. */
export class DataDeletionRepository {
  constructor(private readonly db: Db) {}

  begin(): Promise<DeletionTransaction> {
    return this.db.startTransaction().execute();
  }

  /**
   * What the deletion covers: the organisation's subtree (deepest first), its assets and
   * devices, and the devices of organisations above that were ever fitted to its assets.
   * `whole`: takes the tree lock first and locks the organisations' rows, so none is moved
   * away or gets a child until the deletion is done.
   */
  async scope(trx: DeletionTransaction, rootId: number, whole: boolean): Promise<DeletionScope> {
    if (whole) await treeLock.execute(trx);
    const { rows: organisations } = await sql<{ id: number }>`
      WITH RECURSIVE tree AS (
        SELECT id, 0 AS depth FROM organisations WHERE id = ${rootId}
        UNION ALL
        SELECT o.id, t.depth + 1 FROM organisations o JOIN tree t ON o.parent_id = t.id
      )
      SELECT id FROM tree ORDER BY depth DESC, id`.execute(trx);
    const organisationIds = organisations.map((o) => o.id);
    if (whole && organisationIds.length)
      await sql`SELECT 1 FROM organisations WHERE id = ANY(${ids(organisationIds)}) FOR UPDATE`.execute(
        trx,
      );
    const { rows: assets } = await sql<{ id: number }>`
      SELECT id FROM assets WHERE organisation_id = ANY(${ids(organisationIds)}) ORDER BY id`.execute(
      trx,
    );
    const { rows: devices } = await sql<{ id: number }>`
      SELECT id FROM devices WHERE organisation_id = ANY(${ids(organisationIds)}) ORDER BY id`.execute(
      trx,
    );
    const assetIds = assets.map((a) => a.id);
    const deviceIds = devices.map((d) => d.id);
    const { rows: foreign } = await sql<{ device_id: number }>`
      SELECT DISTINCT device_id FROM device_links
      WHERE asset_id = ANY(${ids(assetIds)}) AND NOT device_id = ANY(${ids(deviceIds)})
      ORDER BY device_id`.execute(trx);
    return {
      organisationIds,
      assetIds,
      deviceIds,
      foreignDeviceIds: foreign.map((f) => f.device_id),
    };
  }

  /** Runs one step; answers the rows it deleted, by kind. */
  async run(trx: DeletionTransaction, step: DeletionStep): Promise<Record<string, number>> {
    const count = async (statement: RawBuilder<unknown>) =>
      Number((await statement.execute(trx)).numAffectedRows ?? 0);
    switch (step.kind) {
      case 'records': {
        const devices = ids(step.deviceIds);
        return {
          rawRecords: await count(sql`DELETE FROM raw_records WHERE device_id = ANY(${devices})`),
          datapoints: await count(sql`DELETE FROM datapoints WHERE device_id = ANY(${devices})`),
        };
      }
      case 'devices':
        // Their records, datapoints, commands, requests and monitorings go by ON DELETE
        // CASCADE. (Counting the records first would be one more pass over them.)
        return {
          devices: await count(sql`DELETE FROM devices WHERE id = ANY(${ids(step.deviceIds)})`),
        };
      case 'foreignRecords': {
        const where = sql`device_id = ANY(${ids(step.deviceIds)}) AND asset_id = ANY(${ids(step.assetIds)})`;
        return {
          rawRecords: await count(sql`DELETE FROM raw_records WHERE ${where}`),
          datapoints: await count(sql`DELETE FROM datapoints WHERE ${where}`),
        };
      }
      case 'derived': {
        const assets = ids(step.assetIds);
        // A trip's driver parts first: their cascade would otherwise run once per trip.
        await sql`DELETE FROM trip_drivers WHERE trip_id IN (SELECT id FROM trips WHERE asset_id = ANY(${assets}))`.execute(
          trx,
        );
        return {
          events: await count(sql`DELETE FROM events WHERE asset_id = ANY(${assets})`),
          // Issue 20: the safety cases of those events, with their history and comments.
          safetyCases: await count(sql`DELETE FROM safety_cases WHERE asset_id = ANY(${assets})`),
          // Issue 21 §1: the zone visits the engine derived (the zones are the organisation's).
          zoneVisits: await count(sql`DELETE FROM zone_visits WHERE asset_id = ANY(${assets})`),
          trips: await count(sql`DELETE FROM trips WHERE asset_id = ANY(${assets})`),
          hourly: await count(sql`DELETE FROM stats_hourly WHERE asset_id = ANY(${assets})`),
          daily: await count(sql`DELETE FROM stats_daily WHERE asset_id = ANY(${assets})`),
        };
      }
      case 'latest': {
        const assets = ids(step.assetIds);
        // The engine's kept folds of their days (migration 0028) go with its queue, uncounted.
        await sql`DELETE FROM engine_day_state WHERE asset_id = ANY(${assets})`.execute(trx);
        return {
          states: await count(sql`DELETE FROM asset_state WHERE asset_id = ANY(${assets})`),
          queued: await count(sql`DELETE FROM engine_queue WHERE asset_id = ANY(${assets})`),
        };
      }
      case 'assets':
        // Their links, memberships, media, media requests and monitorings go by ON DELETE
        // CASCADE; the media files are queued for removal by the media table's trigger.
        return {
          assets: await count(sql`DELETE FROM assets WHERE id = ANY(${ids(step.assetIds)})`),
        };
      case 'fleet': {
        const organisations = ids(step.organisationIds);
        const of = (table: string) =>
          count(sql`DELETE FROM ${sql.table(table)} WHERE organisation_id = ANY(${organisations})`);
        return {
          // none left by now, unless one was added meanwhile
          assets: await of('assets'),
          devices: await of('devices'),
          drivers: await of('drivers'),
          groups: await of('groups'),
          configurationGroups: await of('configuration_groups'),
          users: await of('users'),
        };
      }
      case 'organisations': {
        // Children before parents (the list is deepest first): parent_id is ON DELETE RESTRICT.
        let deleted = 0;
        for (const id of step.organisationIds)
          deleted += await count(sql`DELETE FROM organisations WHERE id = ${id}`);
        return { organisations: deleted };
      }
    }
  }

  savepoint = (trx: DeletionTransaction) => sql`SAVEPOINT deletion_step`.execute(trx);
  release = (trx: DeletionTransaction) => sql`RELEASE SAVEPOINT deletion_step`.execute(trx);
  rollbackToSavepoint = (trx: DeletionTransaction) =>
    sql`ROLLBACK TO SAVEPOINT deletion_step`.execute(trx);
}
