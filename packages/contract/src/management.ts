import { Type, type Static, type TSchema } from 'typebox';
import { PASSWORD_MIN_LENGTH } from './auth.js';
import { GroupConfiguration } from './configurations.js';
import { Asset, ConfigurationGroup, DateTime, Device, Driver, Group } from './fleet.js';
import { Role } from './roles.js';
import { Id } from './organisations.js';
import { User } from './users.js';

/**
 * The management screens (spec §2 "one generic list screen", issue 10): list
 * calls with server paging, search, sort and filters; users; the management
 * overview; the settings that reach the devices.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// ── Lists ──────────────────────────────────────────────────────────────────

/** Most rows one list page holds; the portal shows 10 (spec §9). */
export const MAX_LIST_LIMIT = 100;
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];

/**
 * GET organisations/{id}/{resource}: every query field is optional. Without
 * `limit` the answer holds every row (the pickers use that); with it, one
 * page from `offset`. Either way the header `X-Total-Count` holds how many
 * rows match `search` and `filter`. `search` matches case-insensitively
 * anywhere in the resource's names (see each list); `sort` defaults to the
 * name, `order` to asc; ties are broken by id.
 */
const listFields = <S extends string>(sorts: readonly S[]) => ({
  search: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(Type.Enum(sorts)),
  order: Type.Optional(Type.Enum(SORT_ORDERS)),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIST_LIMIT })),
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: 10_000_000 })),
});
const listQuery = <S extends string>(sorts: readonly S[]) =>
  Type.Object(listFields(sorts), { additionalProperties: false });
const filteredListQuery = <S extends string, F extends string>(
  sorts: readonly S[],
  filters: readonly F[],
) =>
  Type.Object(
    { ...listFields(sorts), filter: Type.Optional(Type.Enum(filters)) },
    { additionalProperties: false },
  );

/** The fields every list query has, as the server reads them. */
export interface ListParams<S extends string = string, F extends string = string> {
  search?: string;
  sort?: S;
  order?: SortOrder;
  limit?: number;
  offset?: number;
  filter?: F;
}

/** Search: name and licence plate. Filter unlinked: no device fitted now. */
export const ASSET_SORTS = [
  'name',
  'licencePlate',
  'device',
  'driver',
  'configurationGroup',
] as const;
export const ASSET_FILTERS = ['unlinked'] as const;
export const AssetListQuery = filteredListQuery(ASSET_SORTS, ASSET_FILTERS);
export type AssetListQuery = ListParams<
  (typeof ASSET_SORTS)[number],
  (typeof ASSET_FILTERS)[number]
>;

/**
 * Search: name and identifier. Filters: unlinked (fitted to no asset now),
 * silent (not heard from for more than a day, or never), pending (its
 * latest settings are not applied yet: sent and waiting, or failed).
 */
export const DEVICE_SORTS = ['name', 'identifier', 'lastSeen', 'asset'] as const;
export const DEVICE_FILTERS = ['unlinked', 'silent', 'pending'] as const;
export const DeviceListQuery = filteredListQuery(DEVICE_SORTS, DEVICE_FILTERS);
export type DeviceListQuery = ListParams<
  (typeof DEVICE_SORTS)[number],
  (typeof DEVICE_FILTERS)[number]
>;

/** Search: first name, last name, 'first last' and phone. Filter unlinked: in no asset now. */
export const DRIVER_SORTS = ['name', 'lastName', 'phone', 'asset'] as const;
export const DRIVER_FILTERS = ['unlinked'] as const;
export const DriverListQuery = filteredListQuery(DRIVER_SORTS, DRIVER_FILTERS);
export type DriverListQuery = ListParams<
  (typeof DRIVER_SORTS)[number],
  (typeof DRIVER_FILTERS)[number]
>;

/** Search: name. */
export const GROUP_SORTS = ['name', 'active', 'assetCount', 'driverCount'] as const;
export const GroupListQuery = listQuery(GROUP_SORTS);
export type GroupListQuery = ListParams<(typeof GROUP_SORTS)[number], never>;

