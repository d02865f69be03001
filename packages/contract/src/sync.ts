import { Type, type Static, type TSchema } from 'typebox';
import { DateTime } from './fleet.js';
import { Id } from './organisations.js';

/**
 * Synchronisation (spec §7 sync base, issue 11 §3; docs/synchronisation.md). A local
 * organisation mirrors the master data (assets, drivers, devices, device links, driver links)
 * of one or more organisations of a remote system, by external ids. Every call is on the sync
 * base (API_BASE.sync, /sync-api):
 *
 * - the mirror's side, for a signed-in OEM: configuration, remote organisations, runs, results;
 * - the API keys an OEM issues for one organisation, and
 * - the export side, read by another server with such a key (header SYNC_API_KEY_HEADER), not
 *   a session: the protocol a remote system offers (ours, or a transport or ERP system).
 *
 * The calls (all OEM only, the export side excepted):
 *
 * | call                                      | body                        | answer                         |
 * | ----------------------------------------- | --------------------------- | ------------------------------ |
 * | GET organisations?server&organisationId    |                             | RemoteOrganisationList (502)   |
 * | GET organisations/{id}/configuration      |                             | SyncConfiguration; 404 if none |
 * | POST organisations/{id}/configuration     | CreateSyncConfigurationBody | 201 SyncConfiguration; 409     |
 * | PUT configurations/{id}                   | UpdateSyncConfigurationBody | SyncConfiguration              |
 * | PUT organisations/{id}/externalids        | SyncExternalIdsBody         | SyncConfiguration              |
 * | PUT organisations/{id}/sync               |                             | 202 SyncResult                 |
 * | GET organisations/{id}/results?from&until |                             | SyncResultList                 |
 * | GET lastresults/                          |                             | SyncLastResultList             |
 * | GET organisations/{id}/apikeys            |                             | SyncApiKeyList                 |
 * | POST organisations/{id}/apikeys           | CreateSyncApiKeyBody        | 201 IssuedSyncApiKey           |
 * | DELETE apikeys/{id}                       |                             | SyncApiKey (revoked)           |
 * | GET export/organisations                  | (API key)                   | ExportOrganisations            |
 * | GET export/organisations/{externalId}/{kind path}?since&cursor&limit | (API key) | Export…Page |
 * | GET export/organisations/{externalId}/ids?kind&cursor&limit | (API key) | ExportIdsPage        |
 *
 * Errors are {code, message}; the export side answers 401 to a missing, unknown or revoked key.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// ── What is synchronised ───────────────────────────────────────────────────

export const SYNC_ENTITY_KINDS = [
  'ASSET',
  'DRIVER',
  'DEVICE',
  'DEVICE_LINK',
  'DRIVER_LINK',
] as const;
export const SyncEntityKind = Type.Enum(SYNC_ENTITY_KINDS);
export type SyncEntityKind = Static<typeof SyncEntityKind>;

/** The export side's path segment of each kind: {server}/sync-api/export/organisations/{id}/{path}. */
export const SYNC_KIND_PATHS = {
  ASSET: 'assets',
  DRIVER: 'drivers',
  DEVICE: 'devices',
  DEVICE_LINK: 'devicelinks',
  DRIVER_LINK: 'driverlinks',
} as const satisfies Record<SyncEntityKind, string>;
export type SyncKindPath = (typeof SYNC_KIND_PATHS)[SyncEntityKind];
export const SyncKindPath = Type.Enum(Object.values(SYNC_KIND_PATHS) as SyncKindPath[]);

/**
 * Which kinds a configuration mirrors. Device links need assets and devices, driver links
 * need assets and drivers (refused with 400 otherwise). A kind switched off is left as it is
 * locally: not updated, not deactivated.
 */
