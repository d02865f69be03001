import type {
  AssetMonitoring,
  AssetMonitoringRequest,
  DeviceMonitoring,
  MonitoringQuery,
} from '@fleet/contract';
import { badRequest } from '../../lib/http-error.js';
import { webhookOutcome } from './monitoring-rules.js';
import type { MonitoringRow, PositionRow, RequestRow } from './monitoring.repository.js';

// How the API answers monitorings and their requests: pure mappings from the rows.

type IceServers = NonNullable<NonNullable<AssetMonitoring['liveFeed']>['iceServers']>;

function requestState(row: RequestRow, now: number): AssetMonitoringRequest['state'] {
  return row.state === 'PENDING' && row.expires_at.getTime() <= now ? 'EXPIRED' : row.state;
}

export function toRequest(row: RequestRow, now: number): AssetMonitoringRequest {
  const state = requestState(row, now);
  return {
    id: row.id,
    assetId: row.asset_id,
    deviceId: row.device_id,
    timestamp: row.requested_at.toISOString(),
    tracingFrequency: row.tracing_frequency,
    liveFeed: row.live_feed,
    liveFeedCameraMask: row.live_feed_camera_mask,
    ...(row.acknowledged_at ? { syncedWithDevice: row.acknowledged_at.toISOString() } : {}),
    expiresAt: row.expires_at.toISOString(),
    state,
    reason:
      state === 'EXPIRED' && row.state === 'PENDING'
        ? 'the device did not start the monitoring in time'
        : row.reason,
    monitoringId: row.monitoring_id,
    requestedBy: row.requested_by,
  };
}

/** Whether the monitoring's live room is open to watch now. */
export function isLive(row: MonitoringRow): boolean {
  return row.room_id !== null && row.live_feed_reason === null && !row.end_at;
}

/** The monitoring as the API answers it; `iceServers` for a viewer watching it live. */
export function toMonitoring(
  row: MonitoringRow,
  positions: readonly PositionRow[],
  accessToken: string,
  iceServers?: IceServers,
): AssetMonitoring {
  return {
    id: row.id,
    requestId: row.request_id,
    assetId: row.asset_id,
    deviceId: row.device_id,
    ...(row.driver_id !== null ? { driverId: row.driver_id } : {}),
    start: row.start_at.toISOString(),
    ...(row.end_at ? { end: row.end_at.toISOString() } : {}),
    ...(row.ended_by ? { endedBy: row.ended_by } : {}),
    maxEnd: row.max_end_at.toISOString(),
    tracingFrequency: row.tracing_frequency,
    dataPoints: positions.map((p) => ({
      timestamp: p.timestamp.toISOString(),
      location: { latitude: p.latitude, longitude: p.longitude },
      speed: p.speed,
      heading: p.heading,
    })),
    controlRoomAlarm: {
      controlRoomIdentifier: row.control_room_identifier,
      webhook: {
        state: row.webhook_state,
        attempts: row.webhook_attempts,
        lastAttemptAt: row.webhook_last_attempt_at?.toISOString() ?? null,
        deliveredAt: row.webhook_delivered_at?.toISOString() ?? null,
        ...webhookOutcome(row.webhook_attempts, row.webhook_state, row.webhook_last_error),
      },
    },
    accessToken,
    liveFeed: row.live_feed
      ? {
          available: row.room_id !== null && row.live_feed_reason === null,
          reason: row.live_feed_reason,
          roomId: row.room_id === null || row.end_at ? null : Number(row.room_id),
          joinPassphrase: row.end_at ? null : row.room_pin,
          cameraMask: row.camera_mask,
          media: row.media,
          recordingsPending: row.recordings_pending,
          ...(iceServers ? { iceServers } : {}),
        }
      : null,
    deviceName: row.device_name,
    deviceIdentifier: row.device_identifier,
    assetName: row.asset_name,
    driverName: row.driver_name,
    driverPhone: row.driver_phone,
  };
}

/** The monitoring as its device reads it: the live room to publish into while it is open. */
export function toDeviceMonitoring(
  row: MonitoringRow,
  gateway: { deviceUrl?: string | null; iceServers: () => IceServers },
): DeviceMonitoring {
  const ended = row.end_at !== null;
  const available = isLive(row);
  return {
    id: row.id,
    tracingFrequency: row.tracing_frequency,
    start: row.start_at.toISOString(),
    maxEnd: row.max_end_at.toISOString(),
    ended,
    liveFeed: row.live_feed
      ? {
          available,
          reason: ended ? 'the monitoring ended' : row.live_feed_reason,
          gatewayUrl: available ? (gateway.deviceUrl ?? null) : null,
          roomId: available ? Number(row.room_id) : null,
          pin: available ? row.room_pin : null,
          cameraMask: row.camera_mask,
          iceServers: available ? gateway.iceServers() : [],
        }
      : null,
  };
}

/** The period a list asks for (either end open). */
export function period(query: MonitoringQuery) {
  const from = query.from === undefined ? undefined : new Date(query.from);
  const until = query.until === undefined ? undefined : new Date(query.until);
  if (from && until && from >= until) throw badRequest('from must lie before until');
  return { from, until };
}
