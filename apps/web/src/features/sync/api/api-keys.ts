import { endpoints, type CreateSyncApiKeyBody } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { syncKeys } from './configuration';

const table = endpoints.sync;

/** GET organisations/{id}/apikeys: every key issued for the organisation, newest first. */
export const useApiKeys = (organisationId: number) =>
  useQuery(
    queryOptions({
      queryKey: syncKeys.apiKeys(organisationId),
      queryFn: () => api.call(table.apiKeys, { params: { id: organisationId } }),
    }),
  );

/** POST organisations/{id}/apikeys: the key is in this answer only. */
export const issueApiKey = (organisationId: number, body: CreateSyncApiKeyBody) =>
  api.call(table.issueApiKey, { params: { id: organisationId }, body });

/** DELETE apikeys/{id}: revoked from now on; the record stays listed. */
export const revokeApiKey = (keyId: number) =>
  api.call(table.revokeApiKey, { params: { id: keyId } });
