import { endpoints } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';
import { toLocalIso } from '@/lib/fleet-time';
import { isActive, POLL_MS } from '../results';
import { syncKeys } from './configuration';

/** PUT organisations/{id}/sync: 202 with the run queued (or the one queued or running already). */
export const runNow = (organisationId: number) =>
  api.call(endpoints.sync.runNow, { params: { id: organisationId } });

/**
 * GET lastresults/: every configured organisation of the caller's subtree with its newest run.
 * Asked again every second while one of them is queued or running.
 */
export const lastResultsQueryOptions = () =>
  queryOptions({
    queryKey: syncKeys.lastResults,
    queryFn: () => api.call(endpoints.sync.lastResults, {}),
    refetchInterval: (query) =>
      query.state.data?.some((row) => isActive(row.result)) ? POLL_MS : false,
  });

export const useLastResults = () => useQuery(lastResultsQueryOptions());

/** GET organisations/{id}/results?from&until: the runs queued in the period, newest first. */
export const resultsQueryOptions = (
  organisationId: number,
  range: { from: Date; until: Date } | null,
  update: number,
) => {
  const input = {
    params: { id: organisationId },
    query: range ? { from: toLocalIso(range.from), until: toLocalIso(range.until) } : {},
  };
  return queryOptions({
    // Update asks again for the same period.
    queryKey: endpointKey(endpoints.sync.results, input, update),
    queryFn: () => api.call(endpoints.sync.results, input),
    refetchInterval: (query) => (query.state.data?.some(isActive) ? POLL_MS : false),
  });
};
