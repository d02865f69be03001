import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { Type, type Static, type TSchema } from 'typebox';
import {
  CameraBit,
  ErrorCode,
  MAX_LONG_DAYS,
  MediaTransferReason,
  MediaUploadFields,
  type AccessTokenClaims,
  type MediaDeletion,
  type MediaItem,
  type MediaQuery,
} from '@fleet/contract';
import { toMediaItem } from '../../db/media-row.js';
import { HttpError, badRequest, conflict, notFound } from '../../lib/http-error.js';
import { describeValidationErrors } from '../../lib/validation-messages.js';
import { dataWindow } from '../../lib/window.js';
import { validatorCompiler } from '../../plugins/validation.js';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DriverReads } from '../drivers/index.js';
import { isFirstRead, type FootageRecorder } from './media-footage.js';
import { contentDisposition, mediumFileName, parseRange } from './media-http.js';
import { UnsupportedContent, type MediaFilesRepository } from './media-files.repository.js';
import { storageKeys, type MediaStore } from './media-store.repository.js';
import type { MediaRepository, NewMedium, Quota, StoredMedium } from './media.repository.js';
import type { UploadLedgerRepository } from './upload-ledger.repository.js';
import {
  uploadRefusal,
  quotaExceeded,
  uploadRateExceeded,
  type UploadLimitsConfig,
} from './upload-limits.js';

/** The fields of a device's upload (docs/device-protocol.md), before the file. */
export const DeviceMediaFields = Type.Object(
  {
    timestamp: Type.String({ format: 'date-time' }),
    camera: CameraBit,
    transferReason: MediaTransferReason,
    commandId: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
  },
  { additionalProperties: false },
);
type DeviceMediaFields = Static<typeof DeviceMediaFields>;

/** A multipart upload as the route read it: the fields sent before the file, then the file. */
export interface IncomingUpload {
  fields: Record<string, string>;
  file:
    | {
        stream: Readable;
        fileName: string | undefined;
        /** true when the file was cut at the size limit */
        truncated: () => boolean;
      }
    | undefined;
}

export interface Download {
  status: 200 | 206;
  stream: Readable;
  headers: Record<string, string>;
}

/** A moment may lie this far ahead of the server's clock (devices' clocks drift). */
const FUTURE_SLACK_MS = 5 * 60_000;
const RETENTION_BATCH = 500;
const RETENTION_MAX_BATCHES = 20;
const GARBAGE_BATCH = 200;

const unsupported = (message: string) =>
  new HttpError(415, ErrorCode.UNSUPPORTED_MEDIA_TYPE, message);
const storeUnavailable = () =>
  new HttpError(503, ErrorCode.INTERNAL_ERROR, 'The media store could not be reached');

/** A failed upload stream: the size limit (413) as it is, a cut or malformed body 400. */
function unreadable(error: Error & { statusCode?: number; code?: string }): never {
  if (error.statusCode && error.statusCode < 500) throw error;
  if (error.code?.startsWith('E') && !error.code.startsWith('ERR_')) throw error; // the disk's
  throw badRequest(`The file could not be read to its end: ${error.message}`);
}

function parseFields<S extends TSchema>(schema: S, fields: Record<string, string>): Static<S> {
  const validate = validatorCompiler({
    schema,
    httpPart: 'querystring',
    method: 'POST',
    url: '',
  }) as (value: unknown) => { value?: unknown; error?: never };
  const result = validate(fields);
  if (result.error) throw badRequest(describeValidationErrors(result.error, 'body'));
  return result.value as Static<S>;
}

/** The window of a media list (any up to 'This year') and its page, if one was asked for. */
const listWindow = (query: MediaQuery) =>
  [
    dataWindow(query, MAX_LONG_DAYS),
    query.limit === undefined ? undefined : { limit: query.limit, offset: query.offset ?? 0 },
  ] as const;

function moment(timestamp: string): Date {
  const at = new Date(timestamp);
  if (at.getTime() > Date.now() + FUTURE_SLACK_MS) throw badRequest('timestamp lies in the future');
  return at;
}

