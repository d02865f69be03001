import { MAX_LONG_DAYS, type AccessTokenClaims, type DataQuery } from '@fleet/contract';
import { badRequest } from '../../lib/http-error.js';
import { toLocation } from '../../lib/location.js';
import { dataWindow, type Window } from '../../lib/window.js';
import type { AccessService } from '../access/access.service.js';
import type { FleetAccess } from '../access/fleet-access.js';
import type { AssetRepository } from '../assets/assets.repository.js';
import type { EngineService } from '../engine/engine.service.js';
import type { OrganisationRepository } from '../organisations/organisations.repository.js';
import type { AdminDataRepository } from './admin-data.repository.js';

export interface ImportProgress {
  /** started: the first line, sent at once; failed: the last line when the work broke off */
  status: 'started' | 'running' | 'finished' | 'failed';
  devices: number;
  /** asset-days of the caller's organisations still to rebuild */
  remaining: number;
  /** asset-days rebuilt by this import */
  processed: number;
  /** devices whose records were given their assets again so far */
  reattributed?: number;
  /** with failed: what went wrong */
  message?: string;
}

/** What one import call may re-process: a quarter, and at most this many asset-days. */
export const MAX_IMPORT_DAYS = 93;
export const MAX_IMPORT_ASSET_DAYS = 5000;

export interface ImportPlan {
  window: Window;
  organisationIds: number[];
  devices: number[];
}

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
   * Checks an import before anything is sent, so a refusal still answers {code, message}: the
   * role, the window (at most MAX_IMPORT_DAYS) and the work it would cause (at most
   * MAX_IMPORT_ASSET_DAYS asset-days with records).
   */
  async planImport(user: AccessTokenClaims, from: string, until: string): Promise<ImportPlan> {
    this.access.assertOemSection(user);
    const window = dataWindow({ from, until }, MAX_IMPORT_DAYS);
    const organisationIds = (await this.organisations.subtree(user.organisation_id)).map(
      (o) => o.id,
    );
    const assetDays = await this.repository.deviceDaysWithRecords(organisationIds, window);
    if (assetDays > MAX_IMPORT_ASSET_DAYS) {
      throw badRequest(
        `the window holds ${assetDays} device-days of records; re-process at most ${MAX_IMPORT_ASSET_DAYS} per call (ask for a shorter window)`,
      );
    }
    const devices = await this.repository.devicesWithRecords(organisationIds, window);
    return { window, organisationIds, devices };
  }

  /**
   * Re-processes a planned window: records take their asset from the device links as they
   * are now, and every asset-day they touch is rebuilt. The first progress comes before any
   * work; then one at least every second until the work is done.
   */
  async *runImport({
    window,
    organisationIds,
    devices,
  }: ImportPlan): AsyncGenerator<ImportProgress> {
    let processed = 0;
    let reattributed = 0;
    let remaining = await this.repository.queued(organisationIds);
    const progress = (status: ImportProgress['status']): ImportProgress => ({
      status,
      devices: devices.length,
      remaining,
      processed,
      reattributed,
    });
    yield progress('started');
    try {
      let reported = Date.now();
      for (const device of devices) {
        await this.engine.reattributeDevice(device, window.from, window.until);
        reattributed++;
        if (Date.now() - reported > 1000) {
          reported = Date.now();
          yield progress('running');
        }
      }
      remaining = await this.repository.queued(organisationIds);
      yield progress('running');
      while (remaining > 0) {
        // Work along with the background workers; whoever takes an asset-day rebuilds it.
        if (await this.engine.processNext()) processed++;
        else await new Promise((r) => setTimeout(r, 100));
        if (Date.now() - reported > 1000) {
          remaining = await this.repository.queued(organisationIds);
          reported = Date.now();
          yield progress('running');
        } else if (processed % 50 === 0) {
          remaining = await this.repository.queued(organisationIds);
        }
      }
      yield progress('finished');
    } catch (error) {
      // The answer has begun: a failure is its last line rather than a status code.
      yield {
        ...progress('failed'),
        message: error instanceof Error ? error.message : String(error),
      };
    }
  }

  async queryPoints(user: AccessTokenClaims, assetId: number, query: DataQuery) {
    await this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'read',
    );
    this.access.assertOemSection(user);
    const window = dataWindow(query, MAX_LONG_DAYS);
    const rows = await this.repository.queryPoints(assetId, window);
    return rows.map((r) => ({
      timestamp: r.timestamp.toISOString(),
      source: r.source,
      transferReason: r.transfer_reason,
      location: toLocation(r.latitude, r.longitude)!,
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
