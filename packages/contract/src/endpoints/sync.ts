import { endpoint } from '../endpoint.js';
import { IdParams } from '../organisations.js';
import {
  CreateSyncApiKeyBody,
  CreateSyncConfigurationBody,
  EXPORT_PAGES,
  ExportIdsPage,
  ExportIdsQuery,
  ExportListQuery,
  ExportOrganisationParams,
  ExportOrganisations,
  IssuedSyncApiKey,
  RemoteOrganisationList,
  RemoteOrganisationsQuery,
  SYNC_KIND_PATHS,
  SyncApiKey,
  SyncApiKeyList,
  SyncConfiguration,
  SyncExternalIdsBody,
  SyncLastResultList,
  SyncResult,
  SyncResultList,
  SyncResultsQuery,
  UpdateSyncConfigurationBody,
  type SyncEntityKind,
} from '../sync.js';

/**
 * The sync base's calls for a signed-in OEM (spec §7): configuration, remote organisations,
 * runs and results, and the API keys of the export side.
 */
const sync = { base: 'sync' as const, tags: ['sync'] };
const FAILURES = [400, 401, 403, 404] as const;

export const remoteOrganisations = endpoint('GET', '/organisations', {
  ...sync,
  summary:
    "The organisations a remote offers for the key of organisation {organisationId}'s configuration",
  querystring: RemoteOrganisationsQuery,
  ok: { 200: RemoteOrganisationList },
  errors: [...FAILURES, 409, 502],
});

export const configuration = endpoint('GET', '/organisations/:id/configuration', {
  ...sync,
  summary: "An organisation's synchronisation configuration (404: none)",
  params: IdParams,
  ok: { 200: SyncConfiguration },
  errors: FAILURES,
});

export const createConfiguration = endpoint('POST', '/organisations/:id/configuration', {
  ...sync,
  summary: 'Configure the synchronisation of an organisation (409: it has one)',
  params: IdParams,
  body: CreateSyncConfigurationBody,
  ok: { 201: SyncConfiguration },
  errors: [...FAILURES, 409],
});

export const updateConfiguration = endpoint('PUT', '/configurations/:id', {
  ...sync,
  summary: 'Change synchronisation configuration {id} (the fields sent)',
  params: IdParams,
  body: UpdateSyncConfigurationBody,
  ok: { 200: SyncConfiguration },
  errors: FAILURES,
});

export const externalIds = endpoint('PUT', '/organisations/:id/externalids', {
  ...sync,
  summary: 'The remote organisations this organisation mirrors',
  params: IdParams,
  body: SyncExternalIdsBody,
  ok: { 200: SyncConfiguration },
  errors: FAILURES,
});

export const runNow = endpoint('PUT', '/organisations/:id/sync', {
  ...sync,
  summary: 'Synchronise now: 202 with the queued run (or the one queued or running already)',
  params: IdParams,
  ok: { 202: SyncResult },
  errors: [401, 403, 404, 409],
});

export const results = endpoint('GET', '/organisations/:id/results', {
  ...sync,
  summary: 'Results of the runs queued in [from, until), newest first',
  params: IdParams,
  querystring: SyncResultsQuery,
  ok: { 200: SyncResultList },
  errors: FAILURES,
});

/** The specification's path has the slash; the server answers the same without it. */
export const lastResults = endpoint('GET', '/lastresults/', {
  ...sync,
  summary: "The newest result of every configured organisation of the caller's subtree",
  ok: { 200: SyncLastResultList },
  errors: [401, 403],
});

export const apiKeys = endpoint('GET', '/organisations/:id/apikeys', {
  ...sync,
  summary: 'The export API keys issued for an organisation (never the keys themselves)',
  params: IdParams,
  ok: { 200: SyncApiKeyList },
  errors: FAILURES,
});

export const issueApiKey = endpoint('POST', '/organisations/:id/apikeys', {
  ...sync,
  summary: 'Issue an export API key for an organisation: the key is in this answer only',
  params: IdParams,
  body: CreateSyncApiKeyBody,
  ok: { 201: IssuedSyncApiKey },
  errors: FAILURES,
});

export const revokeApiKey = endpoint('DELETE', '/apikeys/:id', {
  ...sync,
  summary: 'Revoke an export API key',
  params: IdParams,
  ok: { 200: SyncApiKey },
  errors: FAILURES,
});

// ── The export side: another server reads with an API key (header X-Api-Key) ──

const exported = {
  base: 'sync' as const,
  tags: ['sync export'],
  security: [{ syncApiKey: [] }] as Record<string, string[]>[],
};

export const exportOrganisations = endpoint('GET', '/export/organisations', {
  ...exported,
  summary: "The API key's organisation and every organisation below it",
  ok: { 200: ExportOrganisations },
  errors: [401],
});

/* @__NO_SIDE_EFFECTS__ */
function exportPage<const K extends SyncEntityKind>(kind: K) {
  const path = SYNC_KIND_PATHS[kind];
  return endpoint('GET', `/export/organisations/:externalId/${path}`, {
    ...exported,
    summary: `One page of the organisation's ${path} (since: changed since that stamp)`,
    params: ExportOrganisationParams,
    querystring: ExportListQuery,
    ok: { 200: EXPORT_PAGES[kind] },
    errors: [400, 401, 404],
  });
}

/** One page of each kind, in the order of SYNC_KIND_PATHS. */
export const exportPages = {
  ASSET: exportPage('ASSET'),
  DRIVER: exportPage('DRIVER'),
  DEVICE: exportPage('DEVICE'),
  DEVICE_LINK: exportPage('DEVICE_LINK'),
  DRIVER_LINK: exportPage('DRIVER_LINK'),
};

export const exportIds = endpoint('GET', '/export/organisations/:externalId/ids', {
  ...exported,
  summary: 'One page of the ids of every current record of a kind (finds removals)',
  params: ExportOrganisationParams,
  querystring: ExportIdsQuery,
  ok: { 200: ExportIdsPage },
  errors: [400, 401, 404],
});