/**
 * Pictures and videos: uploads by users and devices (checked by content, thumbnailed,
 * stored, then recorded), reading and downloading them, deletion with its audit, retention
 * and the sweep of files whose medium is gone.
 */
export class MediaService {
  constructor(
    private readonly media: MediaRepository,
    private readonly files: MediaFilesRepository,
    private readonly store: MediaStore,
    private readonly assets: AssetReads,
    private readonly drivers: DriverReads,
    private readonly fleetAccess: FleetAccess,
    private readonly log: FastifyBaseLogger,
    /** Largest upload in bytes (MEDIA_MAX_BYTES). */
    readonly maxBytes: number,
    /** Issue 16: the organisations' storage quota and each user's upload rate. */
    private readonly uploadLimits: UploadLimitsConfig,
    /** Each user's uploads of the last hour, shared by every process (issue 18 §6). */
    private readonly uploads: UploadLedgerRepository,
    /** Issue 20 §6: the footage audit, told of every file served (none: not recorded). */
    private readonly footage?: FootageRecorder,
  ) {}

  // ── Uploads ──────────────────────────────────────────────────────────────

  /** POST media/: a user attaches a file to a device's moment (the trip card's upload). */
  async uploadByUser(user: AccessTokenClaims, upload: IncomingUpload): Promise<MediaItem> {
    // Reserved before anything is read, so parallel uploads count at once.
    const reserved = await this.uploads.reserve(user.user_id, (recent, now) =>
      uploadRefusal(this.uploadLimits, recent, now),
    );
    if ('refused' in reserved) throw uploadRateExceeded(reserved.refused);
    const fields = parseFields(MediaUploadFields, upload.fields);
    const at = moment(fields.timestamp);
    const device = await this.media.deviceByIdentifier(fields.identifier);
    await this.fleetAccess.record(user, device, `Device ${fields.identifier}`, 'write');
    const placement = await this.placement(device!.id, at);
    const quota = {
      organisationId: placement.organisationId,
      maxBytes: this.uploadLimits.quotaBytes,
    };
    const usedBytes = await this.media.organisationUsage(quota.organisationId);
    if (usedBytes >= quota.maxBytes) throw quotaExceeded(usedBytes, quota.maxBytes);
    const file = this.requireFile(upload);
    const camera = fields.camera ?? 1;
    const { id } = await this.storeUpload(
      file,
      (mimeType, size, duration, keys) => ({
        assetId: placement.assetId,
        deviceId: device!.id,
        driverId: placement.driverId,
        timestamp: at,
        camera,
        mimeType,
        fileName: mediumFileName(fields.fileName ?? file.fileName, {
          identifier: fields.identifier,
          camera,
          timestamp: at,
          mimeType,
        }),
        size,
        duration,
        transferReason: 'UPLOADED',
        ...keys,
        mediaRequestId: null,
        uploadedBy: user.user_id,
      }),
      placement.organisationId,
      { quota, received: (bytes) => this.uploads.received(reserved.reservation, bytes) },
    );
    return this.item(id);
  }

  /** POST /device-api/v1/media: a device sends a medium of its own; the same one twice is stored once. */
  async uploadByDevice(
    deviceId: number,
    upload: IncomingUpload,
  ): Promise<{ item: MediaItem; created: boolean }> {
    const fields: DeviceMediaFields = parseFields(DeviceMediaFields, upload.fields);
    const at = moment(fields.timestamp);
    if (fields.transferReason === 'UPLOADED')
      throw badRequest('transferReason UPLOADED is for users; a device names its reason');
    const mediaRequestId = await this.requestOf(deviceId, fields);
    const placement = await this.placement(deviceId, at);
    const medium = (mimeType: NewMedium['mimeType'], size: number, duration: number | null) => ({
      assetId: placement.assetId,
      deviceId,
      driverId: placement.driverId,
      timestamp: at,
      camera: fields.camera,
      mimeType,
      fileName: mediumFileName(undefined, {
        identifier: placement.identifier,
        camera: fields.camera,
        timestamp: at,
        mimeType,
      }),
      size,
      duration,
      transferReason: fields.transferReason,
      mediaRequestId,
      uploadedBy: null,
    });
    // The same medium sent again (a lost answer) is recognised once its content says what it
    // is: a picture and a clip of one camera and moment are two media.
    const file = this.requireFile(upload);
    const stored = await this.storeUpload(
      file,
      (mimeType, size, duration, keys) => ({ ...medium(mimeType, size, duration), ...keys }),
      placement.organisationId,
    );
    return { item: await this.item(stored.id), created: stored.created };
  }

