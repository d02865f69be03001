import type {
  AccessTokenClaims,
  DriverListItem,
  DriverListQuery,
  CreateDriverBody,
  Driver,
  UpdateDriverBody,
} from '@fleet/contract';
import { conflict, notFound } from '../../lib/http-error.js';
import type { Page } from '../../db/list-page.js';
import { optionalText } from '../../lib/text.js';
import type { FleetAccess, Intent } from '../access/index.js';
import type { SyncedRecords } from '../../db/synced-records.js';
import type { DriverRepository } from './drivers.repository.js';

export class DriverService {
  constructor(
    private readonly repository: DriverRepository,
    private readonly access: FleetAccess,
    private readonly synced: SyncedRecords,
  ) {}

  async list(
    user: AccessTokenClaims,
    organisationId: number,
    query: DriverListQuery,
  ): Promise<Page<DriverListItem>> {
    await this.access.organisation(user, organisationId, 'read');
    return this.repository.list(organisationId, query);
  }

  async create(
    user: AccessTokenClaims,
    organisationId: number,
    body: CreateDriverBody,
  ): Promise<Driver> {
    await this.access.organisation(user, organisationId, 'write');
    return this.repository.create(organisationId, {
      firstName: body.firstName.trim(),
      lastName: body.lastName.trim(),
      phone: optionalText(body.phone) ?? null,
    });
  }

  get(user: AccessTokenClaims, id: number): Promise<Driver> {
    return this.find(user, id, 'read');
  }

  async update(user: AccessTokenClaims, id: number, body: UpdateDriverBody): Promise<Driver> {
    await this.find(user, id, 'write');
    await this.synced.assertLocal('driver', id);
    const updated = await this.repository.update(id, {
      firstName: body.firstName?.trim(),
      lastName: body.lastName?.trim(),
      phone: optionalText(body.phone),
    });
    if (!updated) throw notFound(`Driver ${id} does not exist`);
    return updated;
  }

  /** Refused (409) while it is linked to an asset (a link that has not ended). */
  async delete(user: AccessTokenClaims, id: number): Promise<void> {
    const driver = await this.find(user, id, 'write');
    await this.synced.assertLocal('driver', id);
    const holds = await this.repository.deleteUnlessLinked(id);
    if (holds) {
      throw conflict(
        `Driver '${driver.firstName} ${driver.lastName}' is still linked to asset '${holds.assetName}'; end that link first`,
      );
    }
  }

  private async find(user: AccessTokenClaims, id: number, intent: Intent): Promise<Driver> {
    return this.access.record(user, await this.repository.find(id), `Driver ${id}`, intent);
  }
}
