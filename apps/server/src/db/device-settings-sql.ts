import { sql, type RawBuilder } from 'kysely';
import type { DeviceConfigurationState } from '@fleet/contract';

/** How long a device has to pick up its settings before they read as failed. */
export const CONFIGURATION_EXPIRY_DAYS = 30;

/**
 * The latest CONFIGURATION command of the device `deviceId` refers to, as a
 * LEFT JOIN LATERAL named cfg (device_commands_configuration_idx: one probe).
 */
export const latestConfigurationJoin = (deviceId: RawBuilder<unknown>) => sql`
  LEFT JOIN LATERAL (
    SELECT c.id, c.created_at, c.acknowledged_at, c.finished_at, c.status, c.reason,
           c.expires_at <= now() AS expired,
           (c.payload ->> 'configurationGroupId')::integer AS configuration_group_id,
           c.payload -> 'settings' AS settings
      FROM device_commands c
     WHERE c.device_id = ${deviceId} AND c.kind = 'CONFIGURATION'
     ORDER BY c.id DESC
     LIMIT 1) cfg ON true`;

/** The columns of cfg a row carries for toConfigurationState. */
export const configurationColumns = sql`
  cfg.id AS cfg_id, cfg.created_at AS cfg_created_at, cfg.acknowledged_at AS cfg_acknowledged_at,
  cfg.finished_at AS cfg_finished_at, cfg.status AS cfg_status, cfg.reason AS cfg_reason,
  cfg.expired AS cfg_expired, cfg.configuration_group_id AS cfg_configuration_group_id`;

/** Not yet applied: sent and waiting, or failed. */
export const configurationNotApplied = sql`cfg.id IS NOT NULL AND cfg.status IS DISTINCT FROM 'DONE'`;

export interface ConfigurationColumns {
  cfg_id: number | null;
  cfg_created_at: Date | null;
  cfg_acknowledged_at: Date | null;
  cfg_finished_at: Date | null;
  cfg_status: 'DONE' | 'FAILED' | null;
  cfg_reason: string | null;
  cfg_expired: boolean | null;
  cfg_configuration_group_id: number | null;
}

/** A device's settings state from its latest CONFIGURATION command; null when it was never sent any. */
export function toConfigurationState(row: ConfigurationColumns): DeviceConfigurationState | null {
  if (row.cfg_id === null || row.cfg_created_at === null) return null;
  const expired = row.cfg_status === null && row.cfg_expired === true;
  const state =
    row.cfg_status === 'DONE'
      ? 'APPLIED'
      : row.cfg_status === 'FAILED' || expired
        ? 'FAILED'
        : 'PENDING';
  const reason = expired
    ? row.cfg_acknowledged_at
      ? `the device did not report the settings applied within ${CONFIGURATION_EXPIRY_DAYS} days`
      : `the device did not come online within ${CONFIGURATION_EXPIRY_DAYS} days`
    : state === 'FAILED'
      ? (row.cfg_reason ?? 'the device could not apply the settings')
      : null;
  return {
    state,
    sentAt: row.cfg_created_at.toISOString(),
    acknowledgedAt: row.cfg_acknowledged_at?.toISOString() ?? null,
    appliedAt: state === 'APPLIED' ? (row.cfg_finished_at?.toISOString() ?? null) : null,
    reason,
    configurationGroupId: row.cfg_configuration_group_id,
  };
}
