import type { FastifyBaseLogger } from 'fastify';
import {
  ENHANCE_SECONDS,
  ErrorCode,
  MAX_MONITORING_POSITIONS,
  type AssetMonitoring,
  type MonitoringEnhanceCommand,
} from '@fleet/contract';
import type { MonitoringConfig } from '../../config.js';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.js';
import type { MonitoringAccess, Viewer } from '../access/index.js';
import { callerKey } from '../authn/index.js';
import type { DeviceChannelService } from '../device-channel/index.js';
import { contentDisposition, parseRange, type MediaStore } from '../media/index.js';
import type { VideoGatewayService } from '../video-gateway/index.js';
import type { MonitoringEnd } from './monitoring-end.js';
import type { MonitoringTokens } from './monitoring-tokens.js';
import { isLive, toMonitoring } from './monitoring-views.js';
import type { MonitoringRepository, MonitoringRow } from './monitoring.repository.js';

/**
 * One monitoring as its viewers use it — a signed-in user or the holder of its token (the
 * control room): reading it, its token, its recordings, ending it, 'enhance video', and
 * whether the viewer may use the video gateway and watch a room (modules/access decides).
 */
export class MonitoringViewers {
  constructor(
    private readonly repository: MonitoringRepository,
    private readonly ending: MonitoringEnd,
    private readonly viewers: MonitoringAccess,
    private readonly tokens: MonitoringTokens,
    private readonly channel: DeviceChannelService,
    private readonly gateway: VideoGatewayService,
    private readonly mediaStore: MediaStore,
    private readonly config: MonitoringConfig,
    private readonly log: FastifyBaseLogger,
  ) {}

  async get(viewer: Viewer, id: number): Promise<AssetMonitoring> {
    return this.answer(await this.readable(viewer, id), viewer);
  }

  async token(viewer: Viewer, id: number): Promise<{ accessToken: string }> {
    return { accessToken: await this.viewToken(await this.readable(viewer, id)) };
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

  async endByViewer(viewer: Viewer, id: number): Promise<AssetMonitoring> {
    const own = viewer.kind === 'user' || viewer.monitoringId === id;
    await this.viewers.end(viewer, own ? await this.repository.find(id) : undefined, id);
    await this.ending.end(id, viewer.kind === 'user' ? 'USER' : 'TOKEN');
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
  async answer(row: MonitoringRow, viewer?: Viewer): Promise<AssetMonitoring> {
    const positions = await this.repository.positions(row.id, MAX_MONITORING_POSITIONS);
    const iceServers =
      viewer && isLive(row) ? this.gateway.iceServersFor(callerKey(viewer)) : undefined;
    return toMonitoring(row, positions, await this.viewToken(row), iceServers);
  }

  /** The monitoring a viewer may read (modules/access decides). */
  private async readable(viewer: Viewer, id: number): Promise<MonitoringRow> {
    const own = viewer.kind === 'user' || viewer.monitoringId === id;
    return this.viewers.read(viewer, own ? await this.repository.find(id) : undefined, id);
  }
}
