import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { MEDIA_COLUMNS, type MediaRow } from '../../db/media-row.js';
import type { Window } from '../../lib/window.js';

/** The most media one list call answers. */
export const MEDIA_LIST_LIMIT = 5_000;
/** The most audit rows one call answers (newest first). */
export const DELETIONS_LIMIT = 1_000;
/** First key of the advisory lock (the second: the organisation) that serialises quota checks. */
const QUOTA_LOCK = 16_001;

/** An organisation's media storage quota, checked with the insert. */
export interface Quota {
  organisationId: number;
  maxBytes: number;
}

export interface NewMedium {
  assetId: number;
  deviceId: number | null;
  driverId: number | null;
  timestamp: Date;
  camera: number;
  mimeType: 'image/jpeg' | 'video/mp4';
  fileName: string;
  size: number;
  duration: number | null;
  transferReason: string;
  storageKey: string;
  thumbnailKey: string;
  mediaRequestId: number | null;
  uploadedBy: number | null;
}

export type StoredMedium = MediaRow & {
  organisation_id: number;
  storage_key: string;
  thumbnail_key: string;
};

/** A medium is the footage of a safety case still open: its event's, or its clip request's. */
const OPEN_CASE_HOLDS = sql`(
  EXISTS (SELECT 1 FROM safety_cases c
           WHERE c.asset_id = m.asset_id AND c.event_time = m."timestamp"
             AND c.status IN ('NEEDS_REVIEW', 'NEEDS_COACHING'))
  OR EXISTS (SELECT 1 FROM safety_cases c
              WHERE m.media_request_id IS NOT NULL AND c.clip_request_id = m.media_request_id
                AND c.status IN ('NEEDS_REVIEW', 'NEEDS_COACHING')))`;

/** Media rows, the deletion audit and the garbage list of files (the trigger fills it). */
export class MediaRepository {
  constructor(private readonly db: Db) {}

  private selectMedia() {
    return this.db
      .selectFrom('media as m')
      .leftJoin('devices as d', 'd.id', 'm.device_id')
      .select(MEDIA_COLUMNS);
  }

  async find(id: number): Promise<StoredMedium | undefined> {
    return (await this.selectMedia()
      .innerJoin('assets as a', 'a.id', 'm.asset_id')
      .select(['a.organisation_id', 'm.storage_key', 'm.thumbnail_key'])
      .where('m.id', '=', id)
      .executeTakeFirst()) as StoredMedium | undefined;
  }