/** Search: name. */
export const CONFIGURATION_GROUP_SORTS = ['name', 'assetCount'] as const;
export const ConfigurationGroupListQuery = listQuery(CONFIGURATION_GROUP_SORTS);
export type ConfigurationGroupListQuery = ListParams<
  (typeof CONFIGURATION_GROUP_SORTS)[number],
  never
>;

/** Search: name and user name. */
export const USER_SORTS = ['name', 'username', 'role'] as const;
export const UserListQuery = listQuery(USER_SORTS);
export type UserListQuery = ListParams<(typeof USER_SORTS)[number], never>;

/**
 * GET organisations/{id}/organisations: the organisation and every one below it. Search: name.
 * Without sort: the tree's order (each organisation followed by its children, by name).
 */
export const ORGANISATION_SORTS = ['name', 'parent', 'users', 'assets', 'devices'] as const;
export const OrganisationListQuery = listQuery(ORGANISATION_SORTS);
export type OrganisationListQuery = ListParams<(typeof ORGANISATION_SORTS)[number], never>;

/** The response header that holds how many rows match, whatever the page. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

// ── Settings reaching the devices ──────────────────────────────────────────

/**
 * Where a device stands with its settings, from the latest CONFIGURATION
 * command it was sent: PENDING (sent, not answered yet; `acknowledgedAt` once
 * the device has it), APPLIED (at `appliedAt`), FAILED (with `reason`).
 */
export const DeviceConfigurationState = Type.Object({
  state: Type.Enum(['PENDING', 'APPLIED', 'FAILED']),
  sentAt: DateTime,
  acknowledgedAt: Nullable(DateTime),
  appliedAt: Nullable(DateTime),
  reason: Nullable(Type.String()),
  /** The configuration group whose values were sent; null: the defaults. */
  configurationGroupId: Nullable(Type.Integer()),
});
export type DeviceConfigurationState = Static<typeof DeviceConfigurationState>;

/** One device of a configuration group's assets (or of one asset) and its settings. */
export const DeviceSettingsStatus = Type.Object({
  deviceId: Type.Integer(),
  deviceName: Type.String(),
  identifier: Type.String(),
  assetId: Type.Integer(),
  assetName: Type.String(),
  /** null: never sent any settings. */
  configuration: Nullable(DeviceConfigurationState),
  /** The device applied the settings its asset has now. */
  upToDate: Type.Boolean(),
});
export type DeviceSettingsStatus = Static<typeof DeviceSettingsStatus>;

/** GET configurationgroups/{id}: the group with the settings state of each device of its assets. */
export const ConfigurationGroupDetail = Type.Object({
  ...ConfigurationGroup.properties,
  devices: Type.Array(DeviceSettingsStatus),
});
export type ConfigurationGroupDetail = Static<typeof ConfigurationGroupDetail>;

/** GET assets/{id}/configs: the asset's effective settings and whether its device has them. */
export const AssetConfigs = Type.Object({
  assetId: Type.Integer(),
  configurationGroup: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  /** Every setting: the group's value, else the default; each with its definition. */
  settings: Type.Array(GroupConfiguration),
  /** The device fitted now (none or one). */
  devices: Type.Array(DeviceSettingsStatus),
});
export type AssetConfigs = Static<typeof AssetConfigs>;

/**
 * The payload of a CONFIGURATION command (docs/device-protocol.md): the
 * device's whole effective settings, by service and parameter, values as text
 * (masks as decimal strings: the event mask has 60 bits).
 */
export const ConfigurationCommand = Type.Object({
  assetId: Type.Integer(),
  configurationGroupId: Nullable(Type.Integer()),
  settings: Type.Record(Type.String(), Type.Record(Type.String(), Type.String())),
});
export type ConfigurationCommand = Static<typeof ConfigurationCommand>;

// ── List rows ──────────────────────────────────────────────────────────────

