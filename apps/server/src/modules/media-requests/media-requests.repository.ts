import { sql } from 'kysely';
import type { CameraBit, MediaAvailability, MediaType } from '@fleet/contract';
import { newestInPeriod, type EventPeriod } from '../../db/newest-in-period.js';
import type { Db } from '../../db/database.js';
import { MEDIA_COLUMNS, toMediaItem, type MediaRow } from '../../db/media-row.js';
import type { Executor } from '../../db/database.js';
import { OPEN_AVAILABILITIES } from './media-request-rules.js';

export interface NewMediaRequest {
  assetId: number;
  driverId: number | null;
  deviceId: number;
  requestedBy: number | null;
  mediaType: MediaType;
  duration: number | null;
  cameras: readonly CameraBit[];
  cameraMask: number;
  mediaTimestamp: Date;
}

/** A request with its command's state, its asset's organisation and its cameras as stored. */
export interface MediaRequestRow {
  id: number;
  organisationId: number;
  asset_id: number;
  driver_id: number | null;
  device_id: number;
  command_id: number;
  media_type: MediaType;
  duration: number | null;
  camera_mask: number;
  requested_at: Date;
  media_timestamp: Date;
  requested_by: string | null;
  acknowledged_at: Date | null;
  finished_at: Date | null;
  expires_at: Date;
  cameras: { camera: CameraBit; availability: MediaAvailability; reason: string | null }[];
}

const REQUEST_TIMES = { asset: 'r.asset_id', driver: 'r.driver_id', time: 'r.requested_at' };

const REQUEST_SELECT = sql`
  SELECT r.id, a.organisation_id AS "organisationId", r.asset_id, r.driver_id, r.device_id, r.command_id,
         r.media_type, r.duration, r.camera_mask, r.requested_at, r.media_timestamp,
         u.name AS requested_by, c.acknowledged_at, c.finished_at, c.expires_at,
         (SELECT coalesce(json_agg(json_build_object('camera', k.camera,
                   'availability', k.availability, 'reason', k.reason) ORDER BY k.camera), '[]')
            FROM media_request_cameras k WHERE k.media_request_id = r.id) AS cameras
    FROM media_requests r
    JOIN assets a ON a.id = r.asset_id
    JOIN device_commands c ON c.id = r.command_id
    LEFT JOIN users u ON u.id = r.requested_by`;

const open = sql.join(OPEN_AVAILABILITIES.map((a) => sql.lit(a)));

/** media_requests and media_request_cameras: what was asked of which device, per camera. */
export class MediaRequestRepository {
  constructor(private readonly db: Db) {}

  /** The device fitted to the asset at that moment. */
  async deviceAt(assetId: number, at: Date): Promise<number | undefined> {
    const { rows } = await sql<{ device_id: number }>`
      SELECT device_id FROM device_links WHERE asset_id = ${assetId} AND period @> ${at}::timestamptz`.execute(
      this.db,
    );
    return rows[0]?.device_id;
  }

  /** The asset the driver was linked to at that moment. */
  async assetOfDriverAt(driverId: number, at: Date): Promise<number | undefined> {
    const { rows } = await sql<{ asset_id: number }>`
      SELECT asset_id FROM driver_links WHERE driver_id = ${driverId} AND period @> ${at}::timestamptz`.execute(
      this.db,
    );
    return rows[0]?.asset_id;
  }

  /**
   * The request, its cameras and its command in one transaction. `sendCommand` stores the
   * command (given the request's id, which its payload names) and answers the command's id.
   */
  async create(
    request: NewMediaRequest,
    sendCommand: (executor: Executor, mediaRequestId: number) => Promise<number>,
  ): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        SELECT nextval(pg_get_serial_sequence('media_requests', 'id'))::integer AS id`.execute(trx);
      const id = rows[0]!.id;
      const commandId = await sendCommand(trx, id);
      await sql`
        INSERT INTO media_requests (id, asset_id, driver_id, device_id, command_id, requested_by,
                                    media_type, duration, camera_mask, media_timestamp)
        OVERRIDING SYSTEM VALUE
        VALUES (${id}, ${request.assetId}, ${request.driverId}, ${request.deviceId}, ${commandId},
                ${request.requestedBy}, ${request.mediaType}, ${request.duration},
                ${request.cameraMask}, ${request.mediaTimestamp})`.execute(trx);
      await trx
        .insertInto('media_request_cameras')
        .values(
          request.cameras.map((camera) => ({
            media_request_id: id,
            camera,
            reason: null,
            media_id: null,
          })),
        )
        .execute();
      return id;
    });
  }

  async find(id: number): Promise<MediaRequestRow | undefined> {
    const { rows } = await sql<MediaRequestRow>`${REQUEST_SELECT} WHERE r.id = ${id}`.execute(
      this.db,
    );
    return rows[0];
  }

  /** Requested within [from, until), newest first, at most `limit`. */
  list(by: 'asset' | 'driver', id: number, period: EventPeriod): Promise<MediaRequestRow[]> {
    return newestInPeriod(this.db, REQUEST_SELECT, REQUEST_TIMES, { by, id }, period);
  }

  /** Each requested camera as stored, with its medium once there. */
  async cameras(id: number) {
    const rows = await this.db
      .selectFrom('media_request_cameras as k')
      .leftJoin('media as m', 'm.id', 'k.media_id')
      .leftJoin('devices as d', 'd.id', 'm.device_id')
      .select(['k.camera as requested_camera', 'k.availability', 'k.reason', ...MEDIA_COLUMNS])
      .where('k.media_request_id', '=', id)
      .orderBy('k.camera')
      .execute();
    return rows.map((r) => ({
      camera: r.requested_camera as CameraBit,
      availability: r.availability as MediaAvailability,
      reason: r.reason,
      media: r.id === null ? null : toMediaItem(r as MediaRow),
    }));
  }

  // ── The command's answers (idempotent: only open cameras change) ──

  /** The device holds the request: cameras waiting for it are now sent. */
  async markSent(commandId: number): Promise<void> {
    await sql`
      UPDATE media_request_cameras k SET availability = 'SENT', updated_at = now()
        FROM media_requests r
       WHERE r.command_id = ${commandId} AND k.media_request_id = r.id
         AND k.availability = 'WAITING_FOR_DEVICE'`.execute(this.db);
  }

  async setProgress(
    commandId: number,
    camera: CameraBit,
    availability: MediaAvailability,
    reason: string | null,
  ): Promise<void> {
    await sql`
      UPDATE media_request_cameras k SET availability = ${availability}, reason = ${reason},
                                         updated_at = now()
        FROM media_requests r
       WHERE r.command_id = ${commandId} AND k.media_request_id = r.id AND k.camera = ${camera}
         AND k.availability IN (${open})`.execute(this.db);
  }

  /** The command finished: what is still open failed, with this reason. */
  async closeOpen(commandId: number, reason: string): Promise<void> {
    await sql`
      UPDATE media_request_cameras k SET availability = 'FAILED', reason = ${reason},
                                         updated_at = now()
        FROM media_requests r
       WHERE r.command_id = ${commandId} AND k.media_request_id = r.id
         AND k.availability IN (${open})`.execute(this.db);
  }
}