export const SyncSelection = Type.Object(
  {
    assets: Type.Boolean(),
    drivers: Type.Boolean(),
    devices: Type.Boolean(),
    deviceLinks: Type.Boolean(),
    driverLinks: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type SyncSelection = Static<typeof SyncSelection>;

export const DEFAULT_SYNC_SELECTION: SyncSelection = {
  assets: true,
  drivers: true,
  devices: true,
  deviceLinks: true,
  driverLinks: true,
};

/** What is wrong with a selection (a link kind without the kinds it links), or undefined. */
export function syncSelectionProblem(s: SyncSelection): string | undefined {
  if (s.deviceLinks && !(s.assets && s.devices))
    return 'device links can only be synchronised together with assets and devices';
  if (s.driverLinks && !(s.assets && s.drivers))
    return 'driver links can only be synchronised together with assets and drivers';
  return undefined;
}

// ── Configuration of a local organisation ──────────────────────────────────

/** Minutes between scheduled runs. */
export const SYNC_INTERVAL_MINUTES = { min: 5, max: 10_080, default: 60 } as const;
/** Most remote organisations one local organisation mirrors. */
export const MAX_SYNC_EXTERNAL_IDS = 20;
export const SYNC_API_KEY_LENGTH = { min: 8, max: 500 } as const;

/**
 * The remote system's address: http(s), a host, no user info; may carry a path prefix. The
 * protocol's calls are under it: {server}/sync-api/export/…
 */
export const SYNC_SERVER_PATTERN = '^https?://[^/\\s@?#]+(/[^\\s?#]*)?$';
export const SyncServer = Type.String({
  minLength: 8,
  maxLength: 2000,
  pattern: SYNC_SERVER_PATTERN,
});

/** An organisation's id on the remote system (opaque text; ours are digits). */
export const ExternalId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[^\\s/?#]+$' });
export type ExternalId = Static<typeof ExternalId>;

/**
 * GET/POST organisations/{id}/configuration, PUT configurations/{id}, PUT
 * organisations/{id}/externalids. One per organisation. The API key is write-only: stored
 * encrypted, answered only as apiKeySet.
 */
export const SyncConfiguration = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  server: Type.String(),
  apiKeySet: Type.Boolean(),
  /** The remote organisations this one mirrors (PUT organisations/{id}/externalids). */
  externalIds: Type.Array(Type.String()),
  synchronise: SyncSelection,
  intervalMinutes: Type.Integer(),
  /** Off: no scheduled runs or retries; a run by hand still works. */
  enabled: Type.Boolean(),
  /** When the next scheduled run or retry is due; null while disabled. */
  nextRunAt: Nullable(DateTime),
  createdAt: DateTime,
  updatedAt: DateTime,
});
export type SyncConfiguration = Static<typeof SyncConfiguration>;

const ApiKeyText = Type.String({
  minLength: SYNC_API_KEY_LENGTH.min,
  maxLength: SYNC_API_KEY_LENGTH.max,
  pattern: '^[\\x21-\\x7e]+$',
});
const Interval = Type.Integer({
  minimum: SYNC_INTERVAL_MINUTES.min,
  maximum: SYNC_INTERVAL_MINUTES.max,
});

/**
 * POST organisations/{id}/configuration: creates it (409 when the organisation has one).
 * Defaults: every kind, SYNC_INTERVAL_MINUTES.default, enabled. Nothing runs until remote
 * organisations are chosen (PUT organisations/{id}/externalids); then the first run is due at once.
 */
export const CreateSyncConfigurationBody = Type.Object(
  {
    server: SyncServer,
    apiKey: ApiKeyText,
    synchronise: Type.Optional(SyncSelection),
    intervalMinutes: Type.Optional(Interval),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type CreateSyncConfigurationBody = Static<typeof CreateSyncConfigurationBody>;

/**
 * PUT configurations/{id}: the fields sent change. apiKey absent keeps the key, a text
 * replaces it, null removes it (runs then fail until one is set). Changing the interval or
 * enabling moves nextRunAt to now + interval (enabling: now).
 */
export const UpdateSyncConfigurationBody = Type.Object(
  {
    server: Type.Optional(SyncServer),
    apiKey: Type.Optional(Nullable(ApiKeyText)),
    synchronise: Type.Optional(SyncSelection),
    intervalMinutes: Type.Optional(Interval),
    enabled: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateSyncConfigurationBody = Static<typeof UpdateSyncConfigurationBody>;

/**
 * PUT organisations/{id}/externalids: the remote organisations (their externalId in GET
 * organisations?server=) whose master data this organisation mirrors, replacing the list.
 * Needs a configuration (404 otherwise). Not checked against the remote here: a run with an
 * id the key does not reach fails with that reason. Records of an id taken off the list are
 * deactivated by the next run.
 */
export const SyncExternalIdsBody = Type.Object(
  {
    externalIds: Type.Array(ExternalId, { maxItems: MAX_SYNC_EXTERNAL_IDS, uniqueItems: true }),
  },
  { additionalProperties: false },
);
export type SyncExternalIdsBody = Static<typeof SyncExternalIdsBody>;

// ── Remote organisations ───────────────────────────────────────────────────

/** An organisation the remote system offers for a key (its own and those below it). */
export const RemoteOrganisation = Type.Object({
  externalId: Type.String({ minLength: 1, maxLength: 100 }),
  name: Type.String({ maxLength: 500 }),
  parentExternalId: Nullable(Type.String({ maxLength: 100 })),
});
export type RemoteOrganisation = Static<typeof RemoteOrganisation>;

/**
 * GET organisations?server=&organisationId=: asks the remote at `server` which organisations
 * it offers for the API key of the configuration of local organisation `organisationId` (its
 * key never leaves for another address: `server` must be the configuration's, else 400).
 * A remote that cannot be reached, refuses the key or answers garbage: 502 with the reason.
 */
export const RemoteOrganisationsQuery = Type.Object(
  { server: SyncServer, organisationId: Id },
  { additionalProperties: false },
);
export type RemoteOrganisationsQuery = Static<typeof RemoteOrganisationsQuery>;
export const RemoteOrganisationList = Type.Array(RemoteOrganisation);
export type RemoteOrganisationList = Static<typeof RemoteOrganisationList>;

// ── Runs and their results ─────────────────────────────────────────────────

export const SYNC_TRIGGERS = ['SCHEDULED', 'MANUAL', 'RETRY'] as const;
export const SyncTrigger = Type.Enum(SYNC_TRIGGERS);
export type SyncTrigger = Static<typeof SyncTrigger>;

/**
 * QUEUED: asked for, not started yet (startedAt null); RUNNING: under way (progress);
 * SUCCESS: every change applied; PARTIAL: applied, but some records could not be (errors);
 * FAILED: nothing applied (reason), retried with backoff while the configuration is enabled.
 */
export const SYNC_STATUSES = ['QUEUED', 'RUNNING', 'SUCCESS', 'PARTIAL', 'FAILED'] as const;
export const SyncStatus = Type.Enum(SYNC_STATUSES);
export type SyncStatus = Static<typeof SyncStatus>;

export const SYNC_PHASES = ['FETCHING', 'APPLYING'] as const;
export const SyncPhase = Type.Enum(SYNC_PHASES);
export type SyncPhase = Static<typeof SyncPhase>;

export const SyncCounts = Type.Object({
  created: Type.Integer(),
  updated: Type.Integer(),
  unchanged: Type.Integer(),
  deactivated: Type.Integer(),
});
export type SyncCounts = Static<typeof SyncCounts>;

export const SyncError = Type.Object({
  entityKind: SyncEntityKind,
  /** the remote's id of the record (null: the run as a whole) */
  externalId: Nullable(Type.String()),
  message: Type.String(),
});
export type SyncError = Static<typeof SyncError>;

/** Most errors one result keeps; errorCount has them all. */
export const MAX_SYNC_ERRORS_KEPT = 100;

export const SyncProgress = Type.Object({
  phase: SyncPhase,
  /** the kind being read or applied (null: between kinds) */
  entityKind: Nullable(SyncEntityKind),
  done: Type.Integer(),
  /** null while unknown (reading pages) */
  total: Nullable(Type.Integer()),
});
export type SyncProgress = Static<typeof SyncProgress>;

export const SyncResult = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  configurationId: Type.Integer(),
  trigger: SyncTrigger,
  status: SyncStatus,
  queuedAt: DateTime,
  startedAt: Nullable(DateTime),
  endedAt: Nullable(DateTime),
  /** all kinds together */
  counts: SyncCounts,
  /** per kind that was synchronised */
  countsByKind: Type.Partial(
    Type.Object({
      ASSET: SyncCounts,
      DRIVER: SyncCounts,
      DEVICE: SyncCounts,
      DEVICE_LINK: SyncCounts,
      DRIVER_LINK: SyncCounts,
    }),
  ),
  /** record-level problems (PARTIAL), at most MAX_SYNC_ERRORS_KEPT */
  errors: Type.Array(SyncError),
  errorCount: Type.Integer(),
  /** why the run FAILED (remote down, key refused, timeout, bad data, interrupted) */
  reason: Nullable(Type.String()),
  /** while RUNNING */
  progress: Nullable(SyncProgress),
  /** 1 for a first try; n for the (n-1)th retry after consecutive failures */
  attempt: Type.Integer(),
  /** a FAILED result: when it will be retried (null: not, e.g. disabled or out of retries) */
  nextRetryAt: Nullable(DateTime),
  /** true when only the remote's changes since the previous run were read (plus its ids) */
  incremental: Type.Boolean(),
});
export type SyncResult = Static<typeof SyncResult>;
export const SyncResultList = Type.Array(SyncResult);

/** Retries after a failure: RETRY_BASE · 2^(attempt-1) minutes, at most this many. */
export const SYNC_MAX_RETRIES = 5;
/** Most results GET organisations/{id}/results answers (newest first). */
export const MAX_SYNC_RESULTS_LISTED = 500;

/** GET organisations/{id}/results?from&until: results queued in [from, until), newest first. */
export const SyncResultsQuery = Type.Object(
  { from: Type.Optional(DateTime), until: Type.Optional(DateTime) },
  { additionalProperties: false },
);
export type SyncResultsQuery = Static<typeof SyncResultsQuery>;

/**
 * GET lastresults/: every organisation of the caller's subtree that has a configuration, with
 * its newest result (any status; null before the first run).
 */
export const SyncLastResult = Type.Object({
  organisationId: Type.Integer(),
  organisationName: Type.String(),
  configurationId: Type.Integer(),
  server: Type.String(),
  enabled: Type.Boolean(),
  nextRunAt: Nullable(DateTime),
  result: Nullable(SyncResult),
});
export type SyncLastResult = Static<typeof SyncLastResult>;
export const SyncLastResultList = Type.Array(SyncLastResult);

// PUT organisations/{id}/sync: no body; 202 with the SyncResult that is QUEUED or already
// RUNNING or QUEUED for the organisation (one run at a time per organisation); 409 while no
// remote organisation is chosen.

// ── API keys of the export side ────────────────────────────────────────────

/** The header that carries an API key on the export side. */
export const SYNC_API_KEY_HEADER = 'x-api-key';

/**
 * A key an OEM issued for one organisation: it reads that organisation and those below it on
 * the export side, nothing else. The key itself is answered once, when issued.
 */
export const SyncApiKey = Type.Object({
  id: Type.Integer(),
  organisationId: Type.Integer(),
  name: Type.String(),
  /** the key's first characters, to tell keys apart */
  prefix: Type.String(),
  createdAt: DateTime,
  createdBy: Nullable(Type.String()),
  lastUsedAt: Nullable(DateTime),
  /** revoked keys are listed, and refused */
  revokedAt: Nullable(DateTime),
});
export type SyncApiKey = Static<typeof SyncApiKey>;
export const SyncApiKeyList = Type.Array(SyncApiKey);

/** POST organisations/{id}/apikeys: 201 with the key, shown this once. */
export const CreateSyncApiKeyBody = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 100, pattern: '\\S' }) },
  { additionalProperties: false },
);
export type CreateSyncApiKeyBody = Static<typeof CreateSyncApiKeyBody>;
export const IssuedSyncApiKey = Type.Object({
  ...SyncApiKey.properties,
  key: Type.String({ description: 'fwk_<id>_<secret>; shown once' }),
});
export type IssuedSyncApiKey = Static<typeof IssuedSyncApiKey>;

