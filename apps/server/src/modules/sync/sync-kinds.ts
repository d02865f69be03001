import type {
  ExportAsset,
  ExportDevice,
  ExportDeviceLink,
  ExportDriver,
  ExportDriverLink,
  SyncEntityKind,
} from '@fleet/contract';

/**
 * The fields the mirror keeps of each kind, in one comparable form for what the remote sends
 * and what the database holds: text trimmed, empty optional text as null, times as epoch
 * milliseconds, link ends as the remote's ids.
 */
export interface AssetFields {
  name: string;
  licencePlate: string | null;
}
export interface DriverFields {
  firstName: string;
  lastName: string;
  phone: string | null;
}
export interface DeviceFields {
  name: string;
  identifier: string;
}
export interface LinkFields {
  assetExternalId: string;
  /** the device's or the driver's id on the remote */
  targetExternalId: string;
  from: number;
  until: number | null;
}

export interface FieldsOf {
  ASSET: AssetFields;
  DRIVER: DriverFields;
  DEVICE: DeviceFields;
  DEVICE_LINK: LinkFields;
  DRIVER_LINK: LinkFields;
}

export interface ExportItemOf {
  ASSET: ExportAsset;
  DRIVER: ExportDriver;
  DEVICE: ExportDevice;
  DEVICE_LINK: ExportDeviceLink;
  DRIVER_LINK: ExportDriverLink;
}

/** What the mirror makes of one remote item: its fields, or why it cannot take it. */
export type Converted<F> =
  { fields: F; problem?: undefined } | { problem: string; fields?: undefined };

const text = (value: string) => value.trim();
const optional = (value: string | null) => (value === null ? null : value.trim() || null);

/** The kinds in the order a run applies them: links after the records they link. */
export const APPLY_ORDER: readonly SyncEntityKind[] = [
  'ASSET',
  'DRIVER',
  'DEVICE',
  'DEVICE_LINK',
  'DRIVER_LINK',
];

export const KIND_NAMES: Record<SyncEntityKind, string> = {
  ASSET: 'asset',
  DRIVER: 'driver',
  DEVICE: 'device',
  DEVICE_LINK: 'device link',
  DRIVER_LINK: 'driver link',
};

function link(item: ExportDeviceLink | ExportDriverLink, target: string): Converted<LinkFields> {
  const from = Date.parse(item.from);
  const until = item.until === null ? null : Date.parse(item.until);
  if (until !== null && until <= from) return { problem: 'it ends before it starts' };
  return {
    fields: { assetExternalId: item.assetExternalId, targetExternalId: target, from, until },
  };
}

/** Remote item → fields, per kind. The schema was checked already; these are the local rules. */
export const fromExport: {
  [K in SyncEntityKind]: (item: ExportItemOf[K]) => Converted<FieldsOf[K]>;
} = {
  ASSET: (item) => {
    const name = text(item.name);
    if (!name) return { problem: 'it has no name' };
    return { fields: { name, licencePlate: optional(item.licencePlate) } };
  },
  DRIVER: (item) => {
    const firstName = text(item.firstName);
    const lastName = text(item.lastName);
    if (!firstName && !lastName) return { problem: 'it has no name' };
    return { fields: { firstName, lastName, phone: optional(item.phone) } };
  },
  DEVICE: (item) => {
    const name = text(item.name);
    const identifier = text(item.identifier);
    if (!name) return { problem: 'it has no name' };
    if (!identifier) return { problem: 'it has no identifier' };
    return { fields: { name, identifier } };
  },
  DEVICE_LINK: (item) => link(item, item.deviceExternalId),
  DRIVER_LINK: (item) => link(item, item.driverExternalId),
};

/** Field by field: equal values mean the record is unchanged. */
export function sameFields<F extends object>(a: F, b: F): boolean {
  const keys = Object.keys(a) as (keyof F)[];
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}