  private requireFile(upload: IncomingUpload) {
    if (!upload.file) throw badRequest('file is required (after the other fields)');
    return upload.file;
  }

  private async placement(deviceId: number, at: Date) {
    const placement = await this.media.placement(deviceId, at);
    if (!placement) throw conflict(`The device was not fitted to an asset at ${at.toISOString()}`);
    return placement;
  }

  /** A device's answer to a request: its own MEDIA_REQUEST command, a camera of the mask. */
  private async requestOf(deviceId: number, fields: DeviceMediaFields): Promise<number | null> {
    if (fields.commandId === undefined) return null;
    if (fields.transferReason !== 'REQUESTED')
      throw badRequest('An answer to a command (commandId) has transferReason REQUESTED');
    const request = await this.media.requestOfCommand(deviceId, fields.commandId);
    if (!request || request.kind !== 'MEDIA_REQUEST')
      throw notFound(`Media request command ${fields.commandId} does not exist`);
    if ((request.cameraMask & fields.camera) === 0)
      throw badRequest(`camera ${fields.camera} was not requested by command ${fields.commandId}`);
    return request.id;
  }

  /**
   * The file to a temp file, its content checked and thumbnailed, both files into the
   * store, then the row. Whatever fails, nothing stays behind: no temp file, no stored file
   * without its row.
   */
  private async storeUpload(
    file: NonNullable<IncomingUpload['file']>,
    describe: (
      mimeType: NewMedium['mimeType'],
      size: number,
      duration: number | null,
      keys: { storageKey: string; thumbnailKey: string },
    ) => NewMedium,
    organisationId: number,
    /** A user's upload: the organisation's quota, and its size for the user's rate. */
    limits?: { quota: Quota; received: (bytes: number) => Promise<void> },
  ): Promise<{ id: number; created: boolean }> {
    let temp: string | undefined;
    const thumbnail = this.files.tempPath('.thumb.jpg');
    let keys: { storageKey: string; thumbnailKey: string } | undefined;
    let kept = false;
    try {
      const received = await this.files.receive(file.stream).catch(unreadable);
      temp = received.path;
      await limits?.received(received.size);
      if (file.truncated()) {
        throw new HttpError(
          413,
          ErrorCode.PAYLOAD_TOO_LARGE,
          `The file is larger than ${this.maxBytes} bytes`,
        );
      }
      if (limits) {
        // Before the file is inspected (ffmpeg) or stored; the insert checks again, locked.
        const usedBytes = await this.media.organisationUsage(limits.quota.organisationId);
        if (usedBytes + received.size > limits.quota.maxBytes)
          throw quotaExceeded(usedBytes, limits.quota.maxBytes, received.size);
      }
      const inspected = await this.files.inspect(temp, thumbnail).catch((error: unknown) => {
        if (error instanceof UnsupportedContent) throw unsupported(error.message);
        throw error;
      });
      const draft = describe(inspected.mimeType, received.size, inspected.duration, {
        storageKey: '',
        thumbnailKey: '',
      });
      keys = storageKeys({ ...draft, organisationId });
      try {
        await this.store.put(keys.storageKey, temp, inspected.mimeType);
        await this.store.put(keys.thumbnailKey, thumbnail, 'image/jpeg');
      } catch (error) {
        this.log.error({ err: error }, 'media store refused a file');
        throw storeUnavailable();
      }
      const medium = { ...draft, ...keys };
      const result = limits
        ? await this.media.insert(medium, limits.quota)
        : await this.media.insert(medium);
      if ('usedBytes' in result)
        throw quotaExceeded(result.usedBytes, limits!.quota.maxBytes, received.size);
      kept = result.created;
      return result;
    } finally {
      await this.files.remove(temp, thumbnail);
      if (keys && !kept) await this.removeFiles([keys.storageKey, keys.thumbnailKey]);
    }
  }

