import type { FastifyBaseLogger } from 'fastify';
import {
  ENHANCE_SECONDS,
  ErrorCode,
  MAX_MONITORING_POSITIONS,
  MAX_MONITORINGS_LISTED,
  MONITORING_REQUEST_TTL_MINUTES,
  type AccessTokenClaims,
  type AssetMonitoring,
  type AssetMonitoringRequest,
  type AssetMonitoringRequestInput,
  type DeviceMonitoring,
  type MonitoringEndCommand,
  type MonitoringEnhanceCommand,
  type MonitoringEndReason,
  type MonitoringPositionsResult,
  type MonitoringQuery,
  type MonitoringRequestCommand,
  type DatapointInput,
} from '@fleet/contract';
import type { MonitoringConfig } from '../../config.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.js';
import type { AccessService } from '../access/index.js';
import type { FleetAccess } from '../access/index.js';
import { MonitoringAccess, type Viewer } from '../access/index.js';
import { callerKey } from '../authn/index.js';
import type { AssetReads as AssetRepository } from '../assets/index.js';
import type { DeviceChannelService } from '../device-channel/index.js';
import type { DriverReads as DriverRepository } from '../drivers/index.js';
import { contentDisposition, parseRange } from '../media/index.js';
import type { MediaStore } from '../media/index.js';
import type { OrganisationSettingsService } from '../organisation-settings/index.js';
import type { VideoGatewayService } from '../video-gateway/index.js';
import {
  monitoringRequestProblem,
  newPin,
  newRoomId,
  newRoomSecret,
  normaliseRequest,
  webhookOutcome,
} from './monitoring-rules.js';
import { MonitoringTokens } from './monitoring-tokens.js';
import {
  AssetBusy,
  type MonitoringRepository,
  type MonitoringRow,
  type RequestRow,
} from './monitoring.repository.js';

export type { Viewer };

/** The monitoring module's jobs (jobs/jobs.ts: `monitoring.<job>`). */
export type MonitoringJob = 'checks' | 'webhooks' | 'recordings';

const MINUTE = 60_000;
/** A MONITORING_END command waits this long for an offline device (its next call says it too). */
const END_COMMAND_TTL_MS = 60 * MINUTE;
const PUBLISHERS = 6; // five cameras and the control room

function requestState(row: RequestRow, now: number): AssetMonitoringRequest['state'] {
  return row.state === 'PENDING' && row.expires_at.getTime() <= now ? 'EXPIRED' : row.state;
}

