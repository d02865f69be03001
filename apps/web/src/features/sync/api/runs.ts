import type { SyncLastResult, SyncResult } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { toLocalIso } from '@/lib/fleet-time';
import { isActive, POLL_MS } from '../results';
import { syncKeys } from './configuration';

/** PUT organisations/{id}/sync: 202 with the run queued (or the one queued or running already). */
export const runNow = (organisationId: number) =>
  api.put<SyncResult>(`organisations/${organisationId}/sync`, undefined, { base: 'sync' });

/**
 * GET lastresults/: every configured organisation of the caller's subtree with its newest run.
 * Asked again every second while one of them is queued or running.
 */
export const lastResultsQueryOptions = () =>
  queryOptions({
    queryKey: syncKeys.lastResults,
    queryFn: () => api.get<SyncLastResult[]>('lastresults/', { base: 'sync' }),
    refetchInterval: (query) =>
      query.state.data?.some((row) => isActive(row.result)) ? POLL_MS : false,
  });

export const useLastResults = () => useQuery(lastResultsQueryOptions());

/** GET organisations/{id}/results?from&until: the runs queued in the period, newest first. */
export const resultsQueryOptions = (
  organisationId: number,
  range: { from: Date; until: Date } | null,
  update: number,
) =>
  queryOptions({
    queryKey: [...syncKeys.results(organisationId), range?.from, range?.until, update],
    queryFn: () =>
      api.get<SyncResult[]>(`organisations/${organisationId}/results`, {
        base: 'sync',
        query: range ? { from: toLocalIso(range.from), until: toLocalIso(range.until) } : {},
      }),
    refetchInterval: (query) => (query.state.data?.some(isActive) ? POLL_MS : false),
  });
