import type { DatapointInput, DeviceMonitoring, MonitoringPositionsResult } from '@fleet/contract';
import { badRequest, conflict, notFound } from '../../lib/http-error.js';
import type { DeviceChannelService } from '../device-channel/index.js';
import type { OrganisationSettingsService } from '../organisation-settings/index.js';
import type { VideoGatewayService } from '../video-gateway/index.js';
import type { MonitoringEnd } from './monitoring-end.js';
import type { MonitoringRooms, RoomKeys } from './monitoring-rooms.js';
import { newPin, newRoomId, newRoomSecret } from './monitoring-rules.js';
import { toDeviceMonitoring } from './monitoring-views.js';
import type { MonitoringRepository, MonitoringRow } from './monitoring.repository.js';

const MINUTE = 60_000;

/**
 * The device's side of a monitoring (device API): it starts what its MONITORING_REQUEST
 * command asked, reads it (with the live room to publish into), sends positions and ends it.
 */
export class MonitoringDevices {
  constructor(
    private readonly repository: MonitoringRepository,
    private readonly ending: MonitoringEnd,
    private readonly rooms: MonitoringRooms,
    channel: DeviceChannelService,
    private readonly settings: OrganisationSettingsService,
    private readonly gateway: VideoGatewayService,
  ) {
    channel.handle('MONITORING_REQUEST', {
      acknowledged: async () => undefined,
      progress: async () => {
        throw badRequest('A MONITORING_REQUEST command takes no progress');
      },
      finished: async (command) => {
        if (command.status === 'FAILED')
          await this.repository.failRequest(command.id, command.reason || 'refused by the device');
      },
    });
  }

  /** POST /device-api/v1/monitorings: the device starts what its command asked (idempotent). */
  async startByDevice(
    deviceId: number,
    commandId: number,
  ): Promise<{ monitoring: DeviceMonitoring; created: boolean }> {
    const request = await this.repository.requestOfCommand(deviceId, commandId);
    if (!request) throw notFound(`Monitoring request command ${commandId} does not exist`);
    if (request.monitoring_id !== null)
      return { monitoring: await this.deviceView(deviceId, request.monitoring_id), created: false };
    if (request.state !== 'PENDING' || request.expired)
      throw conflict(
        `The monitoring request is ${request.expired && request.state === 'PENDING' ? 'EXPIRED' : request.state}: it can no longer start`,
      );
    const settings = await this.settings.of(request.organisation_id);
    let room: RoomKeys | null = null;
    let liveFeedReason: string | null = null;
    if (request.live_feed) {
      liveFeedReason = this.gateway.unavailableReason;
      if (!liveFeedReason) room = { id: newRoomId(), pin: newPin(), secret: newRoomSecret() };
    }
    const id = await this.repository.start(
      {
        requestId: request.id,
        assetId: request.asset_id,
        deviceId,
        driverId: await this.repository.driverNow(request.asset_id),
        controlRoomIdentifier: settings.controlRoomIdentifier,
        tracingFrequency: request.tracing_frequency,
        liveFeed: request.live_feed,
        cameraMask: request.live_feed_camera_mask,
        maxMinutes: settings.maxMonitoringMinutes,
        room,
        liveFeedReason,
        webhook: settings.alarmWebhookUrl !== null,
      },
      commandId,
    );
    if (id === undefined) {
      // Another call started it meanwhile.
      const again = await this.repository.requestOfCommand(deviceId, commandId);
      if (again?.monitoring_id)
        return { monitoring: await this.deviceView(deviceId, again.monitoring_id), created: false };
      throw conflict('The monitoring request can no longer start');
    }
    if (room) await this.rooms.open(id, room);
    if (settings.alarmWebhookUrl) this.ending.wantJob('webhooks');
    return { monitoring: await this.deviceView(deviceId, id), created: true };
  }

  async deviceView(deviceId: number, id: number): Promise<DeviceMonitoring> {
    const row = await this.ownMonitoring(deviceId, id);
    return toDeviceMonitoring(row, {
      deviceUrl: this.gateway.deviceUrl,
      iceServers: () => this.gateway.iceServersFor(`device-${row.device_id}`),
    });
  }

  async positionsByDevice(
    deviceId: number,
    id: number,
    positions: readonly DatapointInput[],
  ): Promise<MonitoringPositionsResult> {
    const row = await this.ownMonitoring(deviceId, id);
    if (row.end_at) return { stored: 0, ended: true, tracingFrequency: row.tracing_frequency };
    const future = positions.findIndex((p) => Date.parse(p.timestamp) > Date.now() + 5 * MINUTE);
    if (future >= 0) throw badRequest(`positions[${future}].timestamp lies in the future`);
    const stored = await this.repository.addPositions(id, positions);
    return { stored, ended: false, tracingFrequency: row.tracing_frequency };
  }

  async endByDevice(deviceId: number, id: number): Promise<DeviceMonitoring> {
    await this.ownMonitoring(deviceId, id);
    await this.ending.end(id, 'DEVICE');
    return this.deviceView(deviceId, id);
  }

  private async ownMonitoring(deviceId: number, id: number): Promise<MonitoringRow> {
    const row = await this.repository.find(id);
    if (!row || row.device_id !== deviceId) throw notFound(`Monitoring ${id} does not exist`);
    return row;
  }
}
