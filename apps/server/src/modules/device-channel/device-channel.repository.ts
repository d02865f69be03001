import { sql } from 'kysely';
import type { CommandKind, DeviceCommand } from '@fleet/contract';
import type { Db, Executor } from '../../db/database.js';

/** The PostgreSQL channel a new command is announced on; the payload is the device id. */
export const NOTIFY_CHANNEL = 'device_commands';

/** Most commands one poll answers; the rest come with the next poll. */
export const MAX_COMMANDS_PER_POLL = 100;

/** A command as its handler sees it. */
export interface CommandRef {
  id: number;
  kind: CommandKind;
  payload: Record<string, unknown>;
  status: 'DONE' | 'FAILED' | null;
  reason: string | null;
}

interface CommandRow {
  id: number;
  kind: string;
  payload: Record<string, unknown>;
  created_at: Date;
  expires_at: Date;
}

const toCommand = (r: CommandRow): DeviceCommand => ({
  id: r.id,
  kind: r.kind as CommandKind,
  payload: r.payload,
  createdAt: r.created_at.toISOString(),
  expiresAt: r.expires_at.toISOString(),
});

/** device_commands: the commands waiting for, held by and answered by each device. */
export class DeviceChannelRepository {
  constructor(readonly db: Db) {}

  /**
   * Stores a command and announces it on NOTIFY_CHANNEL. Inside a transaction the
   * announcement goes out at commit, so a woken poll always finds the command.
   */
  async insert(
    executor: Executor,
    deviceId: number,
    kind: CommandKind,
    payload: object,
    expiresAt: Date,
  ): Promise<number> {
    const { rows } = await sql<{ id: number }>`
      INSERT INTO device_commands (device_id, kind, payload, expires_at)
      VALUES (${deviceId}, ${kind}, ${JSON.stringify(payload)}::jsonb, ${expiresAt})
      RETURNING id`.execute(executor);
    await sql`SELECT pg_notify(${NOTIFY_CHANNEL}, ${String(deviceId)})`.execute(executor);
    return rows[0]!.id;
  }

  /** The device's pending commands (not acknowledged, not expired), oldest first; marks them delivered. */
  async takePending(deviceId: number): Promise<DeviceCommand[]> {
    const { rows } = await sql<CommandRow>`
      UPDATE device_commands c SET delivered_at = coalesce(c.delivered_at, now())
       WHERE c.id IN (SELECT p.id FROM device_commands p
                       WHERE p.device_id = ${deviceId} AND p.acknowledged_at IS NULL
                         AND p.expires_at > now()
                       ORDER BY p.id LIMIT ${MAX_COMMANDS_PER_POLL})
      RETURNING c.id, c.kind, c.payload, c.created_at, c.expires_at`.execute(this.db);
    return rows.map(toCommand).sort((a, b) => a.id - b.id);
  }

  /** Acknowledged (once: the first moment stays); undefined when the device has no such command. */
  async acknowledge(id: number, deviceId: number): Promise<CommandRef | undefined> {
    const { rows } = await sql<CommandRef>`
      UPDATE device_commands
         SET acknowledged_at = coalesce(acknowledged_at, now()),
             delivered_at = coalesce(delivered_at, now())
       WHERE id = ${id} AND device_id = ${deviceId}
      RETURNING id, kind, payload, status, reason`.execute(this.db);
    return rows[0];
  }

  /**
   * The device's final word, kept once: a repeated result answers the first one's status and
   * reason. A result also acknowledges.
   */
  async finish(
    id: number,
    deviceId: number,
    status: 'DONE' | 'FAILED',
    reason: string | null,
  ): Promise<CommandRef | undefined> {
    const { rows } = await sql<CommandRef>`
      UPDATE device_commands
         SET acknowledged_at = coalesce(acknowledged_at, now()),
             delivered_at = coalesce(delivered_at, now()),
             finished_at = coalesce(finished_at, now()),
             reason = CASE WHEN finished_at IS NULL THEN ${reason} ELSE reason END,
             status = coalesce(status, ${status})
       WHERE id = ${id} AND device_id = ${deviceId}
      RETURNING id, kind, payload, status, reason`.execute(this.db);
    return rows[0];
  }
}