export const AssetListItem = Type.Object({
  ...Asset.properties,
  /** The device fitted now. */
  deviceId: Nullable(Type.Integer()),
  deviceName: Nullable(Type.String()),
  /** The driver linked now. */
  driverId: Nullable(Type.Integer()),
  driverName: Nullable(Type.String()),
  configurationGroupName: Nullable(Type.String()),
});
export type AssetListItem = Static<typeof AssetListItem>;
export const AssetListPage = Type.Array(AssetListItem);

export const DeviceListItem = Type.Object({
  ...Device.properties,
  /** The asset it is fitted to now. */
  assetId: Nullable(Type.Integer()),
  assetName: Nullable(Type.String()),
  /** null: never sent any settings. */
  configuration: Nullable(DeviceConfigurationState),
});
export type DeviceListItem = Static<typeof DeviceListItem>;
export const DeviceListPage = Type.Array(DeviceListItem);

export const DriverListItem = Type.Object({
  ...Driver.properties,
  /** The asset linked now. */
  assetId: Nullable(Type.Integer()),
  assetName: Nullable(Type.String()),
});
export type DriverListItem = Static<typeof DriverListItem>;
export const DriverListPage = Type.Array(DriverListItem);

export const GroupListItem = Type.Object({
  ...Group.properties,
  assetCount: Type.Integer(),
  driverCount: Type.Integer(),
});
export type GroupListItem = Static<typeof GroupListItem>;
export const GroupListPage = Type.Array(GroupListItem);

export const ConfigurationGroupListItem = Type.Object({
  ...ConfigurationGroup.properties,
  assetCount: Type.Integer(),
});
export type ConfigurationGroupListItem = Static<typeof ConfigurationGroupListItem>;
export const ConfigurationGroupListPage = Type.Array(ConfigurationGroupListItem);

export const UserListPage = Type.Array(User);

/** A row of the OEM organisation overview: its own users, assets and devices (not its children's). */
export const OrganisationListItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  parentId: Nullable(Type.Integer()),
  parentName: Nullable(Type.String()),
  /** Levels below the listed organisation (0: the organisation of the call itself). */
  depth: Type.Integer(),
  users: Type.Integer(),
  assets: Type.Integer(),
  devices: Type.Integer(),
});
export type OrganisationListItem = Static<typeof OrganisationListItem>;
export const OrganisationListPage = Type.Array(OrganisationListItem);

// ── Users ──────────────────────────────────────────────────────────────────

export const Password = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: 1000 });

/** POST organisations/{id}/users. */
export const CreateUserBody = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    username: Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' }),
    password: Password,
    role: Role,
    /**
     * A DRIVER user's driver record, of the user's organisation or below (My safety shows its
     * cases); null removes the link. Refused for other roles; a user who stops being a DRIVER
     * loses the link.
     */
    driverId: Type.Optional(Nullable(Id)),
  },
  { additionalProperties: false },
);
export type CreateUserBody = Static<typeof CreateUserBody>;

/** PUT users/{id}: the fields sent change; a new role or password ends the user's sessions. */
export const UpdateUserBody = Type.Partial(CreateUserBody, { additionalProperties: false });
export type UpdateUserBody = Static<typeof UpdateUserBody>;

// ── Management overview ────────────────────────────────────────────────────

export const MANAGEMENT_CHECKS = [
  'devicesWithoutAsset',
  'assetsWithoutDevice',
  'silentDevices',
  'pendingDevices',
] as const;

/** GET organisations/{id}/managementoverview: the organisation's own records. */
export const ManagementOverview = Type.Object({
  counts: Type.Object({
    assets: Type.Integer(),
    devices: Type.Integer(),
    drivers: Type.Integer(),
    groups: Type.Integer(),
  }),
  /** Each links to its list with the filter: /management/{resource}?filter={filter}. */
  checks: Type.Array(
    Type.Object({
      check: Type.Enum(MANAGEMENT_CHECKS),
      count: Type.Integer(),
      resource: Type.Enum(['assets', 'devices']),
      filter: Type.Enum(['unlinked', 'silent', 'pending']),
    }),
  ),
});
export type ManagementOverview = Static<typeof ManagementOverview>;

/** Devices silent for longer than this show up in the overview's silentDevices. */
export const SILENT_AFTER_HOURS = 24;
