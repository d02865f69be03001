import { sql } from 'kysely';
import type {
  CameraBit,
  DatapointInput,
  MonitoringEndReason,
  MonitoringRequestState,
  WebhookOutcome,
  WebhookState,
} from '@fleet/contract';
import { newestInPeriod, type EventPeriod } from '../../db/newest-in-period.js';
import type { Db } from '../../db/database.js';
import { isPostgresError, UNIQUE_VIOLATION } from '../../lib/postgres-errors.js';
import type { Executor } from '../../db/database.js';

/** A second request while the asset's monitoring is pending or active. */
export class AssetBusy extends Error {}

export interface RequestRow {
  id: number;
  organisationId: number;
  asset_id: number;
  device_id: number;
  command_id: number;
  requested_at: Date;
  tracing_frequency: number;
  live_feed: boolean;
  live_feed_camera_mask: number;
  state: MonitoringRequestState;
  reason: string | null;
  requested_by: string | null;
  acknowledged_at: Date | null;
  expires_at: Date;
  monitoring_id: number | null;
}

const REQUEST_SELECT = sql`
  SELECT r.id, a.organisation_id AS "organisationId", r.asset_id, r.device_id, r.command_id,
         r.requested_at, r.tracing_frequency, r.live_feed, r.live_feed_camera_mask, r.state,
         r.reason, u.name AS requested_by, c.acknowledged_at, c.expires_at, m.id AS monitoring_id
    FROM asset_monitoring_requests r
    JOIN assets a ON a.id = r.asset_id
    JOIN device_commands c ON c.id = r.command_id
    LEFT JOIN users u ON u.id = r.requested_by
    LEFT JOIN asset_monitorings m ON m.request_id = r.id`;

export interface MonitoringRow {
  id: number;
  organisationId: number;
  request_id: number;
  asset_id: number;
  device_id: number;
  driver_id: number | null;
  control_room_identifier: string | null;
  tracing_frequency: number;
  live_feed: boolean;
  camera_mask: number;
  start_at: Date;
  max_end_at: Date;
  end_at: Date | null;
  ended_by: MonitoringEndReason | null;
  room_id: string | null;
  room_pin: string | null;
  room_secret: string | null;
  live_feed_reason: string | null;
  finalized_at: Date | null;
  webhook_state: WebhookState;
  webhook_attempts: number;
  webhook_last_attempt_at: Date | null;
  webhook_delivered_at: Date | null;
  webhook_last_error: string | null;
  device_name: string;
  device_identifier: string;
  asset_name: string;
  driver_name: string | null;
  driver_phone: string | null;
  media: { mediaId: number; camera: CameraBit }[];
  recordings_pending: number;
}

const REQUEST_TIMES = { asset: 'r.asset_id', time: 'r.requested_at' };
const MONITORING_TIMES = { asset: 'm.asset_id', driver: 'm.driver_id', time: 'm.start_at' };

const MONITORING_SELECT = sql`
  SELECT m.id, a.organisation_id AS "organisationId", m.request_id, m.asset_id, m.device_id,
         m.driver_id, m.control_room_identifier, m.tracing_frequency, m.live_feed, m.camera_mask,
         m.start_at, m.max_end_at, m.end_at, m.ended_by, m.room_id, m.room_pin, m.room_secret,
         m.live_feed_reason, m.finalized_at, m.webhook_state, m.webhook_attempts,
         m.webhook_last_attempt_at, m.webhook_delivered_at, m.webhook_last_error,
         d.name AS device_name, d.identifier AS device_identifier, a.name AS asset_name,
         CASE WHEN dr.id IS NULL THEN NULL ELSE dr.first_name || ' ' || dr.last_name END AS driver_name,
         dr.phone AS driver_phone,
         (SELECT coalesce(json_agg(json_build_object('mediaId', x.id, 'camera', x.camera)
                   ORDER BY x.camera, x.id), '[]')
            FROM media x WHERE x.monitoring_id = m.id) AS media,
         (SELECT count(*)::integer FROM monitoring_recordings k
           WHERE k.monitoring_id = m.id AND k.state = 'PENDING')
         + CASE WHEN m.end_at IS NOT NULL AND m.finalized_at IS NULL AND m.room_id IS NOT NULL
                THEN 1 ELSE 0 END AS recordings_pending
    FROM asset_monitorings m
    JOIN assets a ON a.id = m.asset_id
    JOIN devices d ON d.id = m.device_id
    LEFT JOIN drivers dr ON dr.id = m.driver_id`;

export interface PositionRow {
  timestamp: Date;
  latitude: number;
  longitude: number;
  speed: number | null;
  heading: number | null;
}