  // ── Reading ──────────────────────────────────────────────────────────────

  private async item(id: number): Promise<MediaItem> {
    const row = await this.media.find(id);
    if (!row) throw notFound(`Medium ${id} does not exist`);
    return toMediaItem(row);
  }

  private async readable(user: AccessTokenClaims, id: number, intent: 'read' | 'write') {
    const row = await this.media.find(id);
    return this.fleetAccess.record(
      user,
      row && { ...row, organisationId: row.organisation_id },
      `Medium ${id}`,
      intent,
    );
  }

  async get(user: AccessTokenClaims, id: number): Promise<MediaItem> {
    return toMediaItem(await this.readable(user, id, 'read'));
  }

  /** The file, whole or the one byte range asked for (a video seeks with it). */
  async download(user: AccessTokenClaims, id: number, rangeHeader?: string): Promise<Download> {
    const download = await this.serveFile(
      await this.readable(user, id, 'read'),
      rangeHeader,
      'attachment',
    );
    if (isFirstRead(rangeHeader))
      await this.recordFootage({
        mediaId: id,
        userId: user.user_id,
        action: 'DOWNLOAD',
        caseId: null,
      });
    return download;
  }

  /** Records a view, play or download; a failing audit is logged, the file still served. */
  async recordFootage(view: Parameters<FootageRecorder['record']>[0]): Promise<void> {
    try {
      await this.footage?.record(view);
    } catch (error) {
      this.log.error({ err: error, mediaId: view.mediaId }, 'the footage audit could not record');
    }
  }

  async thumbnail(user: AccessTokenClaims, id: number): Promise<Download> {
    return this.serveThumbnail(await this.readable(user, id, 'read'));
  }

  /** The file for a media link (media-links.ts), which was issued after the access check. */
  async linkedFile(
    id: number,
    rangeHeader: string | undefined,
    disposition: 'attachment' | 'inline',
  ): Promise<Download> {
    return this.serveFile(await this.existing(id), rangeHeader, disposition);
  }

  async linkedThumbnail(id: number): Promise<Download> {
    return this.serveThumbnail(await this.existing(id));
  }

  private async existing(id: number): Promise<StoredMedium> {
    const medium = await this.media.find(id);
    if (!medium) throw notFound(`Medium ${id} does not exist`);
    return medium;
  }

  private async serveFile(
    medium: StoredMedium,
    rangeHeader: string | undefined,
    disposition: 'attachment' | 'inline',
  ): Promise<Download> {
    const size = Number(medium.size);
    const range = parseRange(rangeHeader, size);
    if (range === 'unsatisfiable') {
      throw new HttpError(416, 'RANGE_NOT_SATISFIABLE', `The file has ${size} bytes`, {
        'content-range': `bytes */${size}`,
      });
    }
    const read = await this.readStored(medium, medium.storage_key, range);
    const headers: Record<string, string> = {
      'content-type': medium.mime_type,
      'content-length': String(read.length),
      'content-disposition': contentDisposition(medium.file_name, disposition),
      'accept-ranges': 'bytes',
      'cache-control': 'private, max-age=3600',
    };
    if (!range) return { status: 200, stream: read.stream, headers };
    headers['content-range'] = `bytes ${range.start}-${range.end}/${size}`;
    return { status: 206, stream: read.stream, headers };
  }

