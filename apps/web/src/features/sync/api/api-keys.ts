import type { CreateSyncApiKeyBody, IssuedSyncApiKey, SyncApiKey } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { syncKeys } from './configuration';

/** GET organisations/{id}/apikeys: every key issued for the organisation, newest first. */
export const useApiKeys = (organisationId: number) =>
  useQuery(
    queryOptions({
      queryKey: syncKeys.apiKeys(organisationId),
      queryFn: () =>
        api.get<SyncApiKey[]>(`organisations/${organisationId}/apikeys`, { base: 'sync' }),
    }),
  );

/** POST organisations/{id}/apikeys: the key is in this answer only. */
export const issueApiKey = (organisationId: number, body: CreateSyncApiKeyBody) =>
  api.post<IssuedSyncApiKey>(`organisations/${organisationId}/apikeys`, body, { base: 'sync' });

/** DELETE apikeys/{id}: revoked from now on; the record stays listed. */
export const revokeApiKey = (keyId: number) =>
  api.delete<SyncApiKey>(`apikeys/${keyId}`, { base: 'sync' });