export interface NewMonitoring {
  requestId: number;
  assetId: number;
  deviceId: number;
  driverId: number | null;
  controlRoomIdentifier: string | null;
  tracingFrequency: number;
  liveFeed: boolean;
  cameraMask: number;
  maxMinutes: number;
  room: { id: number; pin: string; secret: string } | null;
  liveFeedReason: string | null;
  webhook: boolean;
}

export interface RecordingJob {
  id: number;
  monitoring_id: number;
  file: string;
  attempts: number;
}

const LEASE = sql`now() + interval '2 minutes'`;

/** asset_monitoring_requests, asset_monitorings, their positions and recordings. */
export class MonitoringRepository {
  constructor(readonly db: Db) {}

  /** The device fitted to the asset now. */
  async deviceNow(assetId: number): Promise<number | undefined> {
    const { rows } = await sql<{ device_id: number }>`
      SELECT device_id FROM device_links WHERE asset_id = ${assetId} AND period @> now()`.execute(
      this.db,
    );
    return rows[0]?.device_id;
  }

  /**
   * The request and its command in one transaction. Requests whose command expired give up
   * the asset's slot first; a request still pending or active makes this throw AssetBusy
   * (the partial unique index decides, so two servers at once cannot both pass).
   */
  async createRequest(
    request: {
      assetId: number;
      deviceId: number;
      requestedBy: number;
      tracingFrequency: number;
      liveFeed: boolean;
      liveFeedCameraMask: number;
    },
    sendCommand: (executor: Executor, requestId: number) => Promise<number>,
  ): Promise<number> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        await this.expirePending(trx, request.assetId);
        const { rows } = await sql<{ id: number }>`
          SELECT nextval(pg_get_serial_sequence('asset_monitoring_requests', 'id'))::integer AS id`.execute(
          trx,
        );
        const id = rows[0]!.id;
        const commandId = await sendCommand(trx, id);
        await sql`
          INSERT INTO asset_monitoring_requests (id, asset_id, device_id, command_id, requested_by,
                                                 tracing_frequency, live_feed, live_feed_camera_mask)
          OVERRIDING SYSTEM VALUE
          VALUES (${id}, ${request.assetId}, ${request.deviceId}, ${commandId}, ${request.requestedBy},
                  ${request.tracingFrequency}, ${request.liveFeed}, ${request.liveFeedCameraMask})`.execute(
          trx,
        );
        return id;
      });
    } catch (error) {
      if (isPostgresError(error, UNIQUE_VIOLATION, 'asset_monitoring_requests_one_open'))
        throw new AssetBusy();
      throw error;
    }
  }

  /** Pending requests of the asset whose command expired (the device never started them). */
  private async expirePending(executor: Executor, assetId: number) {
    await sql`
      UPDATE asset_monitoring_requests r
         SET state = 'EXPIRED', reason = 'the device did not start the monitoring in time'
        FROM device_commands c
       WHERE c.id = r.command_id AND r.asset_id = ${assetId} AND r.state = 'PENDING'
         AND c.expires_at <= now()`.execute(executor);
  }

  async findRequest(id: number): Promise<RequestRow | undefined> {
    const { rows } = await sql<RequestRow>`${REQUEST_SELECT} WHERE r.id = ${id}`.execute(this.db);
    return rows[0];
  }

  /** The asset's requests made within [from, until), newest first. */
  listRequests(assetId: number, period: EventPeriod): Promise<RequestRow[]> {
    const owner = { by: 'asset', id: assetId } as const;
    return newestInPeriod(this.db, REQUEST_SELECT, REQUEST_TIMES, owner, period);
  }

  /** The device refused or failed the request: it gives up the slot. */
  async failRequest(commandId: number, reason: string): Promise<void> {
    await sql`
      UPDATE asset_monitoring_requests SET state = 'FAILED', reason = ${reason}
       WHERE command_id = ${commandId} AND state = 'PENDING'`.execute(this.db);
  }

  /** The request a device's command carries, when the command is the device's own. */
  async requestOfCommand(deviceId: number, commandId: number) {
    const { rows } = await sql<{
      id: number;
      state: MonitoringRequestState;
      expired: boolean;
      asset_id: number;
      organisation_id: number;
      tracing_frequency: number;
      live_feed: boolean;
      live_feed_camera_mask: number;
      monitoring_id: number | null;
    }>`
      SELECT r.id, r.state, c.expires_at <= now() AS expired, r.asset_id, a.organisation_id,
             r.tracing_frequency, r.live_feed, r.live_feed_camera_mask, m.id AS monitoring_id
        FROM device_commands c
        JOIN asset_monitoring_requests r ON r.command_id = c.id
        JOIN assets a ON a.id = r.asset_id
        LEFT JOIN asset_monitorings m ON m.request_id = r.id
       WHERE c.id = ${commandId} AND c.device_id = ${deviceId}`.execute(this.db);
    return rows[0];
  }

  /** The driver linked to the asset now. */
  async driverNow(assetId: number): Promise<number | null> {
    const { rows } = await sql<{ driver_id: number }>`
      SELECT driver_id FROM driver_links WHERE asset_id = ${assetId} AND period @> now()`.execute(
      this.db,
    );
    return rows[0]?.driver_id ?? null;
  }

  /**
   * The monitoring of a pending request, and the request ACTIVE, in one transaction; the
   * command counts as acknowledged. undefined when the request is no longer pending.
   */
  async start(m: NewMonitoring, commandId: number): Promise<number | undefined> {
    return this.db.transaction().execute(async (trx) => {
      const { rows: taken } = await sql<{ id: number }>`
        UPDATE asset_monitoring_requests SET state = 'ACTIVE'
         WHERE id = ${m.requestId} AND state = 'PENDING' RETURNING id`.execute(trx);
      if (!taken.length) return undefined;
      await sql`
        UPDATE device_commands
           SET acknowledged_at = coalesce(acknowledged_at, now()),
               delivered_at = coalesce(delivered_at, now())
         WHERE id = ${commandId}`.execute(trx);
      const { rows } = await sql<{ id: number }>`
        INSERT INTO asset_monitorings
          (request_id, asset_id, device_id, driver_id, control_room_identifier, tracing_frequency,
           live_feed, camera_mask, max_end_at, room_id, room_pin, room_secret, live_feed_reason,
           webhook_state, webhook_next_at)
        VALUES (${m.requestId}, ${m.assetId}, ${m.deviceId}, ${m.driverId}, ${m.controlRoomIdentifier},
                ${m.tracingFrequency}, ${m.liveFeed}, ${m.cameraMask},
                now() + make_interval(mins => ${m.maxMinutes}),
                ${m.room?.id ?? null}, ${m.room?.pin ?? null}, ${m.room?.secret ?? null},
                ${m.liveFeedReason}, ${m.webhook ? 'PENDING' : 'NONE'},
                ${m.webhook ? sql`now()` : null})
        RETURNING id`.execute(trx);
      return rows[0]!.id;
    });
  }

  async setLiveFeedProblem(id: number, reason: string): Promise<void> {
    await sql`UPDATE asset_monitorings SET live_feed_reason = ${reason} WHERE id = ${id}`.execute(
      this.db,
    );
  }

  async find(id: number): Promise<MonitoringRow | undefined> {
    const { rows } = await sql<MonitoringRow>`${MONITORING_SELECT} WHERE m.id = ${id}`.execute(
      this.db,
    );
    return rows[0];
  }

  /** The live (not ended) monitoring whose video room is `room`, if any. */
  async findLiveByRoom(room: number): Promise<MonitoringRow | undefined> {
    if (!Number.isSafeInteger(room) || room < 1) return undefined;
    const { rows } = await sql<MonitoringRow>`${MONITORING_SELECT}
      WHERE m.room_id = ${String(room)} AND m.end_at IS NULL`.execute(this.db);
    return rows[0];
  }

  /** The monitoring's end (null while active), or undefined when it does not exist. */
  async endOf(id: number): Promise<{ end_at: Date | null } | undefined> {
    const { rows } = await sql<{
      end_at: Date | null;
    }>`SELECT end_at FROM asset_monitorings WHERE id = ${id}`.execute(this.db);
    return rows[0];
  }

  async active(assetId: number): Promise<MonitoringRow | undefined> {
    const { rows } = await sql<MonitoringRow>`
      ${MONITORING_SELECT} WHERE m.asset_id = ${assetId} AND m.end_at IS NULL`.execute(this.db);
    return rows[0];
  }

  /** Started within [from, until), newest first. */
  list(by: 'asset' | 'driver', id: number, period: EventPeriod): Promise<MonitoringRow[]> {
    return newestInPeriod(this.db, MONITORING_SELECT, MONITORING_TIMES, { by, id }, period);
  }

  /** The newest `limit` positions, oldest first. */
  async positions(id: number, limit: number) {
    const { rows } = await sql<PositionRow>`
      SELECT * FROM (
        SELECT "timestamp", latitude, longitude, speed, heading FROM monitoring_positions
         WHERE monitoring_id = ${id} ORDER BY "timestamp" DESC LIMIT ${limit}
      ) p ORDER BY "timestamp"`.execute(this.db);
    return rows;
  }

  /** Stores positions once each (device and timestamp); answers how many were new. */
  async addPositions(id: number, positions: readonly DatapointInput[]): Promise<number> {
    const values = positions.map(
      (p) =>
        sql`(${id}, ${p.timestamp}::timestamptz, ${p.location.latitude}, ${p.location.longitude},
             ${p.speed ?? null}::real, ${p.heading ?? null}::smallint)`,
    );
    const { rows } = await sql<{ n: number }>`
      WITH added AS (
        INSERT INTO monitoring_positions (monitoring_id, "timestamp", latitude, longitude, speed, heading)
        VALUES ${sql.join(values)}
        ON CONFLICT DO NOTHING RETURNING 1
      ) SELECT count(*)::integer AS n FROM added`.execute(this.db);
    return rows[0]?.n ?? 0;
  }

  /**
   * Ends the monitoring once (the first end stays) and frees the asset, with `afterEnd` (the
   * device's MONITORING_END command) in the same transaction. false when it had ended already.
   */
  async end(
    id: number,
    endedBy: MonitoringEndReason,
    afterEnd?: (executor: Executor, deviceId: number) => Promise<unknown>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ request_id: number; device_id: number }>`
        UPDATE asset_monitorings
           SET end_at = greatest(start_at, least(now(), max_end_at)), ended_by = ${endedBy}
         WHERE id = ${id} AND end_at IS NULL
        RETURNING request_id, device_id`.execute(trx);
      const ended = rows[0];
      if (!ended) return false;
      await sql`UPDATE asset_monitoring_requests SET state = 'ENDED' WHERE id = ${ended.request_id}`.execute(
        trx,
      );
      await afterEnd?.(trx, ended.device_id);
      return true;
    });
  }

  /** One active monitoring past its maximum duration that no other process holds, or undefined. */
  async nextOverdue(): Promise<number | undefined> {
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM asset_monitorings
       WHERE end_at IS NULL AND max_end_at <= now()
       ORDER BY max_end_at LIMIT 1`.execute(this.db);
    return rows[0]?.id;
  }

  /** Ended monitorings whose room and recordings still wait, leased to this process. */
  async claimUnfinalized(limit: number) {
    const { rows } = await sql<{
      id: number;
      room_id: string | null;
      room_secret: string | null;
    }>`
      UPDATE asset_monitorings SET lease_until = ${LEASE}
       WHERE id IN (SELECT id FROM asset_monitorings
                     WHERE end_at IS NOT NULL AND finalized_at IS NULL
                       AND (lease_until IS NULL OR lease_until < now())
                     ORDER BY id LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, room_id, room_secret`.execute(this.db);
    return rows;
  }

  /** The room is gone and its recordings are queued (one row per file, once). */
  async finalize(id: number, files: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (files.length) {
        await sql`
          INSERT INTO monitoring_recordings (monitoring_id, file)
          VALUES ${sql.join(files.map((f) => sql`(${id}, ${f})`))}
          ON CONFLICT DO NOTHING`.execute(trx);
      }
      await sql`UPDATE asset_monitorings SET finalized_at = now(), lease_until = NULL WHERE id = ${id}`.execute(
        trx,
      );
    });
  }

  async releaseLease(id: number): Promise<void> {
    await sql`UPDATE asset_monitorings SET lease_until = NULL WHERE id = ${id}`.execute(this.db);
  }

  /** One pending recording, leased to this process (a stopped server's lease runs out). */
  async claimRecording(): Promise<RecordingJob | undefined> {
    const { rows } = await sql<RecordingJob>`
      UPDATE monitoring_recordings SET lease_until = ${LEASE}, attempts = attempts + 1
       WHERE id = (SELECT id FROM monitoring_recordings
                    WHERE state = 'PENDING' AND (lease_until IS NULL OR lease_until < now())
                    ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING id, monitoring_id, file, attempts`.execute(this.db);
    return rows[0];
  }

  async finishRecording(
    id: number,
    outcome: {
      state: 'DONE' | 'SKIPPED' | 'FAILED' | 'PENDING';
      camera?: number;
      mediaId?: number;
      error?: string;
    },
  ): Promise<void> {
    await sql`
      UPDATE monitoring_recordings
         SET state = ${outcome.state}, camera = ${outcome.camera ?? null},
             media_id = ${outcome.mediaId ?? null}, error = ${outcome.error ?? null},
             lease_until = NULL
       WHERE id = ${id}`.execute(this.db);
  }

  /** What a recording's medium needs of its monitoring. */
  async recordingContext(monitoringId: number) {
    const { rows } = await sql<{
      asset_id: number;
      device_id: number;
      driver_id: number | null;
      organisation_id: number;
      identifier: string;
      start_at: Date;
    }>`
      SELECT m.asset_id, m.device_id, m.driver_id, a.organisation_id, d.identifier, m.start_at
        FROM asset_monitorings m JOIN assets a ON a.id = m.asset_id JOIN devices d ON d.id = m.device_id
       WHERE m.id = ${monitoringId}`.execute(this.db);
    return rows[0];
  }

  /** A recording's medium (transferReason MONITORING); an identical one stored earlier is answered instead. */
  async insertMedium(medium: {
    monitoringId: number;
    assetId: number;
    deviceId: number;
    driverId: number | null;
    timestamp: Date;
    camera: number;
    fileName: string;
    size: number;
    duration: number | null;
    storageKey: string;
    thumbnailKey: string;
  }): Promise<{ id: number; created: boolean }> {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO media (asset_id, device_id, driver_id, "timestamp", camera, mime_type, file_name,
                         size, duration, transfer_reason, storage_key, thumbnail_key, monitoring_id)
      VALUES (${medium.assetId}, ${medium.deviceId}, ${medium.driverId}, ${medium.timestamp},
              ${medium.camera}, 'video/mp4', ${medium.fileName}, ${medium.size}, ${medium.duration},
              'MONITORING', ${medium.storageKey}, ${medium.thumbnailKey}, ${medium.monitoringId})
      ON CONFLICT (device_id, "timestamp", camera, transfer_reason, mime_type) WHERE uploaded_by IS NULL
      DO NOTHING RETURNING id`.execute(this.db);
    if (rows[0]) return { id: rows[0].id, created: true };
    const { rows: earlier } = await sql<{ id: number }>`
      SELECT id FROM media WHERE device_id = ${medium.deviceId} AND "timestamp" = ${medium.timestamp}
         AND camera = ${medium.camera} AND transfer_reason = 'MONITORING' AND mime_type = 'video/mp4'
         AND uploaded_by IS NULL`.execute(this.db);
    return { id: earlier[0]!.id, created: false };
  }

  /** A medium of the monitoring, with where its file is stored. */
  async medium(monitoringId: number, mediaId: number) {
    const { rows } = await sql<{
      id: number;
      mime_type: string;
      file_name: string;
      size: string;
      storage_key: string;
    }>`
      SELECT id, mime_type, file_name, size, storage_key FROM media
       WHERE id = ${mediaId} AND monitoring_id = ${monitoringId}`.execute(this.db);
    return rows[0];
  }

  /** Alarms due for an attempt, leased to this process for a minute. */
  async claimDueWebhooks(limit: number) {
    const { rows } = await sql<{ id: number; webhook_attempts: number }>`
      UPDATE asset_monitorings SET webhook_next_at = now() + interval '1 minute'
       WHERE id IN (SELECT id FROM asset_monitorings
                     WHERE webhook_state = 'PENDING' AND webhook_next_at <= now()
                     ORDER BY webhook_next_at LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING id, webhook_attempts`.execute(this.db);
    return rows;
  }

  async recordWebhookAttempt(
    id: number,
    outcome: { delivered: boolean; outcome: WebhookOutcome; nextInSeconds: number | undefined },
  ): Promise<void> {
    const state: WebhookState = outcome.delivered
      ? 'DELIVERED'
      : outcome.nextInSeconds === undefined
        ? 'FAILED'
        : 'PENDING';
    await sql`
      UPDATE asset_monitorings
         SET webhook_state = ${state}, webhook_attempts = webhook_attempts + 1,
             webhook_last_attempt_at = now(),
             webhook_delivered_at = ${outcome.delivered ? sql`now()` : null},
             webhook_last_error = ${outcome.outcome},
             webhook_next_at = ${
               outcome.nextInSeconds === undefined || outcome.delivered
                 ? null
                 : sql`now() + make_interval(secs => ${outcome.nextInSeconds})`
             }
       WHERE id = ${id}`.execute(this.db);
  }

  /** Active monitorings with a room (to make the rooms again after the gateway restarted). */
  async activeRooms() {
    const { rows } = await sql<{
      id: number;
      room_id: string;
      room_pin: string;
      room_secret: string;
    }>`
      SELECT id, room_id, room_pin, room_secret FROM asset_monitorings
       WHERE end_at IS NULL AND room_id IS NOT NULL`.execute(this.db);
    return rows;
  }
}
