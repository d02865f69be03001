import {
  endpoints,
  type CreateSyncConfigurationBody,
  type SyncConfiguration,
  type SyncExternalIdsBody,
  type UpdateSyncConfigurationBody,
} from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/auth';
import { endpointKey, endpointQueries } from '@/lib/endpoint-key';

const table = endpoints.sync;

/** The sync screens' query keys, from the table of endpoints (every one starts with 'sync'). */
export const syncKeys = {
  configuration: (id: number) => endpointKey(table.configuration, { params: { id } }),
  /** Every remote's list, whatever the address and key asked with. */
  remoteOrganisations: endpointQueries(table.remoteOrganisations),
  /** Every period's results of the organisation. */
  results: (id: number) => endpointKey(table.results, { params: { id } }),
  lastResults: endpointKey(table.lastResults),
  apiKeys: (id: number) => endpointKey(table.apiKeys, { params: { id } }),
};

/** GET organisations/{id}/configuration; null when the organisation has none (404). */
export async function getConfiguration(organisationId: number): Promise<SyncConfiguration | null> {
  try {
    return await api.call(table.configuration, { params: { id: organisationId } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export const configurationQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: syncKeys.configuration(organisationId),
    queryFn: () => getConfiguration(organisationId),
  });

export const useConfiguration = (organisationId: number) =>
  useQuery(configurationQueryOptions(organisationId));

export const createConfiguration = (organisationId: number, body: CreateSyncConfigurationBody) =>
  api.call(table.createConfiguration, { params: { id: organisationId }, body });

export const updateConfiguration = (configurationId: number, body: UpdateSyncConfigurationBody) =>
  api.call(table.updateConfiguration, { params: { id: configurationId }, body });

export const setExternalIds = (organisationId: number, body: SyncExternalIdsBody) =>
  api.call(table.externalIds, { params: { id: organisationId }, body });

/**
 * GET organisations?server=&organisationId=: what the remote offers for the key of the
 * organisation's configuration (the server answers 502 with the remote's failure).
 */
export const remoteOrganisationsQueryOptions = (organisationId: number, server: string) => {
  const input = { query: { server, organisationId } };
  return queryOptions({
    queryKey: endpointKey(table.remoteOrganisations, input),
    queryFn: () => api.call(table.remoteOrganisations, input),
    // Asking a remote is slow and may fail: once per visit, and again on demand.
    staleTime: 60_000,
    retry: false,
    // The picker shows the remote's failure where it is asked, not as a toast.
    meta: { silent: true },
  });
};

/** The organisation's name for the page header (the same query as the organisation picker's). */
export const useOrganisationName = (organisationId: number) =>
  useQuery(
    queryOptions({
      queryKey: endpointKey(endpoints.organisations.get, { params: { id: organisationId } }),
      queryFn: () => api.call(endpoints.organisations.get, { params: { id: organisationId } }),
    }),
  ).data?.name;
