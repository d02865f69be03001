import type { Asset } from '@fleet/contract';
import type { Db } from '../../db/database.js';

export const ASSET_COLUMNS = [
  'assets.id',
  'assets.organisation_id',
  'assets.name',
  'assets.licence_plate',
  'assets.configuration_group_id',
] as const;

export const toAsset = (row: {
  id: number;
  organisation_id: number;
  name: string;
  licence_plate: string | null;
  configuration_group_id: number | null;
}): Asset => ({
  id: row.id,
  organisationId: row.organisation_id,
  name: row.name,
  licencePlate: row.licence_plate,
  configurationGroupId: row.configuration_group_id,
});

export interface AssetFields {
  name: string;
  licencePlate: string | null;
}

export class AssetRepository {
  constructor(private readonly db: Db) {}

  async find(id: number): Promise<Asset | undefined> {
    const row = await this.db
      .selectFrom('assets')
      .select(ASSET_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toAsset(row);
  }

  /** The organisation's own assets (not its descendants'), by name. */
  async listByOrganisation(organisationId: number): Promise<Asset[]> {
    const rows = await this.db
      .selectFrom('assets')
      .select(ASSET_COLUMNS)
      .where('organisation_id', '=', organisationId)
      .orderBy((eb) => eb.fn('lower', ['name']))
      .orderBy('id')
      .execute();
    return rows.map(toAsset);
  }

  async create(organisationId: number, fields: AssetFields): Promise<Asset> {
    const row = await this.db
      .insertInto('assets')
      .values({
        organisation_id: organisationId,
        name: fields.name,
        licence_plate: fields.licencePlate,
      })
      .returning(ASSET_COLUMNS)
      .executeTakeFirstOrThrow();
    return toAsset(row);
  }

  async update(id: number, fields: Partial<AssetFields>): Promise<Asset | undefined> {
    if (fields.name === undefined && fields.licencePlate === undefined) return this.find(id);
    const row = await this.db
      .updateTable('assets')
      .set({ name: fields.name, licence_plate: fields.licencePlate })
      .where('id', '=', id)
      .returning(ASSET_COLUMNS)
      .executeTakeFirst();
    return row && toAsset(row);
  }

  /** Its links and group memberships go with it. */
  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('assets').where('id', '=', id).execute();
  }
}