// GET organisations/{id}/apikeys: SyncApiKeyList (every key, newest first).
// DELETE apikeys/{id}: revokes it; 200 with the key's record (revokedAt set).

// ── The export side (the protocol) ─────────────────────────────────────────

/** The export side's base under a server's address: {server}{SYNC_EXPORT_PATH}/… */
export const SYNC_EXPORT_PATH = '/sync-api/export';

/** GET export/organisations: the key's organisation and every one below it. */
export const ExportOrganisations = Type.Object({
  organisations: Type.Array(RemoteOrganisation, { maxItems: 10_000 }),
});
export type ExportOrganisations = Static<typeof ExportOrganisations>;

export const EXPORT_PAGE_LIMIT = { max: 1000, default: 500 } as const;
export const EXPORT_IDS_LIMIT = { max: 10_000, default: 5000 } as const;

/** An opaque position in a listing: pass nextCursor back as cursor for the next page. */
export const ExportCursor = Type.String({ minLength: 1, maxLength: 500 });
/**
 * An opaque change stamp. Every listing answers one; passed back as `since`, the listing holds
 * the items changed since (added or changed: removed items are found by the ids listing).
 * Items seen twice are harmless: the mirror compares fields.
 */
export const ExportStamp = Type.String({
  minLength: 1,
  maxLength: 100,
  pattern: '^[0-9A-Za-z._:-]+$',
});

