import {
  MAX_LONG_DAYS,
  type AccessTokenClaims,
  type DataQuery,
  type DeletionProgress,
  type ImportProgress,
  type ImportQuery,
  type QueryPoint,
} from '@fleet/contract';
import type { FastifyBaseLogger } from 'fastify';
import { badRequest } from '../../lib/http-error.js';
import { toLocation } from '../../lib/location.js';
import type { ProgressWork, Report } from '../../lib/progress-stream.js';
import { dataWindow, type Window } from '../../lib/window.js';
import type { AccessService } from '../access/index.js';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { EngineService } from '../engine/index.js';
import type { RawDataService } from '../raw-data/index.js';
import {
  assertConfirmed,
  type DataDeletionService,
  type OrganisationTree,
} from '../organisations/index.js';
import type { AdminDataRepository, ImportScope } from './admin-data.repository.js';

/** What one import call may re-process: a quarter, and at most this many device-days. */
export const MAX_IMPORT_DAYS = 93;
export const MAX_IMPORT_ASSET_DAYS = 5000;

export interface ImportPlan {
  window: Window;
  scope: ImportScope;
  devices: number[];
  records: number;
}

/** The client went away: the import stops at its next step. */
export class ImportCancelled extends Error {
  constructor() {
    super('The re-processing was cancelled');
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The admin base's data calls: re-processing, query points, deleting data. */
export class AdminDataService {
  constructor(
    private readonly repository: AdminDataRepository,
    private readonly organisations: OrganisationTree,
    private readonly assets: AssetReads,
    private readonly engine: EngineService,
    private readonly access: AccessService,
    private readonly fleetAccess: FleetAccess,
    private readonly deletion: DataDeletionService,
    private readonly rawData: RawDataService,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * Checks an import before anything is sent, so a refusal still answers {code, message}: the
   * role, the scope (an organisation or asset of the caller's subtree: 404 otherwise), the window
   * (at most MAX_IMPORT_DAYS) and the work it would cause (at most MAX_IMPORT_ASSET_DAYS
   * device-days with records).
   */
  async planImport(user: AccessTokenClaims, query: ImportQuery): Promise<ImportPlan> {
    this.access.assertOemSection(user);
    if (query.organisationId !== undefined && query.assetId !== undefined)
      throw badRequest('give organisationId or assetId, not both');
    const window = dataWindow(query, MAX_IMPORT_DAYS);
    let scope: ImportScope;
    let organisationIds: number[];
    if (query.assetId !== undefined) {
      const id = query.assetId;
      const asset = await this.assets.find(id);
      await this.fleetAccess.record(user, asset, `Asset ${id}`, 'read');
      scope = { kind: 'asset', assetId: id };
      organisationIds = asset ? [asset.organisationId] : [];
    } else {
      const root = query.organisationId ?? user.organisation_id;
      await this.access.organisation(user, root);
      organisationIds = (await this.organisations.subtree(root)).map((o) => o.id);
      scope = { kind: 'organisations', organisationIds };
    }
    await this.assertRawDataKept(window, organisationIds);
    const devices = await this.repository.devicesWithRecords(scope, window);
    const { records, deviceDays } = await this.repository.recordsOf(devices, window);
    if (deviceDays > MAX_IMPORT_ASSET_DAYS) {
      throw badRequest(
        `the window holds ${deviceDays} device-days of records; re-process at most ${MAX_IMPORT_ASSET_DAYS} per call (ask for a shorter window)`,
      );
    }
    return { window, scope, devices, records };
  }

  /**
   * Raw data retention removed the records of older days: their trips, statistics and events
   * are the only copy left, and re-processing would rebuild them from nothing (docs/operations.md).
   */
  private async assertRawDataKept(window: Window, organisationIds: number[]): Promise<void> {
    const kept = await this.rawData.keptFrom(organisationIds);
    if (!kept || window.from.toISOString().slice(0, 10) >= kept.from) return;
    throw badRequest(
      `raw data before ${kept.from} is removed by the retention setting of organisation ${kept.organisationId} (${kept.days} days), so those days cannot be re-processed; choose a window from ${kept.from}`,
    );
  }

  /**
   * Re-processes a planned window: records take their asset from the device links as they
   * are now, and every asset-day they touch is rebuilt. Reports at once, then after each step
   * (the heartbeat of the stream fills the gaps). Stops at the next step once `signal` is
   * aborted (the client went away): what is queued by then is rebuilt by the background
   * workers as usual, since the queue is the engine's and rebuilding is idempotent.
   */
  async runImport(
    { window, scope, devices, records }: ImportPlan,
    report: Report<ImportProgress>,
    signal: AbortSignal,
  ): Promise<ImportProgress> {
    const started = Date.now();
    let reattributed = 0;
    let processed = 0;
    let total = 0;
    let remaining = await this.repository.queued(scope);
    const progress = (status: ImportProgress['status']): ImportProgress => ({
      status,
      devices: devices.length,
      reattributed,
      total,
      remaining,
      processed,
    });
    const stopIfCancelled = () => {
      if (!signal.aborted) return;
      this.log.info(
        { scope, from: window.from, until: window.until, reattributed, processed, remaining },
        'raw data import cancelled by the client',
      );
      throw new ImportCancelled();
    };
    report(progress('started'));
    for (const device of devices) {
      stopIfCancelled();
      await this.engine.reattributeDevice(device, window.from, window.until);
      reattributed++;
      report(progress('running'));
    }
    remaining = total = await this.repository.queued(scope);
    report(progress('running'));
    let reported = Date.now();
    while (remaining > 0) {
      stopIfCancelled();
      // Work along with the background workers; whoever takes an asset-day rebuilds it.
      const done = await this.engine.processNext();
      if (done) processed += done;
      else await sleep(100);
      if (Date.now() - reported >= 500 || processed % 20 === 0) {
        remaining = await this.repository.queued(scope);
        // New batches of live trucks queue days of their own: the total grows with them.
        total = Math.max(total, remaining);
        reported = Date.now();
        report(progress('running'));
      }
    }
    return {
      ...progress('finished'),
      assetDays: await this.repository.assetDays(devices, window),
      records,
      seconds: (Date.now() - started) / 1000,
    };
  }

  async queryPoints(
    user: AccessTokenClaims,
    assetId: number,
    query: DataQuery,
  ): Promise<QueryPoint[]> {
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
      source: r.source === 'DATAPOINT' ? 'DATAPOINT' : 'RECORD',
      transferReason: r.transfer_reason,
      location: toLocation(r.latitude, r.longitude)!,
      speed: r.speed,
    }));
  }

  /**
   * Checks a deletion of all vehicle data of the organisation and its descendants (OEM only,
   * confirmed with the organisation's name) and answers the work, which runs in one transaction.
   */
  async deleteData(
    user: AccessTokenClaims,
    organisationId: number,
    confirm: string,
  ): Promise<ProgressWork<DeletionProgress>> {
    const organisation = await this.access.organisation(user, organisationId);
    this.access.assertOemSection(user);
    assertConfirmed(organisation, confirm);
    return (report, signal) => this.deletion.run(organisationId, false, report, signal);
  }
}
