import type {
  CreateSyncConfigurationBody,
  Organisation,
  RemoteOrganisationList,
  SyncConfiguration,
  SyncExternalIdsBody,
  UpdateSyncConfigurationBody,
} from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/auth';

export const syncKeys = {
  all: ['sync'] as const,
  configuration: (organisationId: number) => ['sync', 'configuration', organisationId] as const,
  remoteOrganisations: (organisationId: number, server: string) =>
    ['sync', 'remote-organisations', organisationId, server] as const,
  results: (organisationId: number) => ['sync', 'results', organisationId] as const,
  lastResults: ['sync', 'last-results'] as const,
  apiKeys: (organisationId: number) => ['sync', 'api-keys', organisationId] as const,
};

/** GET organisations/{id}/configuration; null when the organisation has none (404). */
export async function getConfiguration(organisationId: number): Promise<SyncConfiguration | null> {
  try {
    return await api.get<SyncConfiguration>(`organisations/${organisationId}/configuration`, {
      base: 'sync',
    });
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
  api.post<SyncConfiguration>(`organisations/${organisationId}/configuration`, body, {
    base: 'sync',
  });

export const updateConfiguration = (configurationId: number, body: UpdateSyncConfigurationBody) =>
  api.put<SyncConfiguration>(`configurations/${configurationId}`, body, { base: 'sync' });

export const setExternalIds = (organisationId: number, body: SyncExternalIdsBody) =>
  api.put<SyncConfiguration>(`organisations/${organisationId}/externalids`, body, {
    base: 'sync',
  });

/**
 * GET organisations?server=&organisationId=: what the remote offers for the key of the
 * organisation's configuration (the server answers 502 with the remote's failure).
 */
export const remoteOrganisationsQueryOptions = (organisationId: number, server: string) =>
  queryOptions({
    queryKey: syncKeys.remoteOrganisations(organisationId, server),
    queryFn: () =>
      api.get<RemoteOrganisationList>('organisations', {
        base: 'sync',
        query: { server, organisationId },
      }),
    // Asking a remote is slow and may fail: once per visit, and again on demand.
    staleTime: 60_000,
    retry: false,
    // The picker shows the remote's failure where it is asked, not as a toast.
    meta: { silent: true },
  });

/** The organisation's name for the page header (the same query as the organisation picker's). */
export const useOrganisationName = (organisationId: number) =>
  useQuery(
    queryOptions({
      queryKey: ['organisations', organisationId],
      queryFn: () => api.get<Organisation>(`organisations/${organisationId}`),
    }),
  ).data?.name;
