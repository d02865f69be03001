import {
  MAX_MEDIA_REQUESTS_LISTED,
  MEDIA_REQUEST_TTL_HOURS,
  type AccessTokenClaims,
  type CameraBit,
  type CommandProgress,
  type MediaRequest,
  type MediaRequestCommand,
  type MediaRequestInput,
  type MediaRequestQuery,
  type RequestedMedia,
} from '@fleet/contract';
import { badRequest } from '../../lib/http-error.js';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { CommandRef } from '../device-channel/index.js';
import type { CommandHandler, DeviceChannelService } from '../device-channel/index.js';
import type { DriverReads } from '../drivers/index.js';
import {
  cameraState,
  camerasOf,
  isSettled,
  NOT_SENT_REASON,
  requestProblem,
  type CommandState,
} from './media-request-rules.js';
import type { MediaRequestRepository, MediaRequestRow } from './media-requests.repository.js';

const HOUR = 3_600_000;

function toMediaRequest(row: MediaRequestRow, now: number): MediaRequest {
  const command: CommandState = {
    acknowledgedAt: row.acknowledged_at,
    finishedAt: row.finished_at,
    expiresAt: row.expires_at,
  };
  const states = row.cameras.map((c) => cameraState(c, command, now).availability);
  return {
    id: row.id,
    assetId: row.asset_id,
    driverId: row.driver_id,
    deviceId: row.device_id,
    mediaType: row.media_type,
    duration: row.duration,
    cameraMask: row.camera_mask,
    timestamp: row.requested_at.toISOString(),
    mediaTimestamp: row.media_timestamp.toISOString(),
    ...(row.acknowledged_at ? { syncedWithDevice: row.acknowledged_at.toISOString() } : {}),
    expiresAt: row.expires_at.toISOString(),
    settled: isSettled(states),
    requestedBy: row.requested_by,
  };
}

/** Media requests (spec §3, §5, §7): asked by users, carried to the device by the channel. */
export class MediaRequestService {
  constructor(
    private readonly repository: MediaRequestRepository,
    private readonly assets: AssetReads,
    private readonly drivers: DriverReads,
    private readonly access: FleetAccess,
    private readonly channel: DeviceChannelService,
  ) {
    channel.handle('MEDIA_REQUEST', this.commandHandler());
  }

  async create(
    user: AccessTokenClaims,
    by: 'asset' | 'driver',
    id: number,
    input: MediaRequestInput,
  ): Promise<MediaRequest> {
    const now = Date.now();
    let assetId: number;
    let driverId: number | null = null;
    if (by === 'asset') {
      await this.access.record(user, await this.assets.find(id), `Asset ${id}`, 'write');
      assetId = id;
    } else {
      await this.access.record(user, await this.drivers.find(id), `Driver ${id}`, 'write');
      const problem = requestProblem(input, now);
      if (problem) throw badRequest(problem);
      const driven = await this.repository.assetOfDriverAt(id, new Date(input.mediaTimestamp));
      if (driven === undefined)
        throw badRequest(`Driver ${id} was not linked to a vehicle at that moment`);
      assetId = driven;
      driverId = id;
    }
    const requestId = await this.place(assetId, driverId, input, user.user_id, now);
    return toMediaRequest((await this.repository.find(requestId))!, Date.now());
  }

  /**
   * Issue 20: a safety case without a clip asks the device for one, by the system (no user):
   * the same request as a user's, answered with its id; 400 in words when it cannot be sent.
   */
  async requestBySystem(assetId: number, input: MediaRequestInput): Promise<number> {
    return this.place(assetId, null, input, null, Date.now());
  }

  private async place(
    assetId: number,
    driverId: number | null,
    input: MediaRequestInput,
    requestedBy: number | null,
    now: number,
  ): Promise<number> {
    const problem = requestProblem(input, now, assetId);
    if (problem) throw badRequest(problem);
    const mediaTimestamp = new Date(input.mediaTimestamp);
    const deviceId = await this.repository.deviceAt(assetId, mediaTimestamp);
    if (deviceId === undefined)
      throw badRequest('No device was fitted to this vehicle at that moment');

    const expiresAt = new Date(now + MEDIA_REQUEST_TTL_HOURS * HOUR);
    const duration = input.mediaType === 'VIDEO' ? (input.duration ?? null) : null;
    return this.repository.create(
      {
        assetId,
        driverId,
        deviceId,
        requestedBy,
        mediaType: input.mediaType,
        duration,
        cameras: camerasOf(input.cameraMask),
        cameraMask: input.cameraMask,
        mediaTimestamp,
      },
      (executor, mediaRequestId) => {
        const payload: MediaRequestCommand = {
          mediaRequestId,
          mediaType: input.mediaType,
          duration,
          cameraMask: input.cameraMask,
          mediaTimestamp: mediaTimestamp.toISOString(),
          priority: requestedBy === null ? 'AUTOMATIC' : 'USER',
        };
        return this.channel.send(deviceId, 'MEDIA_REQUEST', payload, expiresAt, executor);
      },
    );
  }

  async list(
    user: AccessTokenClaims,
    by: 'asset' | 'driver',
    id: number,
    query: MediaRequestQuery,
  ): Promise<MediaRequest[]> {
    if (by === 'asset') {
      await this.access.record(user, await this.assets.find(id), `Asset ${id}`, 'read');
    } else {
      await this.access.record(user, await this.drivers.find(id), `Driver ${id}`, 'read');
    }
    const from = query.from === undefined ? undefined : new Date(query.from);
    const until = query.until === undefined ? undefined : new Date(query.until);
    if (from && until && from >= until) throw badRequest('from must lie before until');
    const rows = await this.repository.list(by, id, {
      from,
      until,
      limit: MAX_MEDIA_REQUESTS_LISTED,
    });
    const now = Date.now();
    return rows.map((row) => toMediaRequest(row, now));
  }

  /** One entry per requested camera. */
  async medias(user: AccessTokenClaims, id: number): Promise<RequestedMedia[]> {
    const row = await this.access.record(
      user,
      await this.repository.find(id),
      `Media request ${id}`,
      'read',
    );
    const command: CommandState = {
      acknowledgedAt: row.acknowledged_at,
      finishedAt: row.finished_at,
      expiresAt: row.expires_at,
    };
    const now = Date.now();
    return (await this.repository.cameras(id)).map((c) => ({
      ...c,
      ...cameraState(c, command, now),
    }));
  }

  /** What the device's answers to a MEDIA_REQUEST command do to the request's cameras. */
  private commandHandler(): CommandHandler {
    return {
      acknowledged: (command) => this.repository.markSent(command.id),
      progress: async (command: CommandRef, progress: CommandProgress) => {
        const mask = Number((command.payload as Partial<MediaRequestCommand>).cameraMask ?? 0);
        const unasked = progress.cameras.filter((c) => (mask & c.camera) === 0);
        if (unasked.length) {
          throw badRequest(
            `Camera ${unasked.map((c) => c.camera).join(', ')} was not requested (cameraMask ${mask})`,
          );
        }
        for (const c of progress.cameras) {
          await this.repository.setProgress(
            command.id,
            c.camera as CameraBit,
            c.availability,
            c.reason ?? null,
          );
        }
      },
      finished: (command) =>
        this.repository.closeOpen(command.id, command.reason || NOT_SENT_REASON),
    };
  }
}
