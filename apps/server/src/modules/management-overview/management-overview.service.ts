import type { AccessTokenClaims, ManagementOverview } from '@fleet/contract';
import type { AccessService } from '../access/index.js';
import type { ManagementOverviewRepository } from './management-overview.repository.js';

/** The management overview page: counts, and what needs attention with a link to its list. */
export class ManagementOverviewService {
  constructor(
    private readonly repository: ManagementOverviewRepository,
    private readonly access: AccessService,
  ) {}

  async get(user: AccessTokenClaims, organisationId: number): Promise<ManagementOverview> {
    await this.access.organisation(user, organisationId);
    const c = await this.repository.counts(organisationId);
    return {
      counts: { assets: c.assets, devices: c.devices, drivers: c.drivers, groups: c.groups },
      checks: [
        {
          check: 'devicesWithoutAsset',
          count: c.devices_without_asset,
          resource: 'devices',
          filter: 'unlinked',
        },
        {
          check: 'assetsWithoutDevice',
          count: c.assets_without_device,
          resource: 'assets',
          filter: 'unlinked',
        },
        { check: 'silentDevices', count: c.silent_devices, resource: 'devices', filter: 'silent' },
        {
          check: 'pendingDevices',
          count: c.pending_devices,
          resource: 'devices',
          filter: 'pending',
        },
      ],
    };
  }
}
