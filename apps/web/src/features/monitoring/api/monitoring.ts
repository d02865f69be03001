import {
  API_BASE,
  type AssetMonitoring,
  type AssetMonitoringRequest,
  type AssetMonitoringRequestInput,
  type MonitoringAccessToken,
} from '@fleet/contract';
import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { EntityType } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { api } from '@/lib/auth';
import { toLocalIso } from '@/lib/fleet-time';
import { viewPollInterval } from '../monitoring';

/** The period of the panel; update is the filter's Update time, so pressing Update asks again. */
export type Period = { from: Date; until: Date; update: number };
const range = ({ from, until }: Period) => ({ from: toLocalIso(from), until: toLocalIso(until) });
const base = (type: EntityType) => (type === 'ASSET' ? 'assets' : 'drivers');

export const monitoringsQueryOptions = (type: EntityType, id: number, period: Period) =>
  queryOptions({
    queryKey: ['monitorings', type, id, period],
    queryFn: () =>
      api.get<AssetMonitoring[]>(`${base(type)}/${id}/assetmonitorings`, { query: range(period) }),
    // A card's ACTIVE becomes END when the device or the control room ends it: pushed
    // (app/live-updates), no polling.
  });

export const requestsQueryOptions = (assetId: number, period: Period) =>
  queryOptions({
    queryKey: ['monitoring-requests', assetId, period],
    queryFn: () =>
      api.get<AssetMonitoringRequest[]>(`assets/${assetId}/assetmonitoringrequests`, {
        query: range(period),
      }),
    // Pending becomes synced, then active, as the device answers: pushed.
  });

/** Spec §8: the active-monitoring lookup's 404 means none is active. */
export const activeQueryOptions = (assetId: number) =>
  queryOptions({
    queryKey: ['monitoring-active', assetId],
    queryFn: () =>
      api
        .get<AssetMonitoring>(`assets/${assetId}/assetmonitorings/active`)
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }),
  });

export const useMonitorings = (type: EntityType, id: number, period: Period) =>
  useQuery(monitoringsQueryOptions(type, id, period));
export const useRequests = (assetId: number, period: Period) =>
  useQuery(requestsQueryOptions(assetId, period));
export const useActiveMonitoring = (assetId: number) => useQuery(activeQueryOptions(assetId));

const refreshAll = (client: QueryClient) =>
  Promise.all(
    ['monitorings', 'monitoring-requests', 'monitoring-active'].map((key) =>
      client.invalidateQueries({ queryKey: [key] }),
    ),
  );

export function useCreateRequest(assetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AssetMonitoringRequestInput) =>
      api.post<AssetMonitoringRequest>(`assets/${assetId}/assetmonitoringrequests`, input),
    onSettled: () => refreshAll(client),
  });
}

export function useEndMonitoring() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.put<AssetMonitoring>(`assetmonitorings/${id}/end`),
    onSettled: () => refreshAll(client),
  });
}

export const getToken = (id: number) =>
  api.get<MonitoringAccessToken>(`assetmonitorings/${id}/token`).then((t) => t.accessToken);

// The monitoring view: every call carries the link's token (docs/monitoring.md), not a session.

export const viewQueryOptions = (id: number, token: string) =>
  queryOptions({
    queryKey: ['monitoring-view', id, token],
    queryFn: () => api.get<AssetMonitoring>(`assetmonitorings/${id}`, { token }),
    refetchInterval: ({ state: { data } }) => viewPollInterval(data, Date.now()),
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
    // The view shows 'Unable to load' itself (spec §8); a failed poll is not a toast.
    meta: { silent: true },
  });

export const endByToken = (id: number, token: string) =>
  api.put<AssetMonitoring>(`assetmonitorings/${id}/end`, undefined, { token });

/**
 * 'Enhance video' for one camera (spec §2, issue 9 §6): the server passes it on to the device.
 * The route is asked of the server's integrator: POST assetmonitorings/{id}/enhancevideo {camera}.
 */
export const enhanceVideo = (id: number, token: string, camera: number) =>
  api.post<unknown>(`assetmonitorings/${id}/enhancevideo`, { camera }, { token });

/** A recording through the token (its download answers ranges; here read whole into a blob). */
export async function recordingBlob(id: number, mediaId: number, token: string): Promise<Blob> {
  const response = await fetch(
    `${API_BASE.main}/assetmonitorings/${id}/media/${mediaId}/download`,
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return response.blob();
}
