import { Type, type Static, type TSchema } from 'typebox';
import { Id } from './organisations.js';

/**
 * Assets, drivers, devices, groups, configuration groups and the links
 * between them (spec §3, §4, §7). Names are trimmed by the server; a name of
 * only spaces is refused.
 */

const Name = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });
/** Optional text: null, or '' (both stored as null), or up to maxLength characters. */
const OptionalText = (maxLength: number) => Type.Union([Type.String({ maxLength }), Type.Null()]);
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** ISO 8601 with an offset or Z, e.g. 2026-03-01T08:00:00+01:00; answered in UTC. */
export const DateTime = Type.String({ format: 'date-time' });

export const IdList = Type.Array(Id, { maxItems: 1000 });
export type IdList = Static<typeof IdList>;

// ── Synchronisation marks ──────────────────────────────────────────────────

/**
 * A record mirrored from a remote system (docs/synchronisation.md) and, while the remote lists
 * it, read-only here: `remote` is the address of the organisation's synchronisation (null when
 * that configuration is gone), `externalId` the record's id there. Null: not a live copy (made
 * here, or a deactivated copy, which is local again).
 */
export const Synchronised = Nullable(
  Type.Object({ externalId: Type.String(), remote: Nullable(Type.String()) }),
);
export type Synchronised = Static<typeof Synchronised>;

/**
 * Optional on every asset, driver, device and link: answered by the management lists and
 * GET {resource}/{id}; other answers may leave them out.
 */
const syncMarks = {
  synchronised: Type.Optional(Synchronised),
  /** When the remote stopped listing this copy; the record keeps its history. Null: active. */
  deactivatedAt: Type.Optional(Nullable(DateTime)),
};

// ── Records ────────────────────────────────────────────────────────────────

export const Asset = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  name: Type.String(),
  licencePlate: Nullable(Type.String()),
  /** Set through PUT configurationgroups/{id}/assets/{assetId}. */
  configurationGroupId: Nullable(Type.Integer()),
  ...syncMarks,
});
export type Asset = Static<typeof Asset>;

export const Driver = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  firstName: Type.String(),
  lastName: Type.String(),
  phone: Nullable(Type.String()),
  ...syncMarks,
});
export type Driver = Static<typeof Driver>;

export const Device = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  name: Type.String(),
  /** The serial number on the unit; unique across the platform. */
  identifier: Type.String(),
  /** When the device last called the device API (null: never). */
  lastSeen: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  /** Heard from within ONLINE_WITHIN_SECONDS. */
  online: Type.Boolean(),
  ...syncMarks,
});
export type Device = Static<typeof Device>;

/** Answered only when a credential is issued: it cannot be read again. */
export const DeviceWithCredential = Type.Object({
  ...Device.properties,
  credential: Type.String({ description: 'dev_<deviceId>_<secret>; shown once' }),
});
export type DeviceWithCredential = Static<typeof DeviceWithCredential>;

export const Group = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  name: Type.String(),
  active: Type.Boolean(),
});
export type Group = Static<typeof Group>;

/** A setting a configuration group holds, with what it sets (spec §3). */
export const ConfigurationGroupSetting = Type.Object({
  deviceConfigurationId: Type.Integer(),
  value: Type.String(),
  deviceConfiguration: Type.Object({
    service: Type.String(),
    parameter: Type.String(),
    description: Type.String(),
  }),
});
export type ConfigurationGroupSetting = Static<typeof ConfigurationGroupSetting>;

export const ConfigurationGroup = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  name: Type.String(),
  /** The settings it holds, by service and parameter; the others have their defaults. */
  groupConfigurations: Type.Array(ConfigurationGroupSetting),
});
export type ConfigurationGroup = Static<typeof ConfigurationGroup>;

/** Holds over [from, until); open (current) while until is null. */
export const DeviceLink = Type.Object({
  id: Type.Integer(),
  assetId: Type.Integer(),
  deviceId: Type.Integer(),
  from: DateTime,
  until: Nullable(DateTime),
  ...syncMarks,
});
export type DeviceLink = Static<typeof DeviceLink>;

export const DriverLink = Type.Object({
  id: Type.Integer(),
  assetId: Type.Integer(),
  driverId: Type.Integer(),
  from: DateTime,
  until: Nullable(DateTime),
  ...syncMarks,
});
export type DriverLink = Static<typeof DriverLink>;