  /** Media of an asset or driver in the window, newest first: a page (or all) and how many. */
  async list(
    by: 'asset_id' | 'driver_id',
    id: number,
    window: Window,
    page?: { limit: number; offset: number },
  ): Promise<{ rows: MediaRow[]; total: number }> {
    const inWindow = this.db
      .selectFrom('media as m')
      .where(`m.${by}`, '=', id)
      .where('m.timestamp', '>=', window.from)
      .where('m.timestamp', '<=', window.until);
    const [rows, count] = await Promise.all([
      this.selectMedia()
        .where(`m.${by}`, '=', id)
        .where('m.timestamp', '>=', window.from)
        .where('m.timestamp', '<=', window.until)
        .orderBy('m.timestamp', 'desc')
        .orderBy('m.camera')
        .orderBy('m.id')
        .limit(page?.limit ?? MEDIA_LIST_LIMIT)
        .offset(page?.offset ?? 0)
        .execute(),
      inWindow.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows: rows as MediaRow[], total: Number(count.n) };
  }

  async deviceByIdentifier(identifier: string) {
    return this.db
      .selectFrom('devices')
      .select(['id', 'organisation_id as organisationId'])
      .where('identifier', '=', identifier)
      .executeTakeFirst();
  }

  /** The asset the device was fitted to at that moment, its organisation and its driver then. */
  async placement(deviceId: number, at: Date) {
    return this.db
      .selectFrom('device_links as dl')
      .innerJoin('assets as a', 'a.id', 'dl.asset_id')
      .innerJoin('devices as d', 'd.id', 'dl.device_id')
      .leftJoin('driver_links as drl', (join) =>
        join.onRef('drl.asset_id', '=', 'a.id').on(sql<boolean>`drl.period @> ${at}::timestamptz`),
      )
      .select([
        'a.id as assetId',
        'a.organisation_id as organisationId',
        'drl.driver_id as driverId',
        'd.identifier',
      ])
      .where('dl.device_id', '=', deviceId)
      .where(sql<boolean>`dl.period @> ${at}::timestamptz`)
      .executeTakeFirst();
  }

  /** The media request a device command carries, when the command is the device's own. */
  async requestOfCommand(deviceId: number, commandId: number) {
    return this.db
      .selectFrom('device_commands as c')
      .innerJoin('media_requests as r', 'r.command_id', 'c.id')
      .select(['r.id', 'r.camera_mask as cameraMask', 'c.kind'])
      .where('c.id', '=', commandId)
      .where('c.device_id', '=', deviceId)
      .executeTakeFirst();
  }

  /** A device's earlier upload of the same camera, moment and reason. */
  async deviceDuplicate(
    medium: Pick<NewMedium, 'deviceId' | 'timestamp' | 'camera' | 'transferReason' | 'mimeType'>,
  ): Promise<number | undefined> {
    const row = await this.db
      .selectFrom('media')
      .select('id')
      .where('device_id', '=', medium.deviceId)
      .where('timestamp', '=', medium.timestamp)
      .where('camera', '=', medium.camera)
      .where('transfer_reason', '=', medium.transferReason)
      .where('mime_type', '=', medium.mimeType)
      .where('uploaded_by', 'is', null)
      .executeTakeFirst();
    return row?.id;
  }

  /**
   * The row, and for an answer to a request that camera's availability, in one transaction.
   * A device's repeated upload inserts nothing: `{ id, created: false }` names the first.
   */
  async insert(medium: NewMedium): Promise<{ id: number; created: boolean }>;
  /** With a quota: nothing is inserted when the medium does not fit; `usedBytes` says why. */
  async insert(
    medium: NewMedium,
    quota: Quota,
  ): Promise<{ id: number; created: boolean } | { usedBytes: number }>;
  async insert(
    medium: NewMedium,
    quota?: Quota,
  ): Promise<{ id: number; created: boolean } | { usedBytes: number }> {
    return this.db.transaction().execute(async (trx) => {
      if (quota) {
        // One check at a time per organisation: parallel uploads cannot all fit in the last gap.
        await sql`SELECT pg_advisory_xact_lock(${QUOTA_LOCK}, ${quota.organisationId})`.execute(
          trx,
        );
        const usedBytes = await this.organisationUsage(quota.organisationId, trx);
        if (usedBytes + medium.size > quota.maxBytes) return { usedBytes };
      }
      const inserted = await trx
        .insertInto('media')
        .values({
          asset_id: medium.assetId,
          device_id: medium.deviceId,
          driver_id: medium.driverId,
          timestamp: medium.timestamp,
          camera: medium.camera,
          mime_type: medium.mimeType,
          file_name: medium.fileName,
          size: medium.size,
          duration: medium.duration,
          transfer_reason: medium.transferReason,
          storage_key: medium.storageKey,
          thumbnail_key: medium.thumbnailKey,
          media_request_id: medium.mediaRequestId,
          uploaded_by: medium.uploadedBy,
        })
        .onConflict((oc) =>
          oc
            .columns(['device_id', 'timestamp', 'camera', 'transfer_reason', 'mime_type'])
            .where('uploaded_by', 'is', null)
            .doNothing(),
        )
        .returning('id')
        .executeTakeFirst();
      const first = inserted ? undefined : await this.deviceDuplicate(medium);
      if (!inserted && first === undefined) throw new Error('a conflicting medium vanished');
      const id = inserted?.id ?? first!;
      // A request answered with a medium the device sent before (the same camera, moment and
      // type) gets that medium.
      if (medium.mediaRequestId !== null) {
        await trx
          .updateTable('media_request_cameras')
          .set({
            availability: 'AVAILABLE',
            media_id: id,
            reason: null,
            updated_at: sql`now()`,
          })
          .where('media_request_id', '=', medium.mediaRequestId)
          .where('camera', '=', medium.camera)
          .execute();
      }
      return { id, created: inserted !== undefined };
    });
  }

  /** Bytes of media an organisation keeps (its assets' media, whoever sent them). */
  async organisationUsage(organisationId: number, db: Db = this.db): Promise<number> {
    const row = await db
      .selectFrom('media as m')
      .innerJoin('assets as a', 'a.id', 'm.asset_id')
      .select(sql<string>`coalesce(sum(m.size), 0)`.as('used'))
      .where('a.organisation_id', '=', organisationId)
      .executeTakeFirstOrThrow();
    return Number(row.used);
  }

  /** Deletes the medium and records who did it, in one transaction; false when it was gone. */
  async deleteByUser(id: number, userId: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number }>`
        WITH gone AS (
          DELETE FROM media m WHERE m.id = ${id}
          RETURNING m.id, m.asset_id, m.file_name, m.camera, m."timestamp"
        )
        INSERT INTO media_deletions
          (organisation_id, media_id, asset_id, file_name, camera, media_timestamp, reason, deleted_by, deleted_by_name)
        SELECT a.organisation_id, g.id, g.asset_id, g.file_name, g.camera, g."timestamp", 'USER', u.id, u.name
        FROM gone g JOIN assets a ON a.id = g.asset_id
        LEFT JOIN users u ON u.id = ${userId}
        RETURNING media_id AS id`.execute(trx);
      return rows.length > 0;
    });
  }

  /**
   * One batch of media older than their organisation's retention (90 days without a
   * setting): deleted and recorded as RETENTION. Rows another server holds are skipped.
   * Issue 20 §6: the footage of a safety case still under review or coaching is kept until the
   * case is closed; a dismissed (or coached, recognised) case's follows the retention.
   */
  async deleteExpired(limit: number): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      WITH expired AS (
        SELECT m.id, a.organisation_id
        FROM media m
        JOIN assets a ON a.id = m.asset_id
        LEFT JOIN organisation_settings s ON s.organisation_id = a.organisation_id
        WHERE m."timestamp" < now() - make_interval(days => coalesce(s.media_retention_days, 90))
          AND NOT ${OPEN_CASE_HOLDS}
        ORDER BY m."timestamp"
        LIMIT ${limit}
        FOR UPDATE OF m SKIP LOCKED
      ), gone AS (
        DELETE FROM media m USING expired e WHERE m.id = e.id
        RETURNING m.id, e.organisation_id, m.asset_id, m.file_name, m.camera, m."timestamp"
      ), audit AS (
        INSERT INTO media_deletions
          (organisation_id, media_id, asset_id, file_name, camera, media_timestamp, reason)
        SELECT organisation_id, id, asset_id, file_name, camera, "timestamp", 'RETENTION' FROM gone
        RETURNING 1
      )
      SELECT count(*)::integer AS n FROM audit`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  async deletions(organisationId: number) {
    return this.db
      .selectFrom('media_deletions as x')
      .leftJoin('users as u', 'u.id', 'x.deleted_by')
      .select([
        'x.media_id',
        'x.asset_id',
        'x.file_name',
        'x.camera',
        'x.media_timestamp',
        'x.reason',
        'x.deleted_by_name',
        'u.username',
        'x.deleted_at',
      ])
      .where('x.organisation_id', '=', organisationId)
      .orderBy('x.deleted_at', 'desc')
      .orderBy('x.id', 'desc')
      .limit(DELETIONS_LIMIT)
      .execute();
  }

  /**
   * Hands up to `limit` garbage keys to `remove` (which deletes the files) and then drops
   * their rows, holding them meanwhile so that another server takes other keys.
   */
  async sweepGarbage(limit: number, remove: (keys: string[]) => Promise<string[]>) {
    return this.db.transaction().execute(async (trx) => {
      const rows = await trx
        .selectFrom('media_garbage')
        .select('storage_key')
        .orderBy('queued_at')
        .limit(limit)
        .forUpdate()
        .skipLocked()
        .execute();
      if (!rows.length) return 0;
      const removed = await remove(rows.map((r) => r.storage_key));
      if (removed.length) {
        await trx.deleteFrom('media_garbage').where('storage_key', 'in', removed).execute();
      }
      return removed.length;
    });
  }
}
