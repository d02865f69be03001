import type {
  AccessTokenClaims,
  ConfigurationGroupListItem,
  ConfigurationGroupListQuery,
  ConfigurationGroup,
  ConfigurationGroupDetail,
  ConfigurationGroupMembers,
  DeviceSettingsStatus,
  CreateConfigurationGroupBody,
  UpdateConfigurationGroupBody,
} from '@fleet/contract';
import { conflict, notFound } from '../../lib/http-error.js';
import { plural } from '../../lib/text.js';
import type { Page } from '../../db/list-page.js';
import type { FleetAccess, Intent } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import { Membership } from '../groups/index.js';
import type { ConfigurationGroupRepository } from './configuration-groups.repository.js';

/** A configuration group holds the device settings of its assets; an asset is in at most one. */
export class ConfigurationGroupService {
  /** Its assets: the same implementation as groups'. */
  readonly membership: Membership<ConfigurationGroupMembers>;

  constructor(
    private readonly repository: ConfigurationGroupRepository,
    assets: AssetReads,
    private readonly access: FleetAccess,
    private readonly settings: {
      /** Each device of the group's assets with its settings state. */
      devicesOf(configurationGroupId: number): Promise<DeviceSettingsStatus[]>;
      /** The assets' devices get their (new) effective settings. */
      assetsChanged(assetIds: number[]): Promise<void>;
    },
  ) {
    // An asset joining or leaving changes the settings its device should have.
    this.membership = new Membership(
      'Configuration group',
      (id) => repository.find(id),
      repository,
      { asset: (id) => assets.find(id) },
      access,
      (_kind, assetId) => settings.assetsChanged([assetId]),
    );
  }

  async list(
    user: AccessTokenClaims,
    organisationId: number,
    query: ConfigurationGroupListQuery,
  ): Promise<Page<ConfigurationGroupListItem>> {
    await this.access.organisation(user, organisationId, 'read');
    return this.repository.list(organisationId, query);
  }

  async create(
    user: AccessTokenClaims,
    organisationId: number,
    body: CreateConfigurationGroupBody,
  ): Promise<ConfigurationGroup> {
    await this.access.organisation(user, organisationId, 'write');
    return this.repository.create(organisationId, body.name.trim());
  }

  /** The group with the settings state of each device of its assets. */
  async get(user: AccessTokenClaims, id: number): Promise<ConfigurationGroupDetail> {
    const group = await this.find(user, id, 'read');
    return { ...group, devices: await this.settings.devicesOf(id) };
  }

  async update(
    user: AccessTokenClaims,
    id: number,
    body: UpdateConfigurationGroupBody,
  ): Promise<ConfigurationGroup> {
    await this.find(user, id, 'write');
    const updated = await this.repository.update(id, body.name?.trim());
    if (!updated) throw notFound(`Configuration group ${id} does not exist`);
    return updated;
  }

  /** Refused (409) while it holds assets: their devices would fall back to the defaults. */
  async delete(user: AccessTokenClaims, id: number): Promise<void> {
    const group = await this.find(user, id, 'write');
    const assets = await this.repository.deleteUnlessHoldingAssets(id);
    if (assets) {
      throw conflict(
        `Configuration group '${group.name}' still holds ${plural(assets, 'asset')}; take ${assets > 1 ? 'them' : 'it'} out first`,
      );
    }
  }

  private async find(
    user: AccessTokenClaims,
    id: number,
    intent: Intent,
  ): Promise<ConfigurationGroup> {
    return this.access.record(
      user,
      await this.repository.find(id),
      `Configuration group ${id}`,
      intent,
    );
  }
}