export const AssetList = Type.Array(Asset);
export const DriverList = Type.Array(Driver);
export const DeviceLinkList = Type.Array(DeviceLink);
export const DriverLinkList = Type.Array(DriverLink);

/** GET groups/{id}/members and groups/{id}/membercandidates. */
export const GroupMembers = Type.Object({ assets: AssetList, drivers: DriverList });
export type GroupMembers = Static<typeof GroupMembers>;

/** GET configurationgroups/{id}/members and configurationgroups/{id}/membercandidates. */
export const ConfigurationGroupMembers = Type.Object({ assets: AssetList });
export type ConfigurationGroupMembers = Static<typeof ConfigurationGroupMembers>;

// ── Bodies ─────────────────────────────────────────────────────────────────

const assetFields = { name: Name(200), licencePlate: Type.Optional(OptionalText(20)) };
export const CreateAssetBody = Type.Object(assetFields, { additionalProperties: false });
export type CreateAssetBody = Static<typeof CreateAssetBody>;
export const UpdateAssetBody = Type.Partial(CreateAssetBody, { additionalProperties: false });
export type UpdateAssetBody = Static<typeof UpdateAssetBody>;

const driverFields = {
  firstName: Name(100),
  lastName: Name(100),
  phone: Type.Optional(OptionalText(40)),
};
export const CreateDriverBody = Type.Object(driverFields, { additionalProperties: false });
export type CreateDriverBody = Static<typeof CreateDriverBody>;
export const UpdateDriverBody = Type.Partial(CreateDriverBody, { additionalProperties: false });
export type UpdateDriverBody = Static<typeof UpdateDriverBody>;

export const CreateDeviceBody = Type.Object(
  { name: Name(200), identifier: Name(100) },
  { additionalProperties: false },
);
export type CreateDeviceBody = Static<typeof CreateDeviceBody>;
export const UpdateDeviceBody = Type.Partial(CreateDeviceBody, { additionalProperties: false });
export type UpdateDeviceBody = Static<typeof UpdateDeviceBody>;

export const CreateGroupBody = Type.Object(
  { name: Name(200), active: Type.Optional(Type.Boolean({ default: true })) },
  { additionalProperties: false },
);
export type CreateGroupBody = Static<typeof CreateGroupBody>;
export const UpdateGroupBody = Type.Partial(CreateGroupBody, { additionalProperties: false });
export type UpdateGroupBody = Static<typeof UpdateGroupBody>;

export const CreateConfigurationGroupBody = Type.Object(
  { name: Name(200) },
  { additionalProperties: false },
);
export type CreateConfigurationGroupBody = Static<typeof CreateConfigurationGroupBody>;
export const UpdateConfigurationGroupBody = Type.Partial(CreateConfigurationGroupBody, {
  additionalProperties: false,
});
export type UpdateConfigurationGroupBody = Static<typeof UpdateConfigurationGroupBody>;

// ── Parameters and queries ─────────────────────────────────────────────────

export const AssetDeviceParams = Type.Object({ id: Id, deviceId: Id });
export type AssetDeviceParams = Static<typeof AssetDeviceParams>;
export const AssetDriverParams = Type.Object({ id: Id, driverId: Id });
export type AssetDriverParams = Static<typeof AssetDriverParams>;
export const MemberAssetParams = Type.Object({ id: Id, assetId: Id });
export type MemberAssetParams = Static<typeof MemberAssetParams>;
export const MemberDriverParams = Type.Object({ id: Id, driverId: Id });
export type MemberDriverParams = Static<typeof MemberDriverParams>;

/** ?from: links still holding at or after from (all when absent). */
export const FromQuery = Type.Object(
  { from: Type.Optional(DateTime) },
  { additionalProperties: false },
);
export type FromQuery = Static<typeof FromQuery>;
/** ?until: when the open link ends (now when absent). */
export const UntilQuery = Type.Object(
  { until: Type.Optional(DateTime) },
  { additionalProperties: false },
);
export type UntilQuery = Static<typeof UntilQuery>;
/** ?from&until: links overlapping [from, until); each side open when absent. */
export const PeriodQuery = Type.Object(
  { from: Type.Optional(DateTime), until: Type.Optional(DateTime) },
  { additionalProperties: false },
);
export type PeriodQuery = Static<typeof PeriodQuery>;