function toRequest(row: RequestRow, now: number): AssetMonitoringRequest {
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

/**
 * Live safety monitoring (docs/monitoring.md): requests carried to the vehicle by the command
 * channel, the monitoring the device starts, its positions, its live room on the video
 * gateway, its end (by anyone, once), the recordings that become media, the control room's
 * signed alarm, and the token that opens one monitoring.
 */
export class MonitoringService {
  private want: (job: MonitoringJob) => void = () => undefined;
  private readonly tokens: MonitoringTokens;
  private readonly viewers: MonitoringAccess;

  constructor(
    private readonly repository: MonitoringRepository,
    private readonly assets: AssetRepository,
    private readonly drivers: DriverRepository,
    private readonly access: AccessService,
    private readonly fleetAccess: FleetAccess,
    private readonly channel: DeviceChannelService,
    private readonly settings: OrganisationSettingsService,
    private readonly gateway: VideoGatewayService,
    private readonly mediaStore: MediaStore,
    private readonly config: MonitoringConfig,
    secret: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.tokens = new MonitoringTokens(secret);
    this.viewers = new MonitoringAccess(access, fleetAccess);
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
    gateway.onRoomsLost(() => void this.remakeRooms());
  }

  // ── Requests ─────────────────────────────────────────────────────────────

  async request(
    user: AccessTokenClaims,
    assetId: number,
    input: AssetMonitoringRequestInput,
  ): Promise<AssetMonitoringRequest> {
    await this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'write',
    );
    this.access.assertMayMonitor(user);
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
    await this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'read',
    );
    this.access.assertMayMonitor(user);
    const { from, until } = period(query);
    const rows = await this.repository.listRequests(assetId, from, until, MAX_MONITORINGS_LISTED);
    const now = Date.now();
    return rows.map((r) => toRequest(r, now));
  }

  // ── Reading ──────────────────────────────────────────────────────────────

  async list(
    user: AccessTokenClaims,
    by: 'asset' | 'driver',
    id: number,
    query: MonitoringQuery,
  ): Promise<AssetMonitoring[]> {
    const record = by === 'asset' ? await this.assets.find(id) : await this.drivers.find(id);
    await this.fleetAccess.record(
      user,
      record,
      `${by === 'asset' ? 'Asset' : 'Driver'} ${id}`,
      'read',
    );
    this.access.assertMayMonitor(user);
    const { from, until } = period(query);
    const rows = await this.repository.list(by, id, from, until, MAX_MONITORINGS_LISTED);
    return Promise.all(rows.map((r) => this.answer(r)));
  }

  async active(user: AccessTokenClaims, assetId: number): Promise<AssetMonitoring> {
    await this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'read',
    );
    this.access.assertMayMonitor(user);
    const row = await this.repository.active(assetId);
    if (!row) throw notFound(`Asset ${assetId} has no active monitoring`);
    return this.answer(row);
  }

  async get(viewer: Viewer, id: number): Promise<AssetMonitoring> {
    return this.answer(await this.readable(viewer, id), viewer);
  }

  async token(user: AccessTokenClaims, id: number): Promise<{ accessToken: string }> {
    const row = await this.readable({ kind: 'user', user }, id);
    return { accessToken: await this.viewToken(row) };
  }

  /** A medium recorded during the monitoring, whole or the byte range asked for. */
  async download(viewer: Viewer, id: number, mediaId: number, rangeHeader?: string) {
    await this.readable(viewer, id);
    const medium = await this.repository.medium(id, mediaId);
    if (!medium) throw notFound(`Medium ${mediaId} does not exist`);
    const size = Number(medium.size);
    const range = parseRange(rangeHeader, size);
    if (range === 'unsatisfiable') {
      throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', `The file has ${size} bytes`, {
        'content-range': `bytes */${size}`,
      });
    }
    const read = await this.mediaStore.read(medium.storage_key, range).catch((error: unknown) => {
      this.log.error({ err: error }, 'media store read failed');
      throw new HttpError(503, ErrorCode.INTERNAL_ERROR, 'The media store could not be reached');
    });
    if (!read) throw notFound(`The file of medium ${mediaId} is missing`);
    const headers: Record<string, string> = {
      'content-type': medium.mime_type,
      'content-length': String(read.length),
      'content-disposition': contentDisposition(medium.file_name),
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=3600',
    };
    if (range) headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    return { status: range ? 206 : 200, stream: read.stream, headers };
  }

  /** The monitoring a viewer may read (modules/access decides). */
  private async readable(viewer: Viewer, id: number): Promise<MonitoringRow> {
    const own = viewer.kind === 'user' || viewer.monitoringId === id;
    return this.viewers.read(viewer, own ? await this.repository.find(id) : undefined, id);
  }

  /** Whether the viewer may use the video gateway now (modules/access decides). */
  async assertMayUseGateway(viewer: Viewer): Promise<void> {
    const own =
      viewer.kind === 'monitoringToken'
        ? await this.repository.endOf(viewer.monitoringId)
        : undefined;
    this.viewers.useGateway(viewer, own);
  }

  /**
   * Whether the viewer may watch the live room `room` now (the Janus proxy asks before a join):
   * the room of a live monitoring it may read; anything else answers as a missing room.
   */
  async assertMayWatch(viewer: Viewer, room: number): Promise<void> {
    await this.viewers.watch(viewer, await this.repository.findLiveByRoom(room), room);
  }

  /** The monitoring token of one monitoring, valid until its end plus MONITORING_TOKEN_HOURS. */
  viewToken(row: MonitoringRow): Promise<string> {
    const end = row.end_at ?? row.max_end_at;
    return this.tokens.sign(row.id, new Date(end.getTime() + this.config.tokenHours * 3_600_000));
  }

  /** The monitoring as the API answers it; a viewer watching it live gets its ICE servers too. */
  private async answer(row: MonitoringRow, viewer?: Viewer): Promise<AssetMonitoring> {
    const live = row.room_id !== null && row.live_feed_reason === null && !row.end_at;
    const positions = await this.repository.positions(row.id, MAX_MONITORING_POSITIONS);
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
      accessToken: await this.viewToken(row),
      liveFeed: row.live_feed
        ? {
            available: row.room_id !== null && row.live_feed_reason === null,
            reason: row.live_feed_reason,
            roomId: row.room_id === null || row.end_at ? null : Number(row.room_id),
            joinPassphrase: row.end_at ? null : row.room_pin,
            cameraMask: row.camera_mask,
            media: row.media,
            recordingsPending: row.recordings_pending,
            ...(viewer && live
              ? { iceServers: this.gateway.iceServersFor(callerKey(viewer)) }
              : {}),
          }
        : null,
      deviceName: row.device_name,
      deviceIdentifier: row.device_identifier,
      assetName: row.asset_name,
      driverName: row.driver_name,
      driverPhone: row.driver_phone,
    };
  }

  // ── Ending ───────────────────────────────────────────────────────────────

  async endByViewer(viewer: Viewer, id: number): Promise<AssetMonitoring> {
    const own = viewer.kind === 'user' || viewer.monitoringId === id;
    await this.viewers.end(viewer, own ? await this.repository.find(id) : undefined, id);
    await this.end(id, viewer.kind === 'user' ? 'USER' : 'TOKEN');
    return this.answer((await this.repository.find(id))!);
  }

  /**
   * 'Enhance video' (spec §2): the control room clicked a camera's video; the device sends
   * that camera at a higher quality for ENHANCE_SECONDS. Only while it is active, with a live
   * feed, for a camera it publishes (any camera when the device chose them: mask 0).
   */
  async enhance(viewer: Viewer, id: number, camera: number): Promise<void> {
    const row = await this.readable(viewer, id);
    if (row.end_at) throw conflict(`Monitoring ${id} has ended`);
    if (!row.live_feed) throw conflict(`Monitoring ${id} has no live feed`);
    if (row.camera_mask !== 0 && (row.camera_mask & camera) === 0)
      throw badRequest(`Camera ${camera} is not part of this monitoring's live feed`);
    const payload: MonitoringEnhanceCommand = {
      monitoringId: id,
      camera,
      seconds: ENHANCE_SECONDS,
    };
    await this.channel.send(
      row.device_id,
      'MONITORING_ENHANCE',
      payload,
      new Date(Date.now() + ENHANCE_SECONDS * 1000),
    );
  }

  /**
   * Ends it once; the device hears of it by a MONITORING_END command (unless it ended it) and
   * by the answer to its next call. The room and the recordings follow in the background.
   */
  async end(id: number, by: MonitoringEndReason): Promise<boolean> {
    const ended = await this.repository.end(id, by, (executor, deviceId) => {
      if (by === 'DEVICE') return Promise.resolve();
      const payload: MonitoringEndCommand = { monitoringId: id };
      return this.channel.send(
        deviceId,
        'MONITORING_END',
        payload,
        new Date(Date.now() + END_COMMAND_TTL_MS),
        executor,
      );
    });
    if (ended) this.want('checks');
    return ended;
  }

  // ── The device's side ────────────────────────────────────────────────────

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
    let room: { id: number; pin: string; secret: string } | null = null;
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
    if (room) await this.openRoom(id, room);
    if (settings.alarmWebhookUrl) this.want('webhooks');
    return { monitoring: await this.deviceView(deviceId, id), created: true };
  }

  private async openRoom(id: number, room: { id: number; pin: string; secret: string }) {
    const recDir = this.gateway.recordingDir(id);
    try {
      if (recDir)
        await import('node:fs/promises').then((fs) => fs.mkdir(recDir, { recursive: true }));
      await this.gateway.createRoom({
        room: room.id,
        pin: room.pin,
        secret: room.secret,
        description: `Monitoring ${id}`,
        publishers: PUBLISHERS,
        recDir,
      });
    } catch (error) {
      this.log.error({ err: error, monitoring: id }, 'the live room could not be made');
      await this.repository.setLiveFeedProblem(
        id,
        'Live video is unavailable: the video gateway could not make the room',
      );
    }
  }

  /** The rooms of active monitorings, made again after our Janus restarted. */
  private async remakeRooms(): Promise<void> {
    for (const r of await this.repository.activeRooms()) {
      await this.gateway
        .createRoom({
          room: Number(r.room_id),
          pin: r.room_pin,
          secret: r.room_secret,
          description: `Monitoring ${r.id}`,
          publishers: PUBLISHERS,
          recDir: this.gateway.recordingDir(r.id),
        })
        .catch((error: unknown) =>
          this.log.warn({ err: error, monitoring: r.id }, 'room not remade'),
        );
    }
  }

  private async ownMonitoring(deviceId: number, id: number): Promise<MonitoringRow> {
    const row = await this.repository.find(id);
    if (!row || row.device_id !== deviceId) throw notFound(`Monitoring ${id} does not exist`);
    return row;
  }

  async deviceView(deviceId: number, id: number): Promise<DeviceMonitoring> {
    const row = await this.ownMonitoring(deviceId, id);
    const ended = row.end_at !== null;
    const available = row.room_id !== null && row.live_feed_reason === null && !ended;
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
            gatewayUrl: available ? (this.gateway.deviceUrl ?? null) : null,
            roomId: available ? Number(row.room_id) : null,
            pin: available ? row.room_pin : null,
            cameraMask: row.camera_mask,
            iceServers: available ? this.gateway.iceServersFor(`device-${row.device_id}`) : [],
          }
        : null,
    };
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
    await this.end(id, 'DEVICE');
    return this.deviceView(deviceId, id);
  }

  // ── Jobs: the job runner's side (MonitoringJobs does the work) ──────────

  /** Asks for one of the monitoring jobs soon (the job runner gives this; nothing before). */
  onJobWanted(want: (job: MonitoringJob) => void): void {
    this.want = want;
  }
}

function period(query: MonitoringQuery) {
  const from = query.from === undefined ? undefined : new Date(query.from);
  const until = query.until === undefined ? undefined : new Date(query.until);
  if (from && until && from >= until) throw badRequest('from must lie before until');
  return { from, until };
}