  private async serveThumbnail(medium: StoredMedium): Promise<Download> {
    const read = await this.readStored(medium, medium.thumbnail_key);
    return {
      status: 200,
      stream: read.stream,
      headers: {
        'content-type': 'image/jpeg',
        'content-length': String(read.length),
        'cache-control': 'private, max-age=86400',
      },
    };
  }

  private async readStored(
    medium: StoredMedium,
    key: string,
    range?: { start: number; end: number },
  ) {
    let read;
    try {
      read = await this.store.read(key, range);
    } catch (error) {
      this.log.error({ err: error }, 'media store read failed');
      throw storeUnavailable();
    }
    if (!read) {
      this.log.error({ key }, 'a medium has no file in the store');
      throw notFound(`The file of medium ${medium.id} is missing`);
    }
    return read;
  }

  async listForAsset(user: AccessTokenClaims, assetId: number, query: MediaQuery) {
    await this.fleetAccess.record(
      user,
      await this.assets.find(assetId),
      `Asset ${assetId}`,
      'read',
    );
    const { rows, total } = await this.media.list('asset_id', assetId, ...listWindow(query));
    return { rows: rows.map(toMediaItem), total };
  }

  async listForDriver(user: AccessTokenClaims, driverId: number, query: MediaQuery) {
    await this.fleetAccess.record(
      user,
      await this.drivers.find(driverId),
      `Driver ${driverId}`,
      'read',
    );
    const { rows, total } = await this.media.list('driver_id', driverId, ...listWindow(query));
    return { rows: rows.map(toMediaItem), total };
  }

  // ── Deleting ─────────────────────────────────────────────────────────────

  /** Deletes a medium (recorded with who and when); its files go right after. DRIVER: 403. */
  async remove(user: AccessTokenClaims, id: number): Promise<void> {
    await this.readable(user, id, 'write');
    if (!(await this.media.deleteByUser(id, user.user_id)))
      throw notFound(`Medium ${id} does not exist`);
    await this.sweepGarbage();
  }

  /** The deletion audit of one organisation, newest first; not for DRIVER users. */
  async deletions(user: AccessTokenClaims, organisationId: number): Promise<MediaDeletion[]> {
    await this.fleetAccess.organisation(user, organisationId, 'write');
    const rows = await this.media.deletions(organisationId);
    return rows.map((r) => ({
      mediaId: r.media_id,
      assetId: r.asset_id,
      fileName: r.file_name,
      camera: r.camera,
      mediaTimestamp: r.media_timestamp.toISOString(),
      reason: r.reason,
      deletedBy: r.deleted_by_name ?? r.username ?? null,
      deletedAt: r.deleted_at.toISOString(),
    }));
  }

  // ── Jobs ─────────────────────────────────────────────────────────────────

  /** Deletes media past their organisation's retention, in bounded batches; answers how many. */
  async runRetention(): Promise<number> {
    let total = 0;
    for (let batch = 0; batch < RETENTION_MAX_BATCHES; batch++) {
      const n = await this.media.deleteExpired(RETENTION_BATCH);
      total += n;
      if (n < RETENTION_BATCH) break;
    }
    if (total) this.log.info({ deleted: total }, 'media past retention deleted');
    await this.sweepGarbage();
    return total;
  }

  /** Removes the files of deleted media from the store, then their garbage rows. */
  async sweepGarbage(): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.media.sweepGarbage(GARBAGE_BATCH, (keys) => this.removeFiles(keys));
      total += n;
      if (n < GARBAGE_BATCH) return total;
    }
  }

  /** Deletes files; answers the keys that are gone (a failing store keeps the others queued). */
  private async removeFiles(keys: string[]): Promise<string[]> {
    const gone: string[] = [];
    for (const key of keys) {
      try {
        await this.store.delete(key);
        gone.push(key);
      } catch (error) {
        this.log.error({ err: error, key }, 'media store could not delete a file');
      }
    }
    return gone;
  }

  /** The `media.retention` job: the temp sweep, then retention and the clean-up of deleted files. */
  async retentionJob(): Promise<void> {
    await this.files.sweepTemp().catch(() => undefined);
    await this.runRetention();
  }
}
