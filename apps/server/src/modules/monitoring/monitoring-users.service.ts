import {
  MAX_MONITORINGS_LISTED,
  MONITORING_REQUEST_TTL_MINUTES,
  type AccessTokenClaims,
  type AssetMonitoring,
  type AssetMonitoringRequest,
  type AssetMonitoringRequestInput,
  type MonitoringQuery,
  type MonitoringRequestCommand,
} from '@fleet/contract';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { AccessService, FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DeviceChannelService } from '../device-channel/index.js';
import type { DriverReads } from '../drivers/index.js';
import { monitoringRequestProblem, normaliseRequest } from './monitoring-rules.js';
import type { MonitoringViewers } from './monitoring-viewers.service.js';
import { period, toRequest } from './monitoring-views.js';
import { AssetBusy, type MonitoringRepository } from './monitoring.repository.js';

const MINUTE = 60_000;

/**
 * What signed-in users do with the monitorings of the fleet they may see: ask a vehicle for
 * one (the request goes to the device as a command), list requests and monitorings of an
 * asset or a driver, and find an asset's active one.
 */
export class MonitoringUsers {
  constructor(
    private readonly repository: MonitoringRepository,
    private readonly viewers: MonitoringViewers,
    private readonly assets: AssetReads,
    private readonly drivers: DriverReads,
    private readonly access: AccessService,
    private readonly fleetAccess: FleetAccess,
    private readonly channel: DeviceChannelService,
  ) {}

  async request(
    user: AccessTokenClaims,
    assetId: number,
    input: AssetMonitoringRequestInput,
  ): Promise<AssetMonitoringRequest> {
    await this.mayMonitor(user, 'asset', assetId, 'write');
    const problem = monitoringRequestProblem(input, assetId);
    if (problem) throw badRequest(problem);
    const deviceId = await this.repository.deviceNow(assetId);
    if (deviceId === undefined) throw badRequest('No device is fitted to this vehicle now');
    const request = normaliseRequest(input);
    const expiresAt = new Date(Date.now() + MONITORING_REQUEST_TTL_MINUTES * MINUTE);
    let id: number;
    try {
      id = await this.repository.createRequest(
        { assetId, deviceId, requestedBy: user.user_id, ...request },
        (executor, monitoringRequestId) => {
          const payload: MonitoringRequestCommand = { monitoringRequestId, ...request };
          return this.channel.send(deviceId, 'MONITORING_REQUEST', payload, expiresAt, executor);
        },
      );
    } catch (error) {
      if (error instanceof AssetBusy)
        throw conflict('This asset already has a monitoring that is active or waiting to start');
      throw error;
    }
    return toRequest((await this.repository.findRequest(id))!, Date.now());
  }

  async requests(
    user: AccessTokenClaims,
    assetId: number,
    query: MonitoringQuery,
  ): Promise<AssetMonitoringRequest[]> {
    await this.mayMonitor(user, 'asset', assetId, 'read');
    const { from, until } = period(query);
    const rows = await this.repository.listRequests(assetId, {
      from,
      until,
      limit: MAX_MONITORINGS_LISTED,
    });
    const now = Date.now();
    return rows.map((r) => toRequest(r, now));
  }

  async list(
    user: AccessTokenClaims,
    by: 'asset' | 'driver',
    id: number,
    query: MonitoringQuery,
  ): Promise<AssetMonitoring[]> {
    await this.mayMonitor(user, by, id, 'read');
    const { from, until } = period(query);
    const rows = await this.repository.list(by, id, { from, until, limit: MAX_MONITORINGS_LISTED });
    return Promise.all(rows.map((r) => this.viewers.answer(r)));
  }

  async active(user: AccessTokenClaims, assetId: number): Promise<AssetMonitoring> {
    await this.mayMonitor(user, 'asset', assetId, 'read');
    const row = await this.repository.active(assetId);
    if (!row) throw notFound(`Asset ${assetId} has no active monitoring`);
    return this.viewers.answer(row);
  }

  /** The user may read (or write) the asset or driver, and may monitor at all. */
  private async mayMonitor(
    user: AccessTokenClaims,
    by: 'asset' | 'driver',
    id: number,
    mode: 'read' | 'write',
  ): Promise<void> {
    const record = by === 'asset' ? await this.assets.find(id) : await this.drivers.find(id);
    await this.fleetAccess.record(
      user,
      record,
      `${by === 'asset' ? 'Asset' : 'Driver'} ${id}`,
      mode,
    );
    this.access.assertMayMonitor(user);
  }
}