/** GET export/organisations/{externalId}/{kind}?since&cursor&limit. */
export const ExportListQuery = Type.Object(
  {
    since: Type.Optional(ExportStamp),
    cursor: Type.Optional(ExportCursor),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: EXPORT_PAGE_LIMIT.max })),
  },
  { additionalProperties: false },
);
export type ExportListQuery = Static<typeof ExportListQuery>;

/** GET export/organisations/{externalId}/ids?kind&cursor&limit: every current id of a kind. */
export const ExportIdsQuery = Type.Object(
  {
    kind: SyncKindPath,
    cursor: Type.Optional(ExportCursor),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: EXPORT_IDS_LIMIT.max })),
  },
  { additionalProperties: false },
);
export type ExportIdsQuery = Static<typeof ExportIdsQuery>;

export const ExportOrganisationParams = Type.Object({ externalId: ExternalId });
export type ExportOrganisationParams = Static<typeof ExportOrganisationParams>;

const ItemId = Type.String({ minLength: 1, maxLength: 100 });
const itemBase = { externalId: ItemId, stamp: ExportStamp };
const Text = (maxLength: number) => Type.String({ maxLength });

export const ExportAsset = Type.Object({
  ...itemBase,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  licencePlate: Nullable(Text(20)),
});
export type ExportAsset = Static<typeof ExportAsset>;

