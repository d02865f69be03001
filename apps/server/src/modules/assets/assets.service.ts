import type {
  AccessTokenClaims,
  Asset,
  AssetListItem,
  AssetListQuery,
  CreateAssetBody,
  UpdateAssetBody,
} from '@fleet/contract';
import type { Page } from '../../db/list-page.js';
import { conflict, notFound } from '../../lib/http-error.js';
import { plural } from '../../lib/text.js';
import { optionalText } from '../../lib/text.js';
import type { FleetAccess, Intent } from '../access/index.js';
import type { SyncedRecords } from '../../db/synced-records.js';
import type { AssetRepository } from './assets.repository.js';

export class AssetService {
  constructor(
    private readonly repository: AssetRepository,
    private readonly access: FleetAccess,
    private readonly synced: SyncedRecords,
  ) {}

  async list(
    user: AccessTokenClaims,
    organisationId: number,
    query: AssetListQuery,
  ): Promise<Page<AssetListItem>> {
    await this.access.organisation(user, organisationId, 'read');
    return this.repository.list(organisationId, query);
  }

  async create(
    user: AccessTokenClaims,
    organisationId: number,
    body: CreateAssetBody,
  ): Promise<Asset> {
    await this.access.organisation(user, organisationId, 'write');
    return this.repository.create(organisationId, {
      name: body.name.trim(),
      licencePlate: optionalText(body.licencePlate) ?? null,
    });
  }

  get(user: AccessTokenClaims, id: number): Promise<Asset> {
    return this.find(user, id, 'read');
  }

  async update(user: AccessTokenClaims, id: number, body: UpdateAssetBody): Promise<Asset> {
    await this.find(user, id, 'write');
    await this.synced.assertLocal('asset', id);
    const updated = await this.repository.update(id, {
      name: body.name?.trim(),
      licencePlate: optionalText(body.licencePlate),
    });
    if (!updated) throw notFound(`Asset ${id} does not exist`);
    return updated;
  }

  /** Refused (409) while a device or driver link has not ended. */
  async delete(user: AccessTokenClaims, id: number): Promise<void> {
    await this.find(user, id, 'write');
    await this.synced.assertLocal('asset', id);
    const holds = await this.repository.deleteUnlessLinked(id);
    if (holds) {
      const links = [
        holds.devices && plural(holds.devices, 'device link'),
        holds.drivers && plural(holds.drivers, 'driver link'),
      ].filter(Boolean);
      throw conflict(
        `Asset '${holds.name}' still has ${links.join(' and ')} that ${holds.devices + holds.drivers > 1 ? 'have' : 'has'} not ended; end ${holds.devices + holds.drivers > 1 ? 'them' : 'it'} first`,
      );
    }
  }

  private async find(user: AccessTokenClaims, id: number, intent: Intent): Promise<Asset> {
    return this.access.record(user, await this.repository.find(id), `Asset ${id}`, intent);
  }
}
