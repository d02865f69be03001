import {
  endpoints,
  type SafetyActionInput,
  type SafetyBulkInput,
  type SafetyCaseDetail,
  type SafetyCaseFilter,
} from '@fleet/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/auth';
import { endpointKey, endpointQueries, isEndpointKey } from '@/lib/endpoint-key';

const safety = endpoints.safety;

/** Every cached read a change of a case can alter: lists, counts and case pages. */
const caseReads = endpointQueries(safety.list, safety.counts, safety.get);

/** GET organisations/{id}/safety/cases: one page, attention first, with X-Total-Count. */
export function useCasePage(
  organisationId: number,
  filter: SafetyCaseFilter,
  page: { limit: number; offset: number },
  { enabled = true, mark }: { enabled?: boolean; mark?: number } = {},
) {
  const input = { params: { id: organisationId }, query: { ...filter, ...page } };
  return useQuery({
    // The mark: the period filter's Update asks again for the same filters.
    queryKey: endpointKey(safety.list, input, mark),
    queryFn: () => api.callPage(safety.list, input),
    // The page shown stays while the next one loads (no jump to a spinner).
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET organisations/{id}/safety/counts: per status, for the same filters (status aside). */
export function useCaseCounts(
  organisationId: number,
  filter: SafetyCaseFilter,
  { enabled = true, mark }: { enabled?: boolean; mark?: number } = {},
) {
  const { status: _status, ...rest } = filter;
  const input = { params: { id: organisationId }, query: rest };
  return useQuery({
    queryKey: endpointKey(safety.counts, input, mark),
    queryFn: () => api.call(safety.counts, input),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** GET safety/cases/{id}: the case; the filters name the queue its previous and next follow. */
export function useCase(caseId: number, queue: SafetyCaseFilter) {
  const input = { params: { id: caseId }, query: queue };
  return useQuery({
    queryKey: endpointKey(safety.get, input),
    queryFn: () => api.call(safety.get, input),
    // A case one may not see answers 404 (or 403): asking again will not change that.
    retry: (count, error) =>
      !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
  });
}

/** GET safety/cases/{id}/minute: speed, positions and events around the event. */
export const useCaseMinute = (caseId: number, enabled = true) =>
  useQuery({
    queryKey: endpointKey(safety.minute, { params: { id: caseId } }),
    queryFn: () => api.call(safety.minute, { params: { id: caseId } }),
    enabled,
  });

/** GET organisations/{id}/safety/coaches: who may coach the organisation's cases. */
export const useCoaches = (organisationId: number, enabled = true) =>
  useQuery({
    queryKey: endpointKey(safety.coaches, { params: { id: organisationId } }),
    queryFn: () => api.call(safety.coaches, { params: { id: organisationId } }),
    enabled,
  });

/** POST safety/cases/{id}/actions; lists, counts and case pages ask again after it. */
export function useCaseAction(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SafetyActionInput) => api.call(safety.act, { params: { id: caseId }, body }),
    onSuccess: () => void client.invalidateQueries(caseReads),
  });
}

/** POST organisations/{id}/safety/cases/bulk: all or nothing. */
export function useBulkAction(organisationId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SafetyBulkInput) =>
      api.call(safety.bulk, { params: { id: organisationId }, body }),
    onSuccess: (result) => {
      if (result.applied > 0) void client.invalidateQueries(caseReads);
    },
  });
}

/** POST safety/cases/{id}/comments; the case page shows it at once. */
export function useAddComment(caseId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      api.call(safety.comment, { params: { id: caseId }, body: { text } }),
    onSuccess: (comment) => {
      client.setQueriesData<SafetyCaseDetail>(
        // This case's pages (any queue), not its minute, whose key shares the start.
        {
          predicate: ({ queryKey }) =>
            isEndpointKey(safety.get, queryKey) && queryKey[2] === caseId,
        },
        (detail) => detail && { ...detail, comments: [...detail.comments, comment] },
      );
    },
  });
}
