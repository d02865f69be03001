import { sql } from 'kysely';
import {
  ONLINE_WITHIN_SECONDS,
  SILENT_AFTER_HOURS,
  type Asset,
  type Device,
  type Driver,
} from '@fleet/contract';

// The rows of an asset, a driver and a device as every module that shows them reads them
// (their own modules, groups, configuration groups, the management overview).

export const ASSET_COLUMNS = [
  'assets.id',
  'assets.organisation_id',
  'assets.name',
  'assets.licence_plate',
  'assets.configuration_group_id',
] as const;

export const toAsset = (row: {
  id: number;
  organisation_id: number;
  name: string;
  licence_plate: string | null;
  configuration_group_id: number | null;
}): Asset => ({
  id: row.id,
  organisationId: row.organisation_id,
  name: row.name,
  licencePlate: row.licence_plate,
  configurationGroupId: row.configuration_group_id,
});

export const DRIVER_COLUMNS = [
  'drivers.id',
  'drivers.organisation_id',
  'drivers.first_name',
  'drivers.last_name',
  'drivers.phone',
] as const;

export const toDriver = (row: {
  id: number;
  organisation_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
}): Driver => ({
  id: row.id,
  organisationId: row.organisation_id,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
});

export const DEVICE_COLUMNS = [
  'id',
  'organisation_id',
  'name',
  'identifier',
  'last_seen_at',
] as const;

/** Online: heard from within ONLINE_WITHIN_SECONDS of `now`. */
export const isOnline = (lastSeen: Date | null, now: number = Date.now()): boolean =>
  lastSeen !== null && now - lastSeen.getTime() <= ONLINE_WITHIN_SECONDS * 1000;

export const toDevice = (row: {
  id: number;
  organisation_id: number;
  name: string;
  identifier: string;
  last_seen_at: Date | null;
}): Device => ({
  id: row.id,
  organisationId: row.organisation_id,
  name: row.name,
  identifier: row.identifier,
  lastSeen: row.last_seen_at?.toISOString() ?? null,
  online: isOnline(row.last_seen_at),
});

/** Not heard from for more than SILENT_AFTER_HOURS, or never. */
export const silentDevice = sql`(d.last_seen_at IS NULL OR d.last_seen_at < now() - make_interval(hours => ${SILENT_AFTER_HOURS}))`;
