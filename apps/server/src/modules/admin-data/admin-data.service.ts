import type { AccessTokenClaims, DataQuery } from '@fleet/contract';
import { badRequest } from '../../lib/http-error.js';
import type { AccessService } from '../access/access.service.js';
import type { FleetAccess } from '../access/fleet-access.js';
import type { AssetRepository } from '../assets/assets.repository.js';
import type { EngineService } from '../engine/engine.service.js';
import type { OrganisationRepository } from '../organisations/organisations.repository.js';
import type { AdminDataRepository } from './admin-data.repository.js';

export interface ImportProgress {
  status: 'running' | 'finished';
  devices: number;
  /** asset-days of the caller's organisations still to rebuild */
  remaining: number;
  /** asset-days rebuilt by this import */
  processed: number;
}

const MAX_IMPORT_DAYS = 400;

/** The admin base's data calls: re-processing, query points, deleting data. */
export class AdminDataService {
  constructor(
    private readonly repository: AdminDataRepository,
    private readonly organisations: OrganisationRepository,
    private readonly assets: AssetRepository,
    private readonly engine: EngineService,
    private readonly access: AccessService,
    private readonly fleetAccess: FleetAccess,
  ) {}

  /**
   * Re-processes [from, until) for the caller's organisations: records take
   * their asset from the device links as they are now, and every asset-day
   * they touch is rebuilt. Yields progress until the work is done.
   */
  async *import(
    user: AccessTokenClaims,
    from: string,
    until: string,
  ): AsyncGenerator<ImportProgress> {
    this.access.assertOemSection(user);
    const window = { from: new Date(from), until: new Date(until) };
    if (!(window.from < window.until)) throw badRequest('from must be before until');
    if (window.until.getTime() - window.from.getTime() > MAX_IMPORT_DAYS * 86_400_000) {
      throw badRequest(`re-process at most ${MAX_IMPORT_DAYS} days at a time`);
    }
    const organisationIds = (await this.organisations.subtree(user.organisation_id)).map(
      (o) => o.id,
    );
    const devices = await this.repository.devicesWithRecords(organisationIds, window);
    for (const device of devices)
      await this.engine.reattributeDevice(device, window.from, window.until);
    let processed = 0;
    let remaining = await this.repository.queued(organisationIds);
    let reported = 0;
    yield { status: 'running', devices: devices.length, remaining, processed };
    while (remaining > 0) {
      // Work along with the background workers; whoever takes an asset-day rebuilds it.
      if (await this.engine.processNext()) processed++;
      else await new Promise((r) => setTimeout(r, 100));
      if (Date.now() - reported > 1000) {
        remaining = await this.repository.queued(organisationIds);
        reported = Date.now();
        yield { status: 'running', devices: devices.length, remaining, processed };
      } else if (processed % 50 === 0) {
        remaining = await this.repository.queued(organisationIds);
      }
    }
    yield { status: 'finished', devices: devices.length, remaining: 0, processed };
  }

  async queryPoints(user: AccessTokenClaims, assetId: number, query: DataQuery) {
    await this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'read',
    );
    this.access.assertOemSection(user);
    const window = {
      from: new Date(query.from),
      until: query.until ? new Date(query.until) : new Date(),
    };
    if (!(window.from < window.until)) throw badRequest('from must be before until');
    const rows = await this.repository.queryPoints(assetId, window);
    return rows.map((r) => ({
      timestamp: r.timestamp.toISOString(),
      source: r.source,
      transferReason: r.transfer_reason,
      location: { latitude: r.latitude, longitude: r.longitude },
      speed: r.speed,
    }));
  }

  /** Deletes all vehicle data of the organisation and its descendants: OEM only. */
  async deleteData(user: AccessTokenClaims, organisationId: number) {
    await this.access.organisation(user, organisationId);
    this.access.assertOemSection(user);
    const organisationIds = (await this.organisations.subtree(organisationId)).map((o) => o.id);
    return { deleted: await this.repository.deleteData(organisationIds) };
  }
}
