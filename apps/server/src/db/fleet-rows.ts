import { sql } from 'kysely';
import {
  ONLINE_WITHIN_SECONDS,
  SILENT_AFTER_HOURS,
  type Asset,
  type Device,
  type Driver,
} from '@fleet/contract';
import type { FleetTable } from './fleet-records.js';

// The rows of an asset, a driver and a device as every module that shows them reads them
// (their own modules, groups, configuration groups, the management overview).

export interface AssetRow {
  id: number;
  organisation_id: number;
  name: string;
  licence_plate: string | null;
  configuration_group_id: number | null;
}

export const toAsset = (row: AssetRow): Asset => ({
  id: row.id,
  organisationId: row.organisation_id,
  name: row.name,
  licencePlate: row.licence_plate,
  configurationGroupId: row.configuration_group_id,
});

export interface DriverRow {
  id: number;
  organisation_id: number;
  first_name: string;
  last_name: string;
  phone: string | null;
}

export const toDriver = (row: DriverRow): Driver => ({
  id: row.id,
  organisationId: row.organisation_id,
  firstName: row.first_name,
  lastName: row.last_name,
  phone: row.phone,
});

/** Online: heard from within ONLINE_WITHIN_SECONDS of `now`. */
export const isOnline = (lastSeen: Date | null, now: number = Date.now()): boolean =>
  lastSeen !== null && now - lastSeen.getTime() <= ONLINE_WITHIN_SECONDS * 1000;

export interface DeviceRow {
  id: number;
  organisation_id: number;
  name: string;
  identifier: string;
  last_seen_at: Date | null;
}

export const toDevice = (row: DeviceRow): Device => ({
  id: row.id,
  organisationId: row.organisation_id,
  name: row.name,
  identifier: row.identifier,
  lastSeen: row.last_seen_at?.toISOString() ?? null,
  online: isOnline(row.last_seen_at),
});

/** Not heard from for more than SILENT_AFTER_HOURS, or never. */
export const silentDevice = sql`(d.last_seen_at IS NULL OR d.last_seen_at < now() - make_interval(hours => ${SILENT_AFTER_HOURS}))`;

/** The three fleet tables for FleetRecords (db/fleet-records.ts). */
export const ASSETS: FleetTable<AssetRow, Asset> = {
  table: 'assets',
  columns: ['id', 'organisation_id', 'name', 'licence_plate', 'configuration_group_id'],
  byName: ['name'],
  toRecord: toAsset,
};

export const DRIVERS: FleetTable<DriverRow, Driver> = {
  table: 'drivers',
  columns: ['id', 'organisation_id', 'first_name', 'last_name', 'phone'],
  byName: ['first_name', 'last_name'],
  toRecord: toDriver,
};

export const DEVICES: FleetTable<DeviceRow, Device> = {
  table: 'devices',
  columns: ['id', 'organisation_id', 'name', 'identifier', 'last_seen_at'],
  byName: ['name'],
  toRecord: toDevice,
};