export const ExportDriver = Type.Object({
  ...itemBase,
  firstName: Text(100),
  lastName: Text(100),
  phone: Nullable(Text(40)),
});
export type ExportDriver = Static<typeof ExportDriver>;

export const ExportDevice = Type.Object({
  ...itemBase,
  name: Type.String({ minLength: 1, maxLength: 200 }),
  /** the serial number; unique across a platform, so also on the mirror's */
  identifier: Type.String({ minLength: 1, maxLength: 100 }),
});
export type ExportDevice = Static<typeof ExportDevice>;

/** Links hold over [from, until); until null while open. They name their ends by externalId. */
export const ExportDeviceLink = Type.Object({
  ...itemBase,
  assetExternalId: ItemId,
  deviceExternalId: ItemId,
  from: DateTime,
  until: Nullable(DateTime),
});
export type ExportDeviceLink = Static<typeof ExportDeviceLink>;

export const ExportDriverLink = Type.Object({
  ...itemBase,
  assetExternalId: ItemId,
  driverExternalId: ItemId,
  from: DateTime,
  until: Nullable(DateTime),
});
export type ExportDriverLink = Static<typeof ExportDriverLink>;

/**
 * One page of a listing, in a stable order. `stamp` is the same on every page of one listing
 * (carried by the cursor): the point from which the next `since` listing starts.
 */
const exportPage = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item, { maxItems: EXPORT_PAGE_LIMIT.max }),
    nextCursor: Nullable(ExportCursor),
    stamp: ExportStamp,
  });
export const ExportAssetPage = exportPage(ExportAsset);
export type ExportAssetPage = Static<typeof ExportAssetPage>;
export const ExportDriverPage = exportPage(ExportDriver);
export type ExportDriverPage = Static<typeof ExportDriverPage>;
export const ExportDevicePage = exportPage(ExportDevice);
export type ExportDevicePage = Static<typeof ExportDevicePage>;
export const ExportDeviceLinkPage = exportPage(ExportDeviceLink);
export type ExportDeviceLinkPage = Static<typeof ExportDeviceLinkPage>;
export const ExportDriverLinkPage = exportPage(ExportDriverLink);
export type ExportDriverLinkPage = Static<typeof ExportDriverLinkPage>;

/** The item schema and page schema of each kind, for a client that validates what it reads. */
export const EXPORT_PAGES = {
  ASSET: ExportAssetPage,
  DRIVER: ExportDriverPage,
  DEVICE: ExportDevicePage,
  DEVICE_LINK: ExportDeviceLinkPage,
  DRIVER_LINK: ExportDriverLinkPage,
} as const;

export const ExportIdsPage = Type.Object({
  ids: Type.Array(ItemId, { maxItems: EXPORT_IDS_LIMIT.max }),
  nextCursor: Nullable(ExportCursor),
});
export type ExportIdsPage = Static<typeof ExportIdsPage>;
