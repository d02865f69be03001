import {
  API_BASE,
  endpointPath,
  endpoints,
  type AssetMonitoringRequestInput,
  type EnhanceVideoInput,
  type ExportFormat,
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
import { downloadCall, type DownloadProgress } from '@/lib/download';
import { endpointKey, endpointQueries } from '@/lib/endpoint-key';
import { toLocalIso } from '@/lib/fleet-time';
import { viewPollInterval } from '../monitoring';

const table = endpoints.monitoring;

/** The period of the panel; update is the filter's Update time, so pressing Update asks again. */
export type Period = { from: Date; until: Date; update: number };
const range = ({ from, until }: Period) => ({ from: toLocalIso(from), until: toLocalIso(until) });
const listOf = (type: EntityType) => (type === 'ASSET' ? table.ofAsset : table.ofDriver);

export const monitoringsQueryOptions = (type: EntityType, id: number, period: Period) => {
  const input = { params: { id }, query: range(period) };
  return queryOptions({
    queryKey: endpointKey(listOf(type), input, period.update),
    queryFn: () => api.call(listOf(type), input),
    // A card's ACTIVE becomes END when the device or the control room ends it: pushed
    // (app/live-updates), no polling.
  });
};

export const requestsQueryOptions = (assetId: number, period: Period) => {
  const input = { params: { id: assetId }, query: range(period) };
  return queryOptions({
    queryKey: endpointKey(table.requests, input, period.update),
    queryFn: () => api.call(table.requests, input),
    // Pending becomes synced, then active, as the device answers: pushed.
  });
};

/** Spec §8: the active-monitoring lookup's 404 means none is active. */
export const activeQueryOptions = (assetId: number) =>
  queryOptions({
    queryKey: endpointKey(table.active, { params: { id: assetId } }),
    queryFn: () =>
      api.call(table.active, { params: { id: assetId } }).catch((error: unknown) => {
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
  client.invalidateQueries(
    endpointQueries(table.ofAsset, table.ofDriver, table.requests, table.active),
  );

export function useCreateRequest(assetId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AssetMonitoringRequestInput) =>
      api.call(table.request, { params: { id: assetId }, body: input }),
    onSettled: () => refreshAll(client),
  });
}

export function useEndMonitoring() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.call(table.end, { params: { id } }),
    onSettled: () => refreshAll(client),
  });
}

export const getToken = (id: number) =>
  api.call(table.token, { params: { id } }).then((t) => t.accessToken);

// The monitoring view: every call carries the link's token (docs/monitoring.md), not a session.

export const viewQueryOptions = (id: number, token: string) =>
  queryOptions({
    queryKey: endpointKey(table.get, { params: { id } }, token),
    queryFn: () => api.call(table.get, { params: { id } }, { token }),
    refetchInterval: ({ state: { data } }) => viewPollInterval(data, Date.now()),
    refetchIntervalInBackground: true,
    staleTime: 0,
    retry: false,
    // The view shows 'Unable to load' itself (spec §8); a failed poll is not a toast.
    meta: { silent: true },
  });

export const endByToken = (id: number, token: string) =>
  api.call(table.end, { params: { id } }, { token });

/**
 * 'Enhance video' for one camera (spec §2, issue 9 §6): the server passes it on to the device.
 * The route is asked of the server's integrator: POST assetmonitorings/{id}/enhancevideo {camera}.
 */
export const enhanceVideo = (id: number, token: string, camera: number) =>
  api.call(
    table.enhanceVideo,
    // One camera's bit (CAMERA_BITS); the server refuses any other number.
    { params: { id }, body: { camera: camera as EnhanceVideoInput['camera'] } },
    { token },
  );

/** A recording through the token (its download answers ranges; here read whole into a blob). */
export const recordingQueryOptions = (id: number, mediaId: number, token: string) =>
  queryOptions({
    queryKey: endpointKey(table.recording, { params: { id, mediaId } }, token),
    queryFn: () => recordingBlob(id, mediaId, token),
    staleTime: Infinity,
    retry: 1,
    meta: { silent: true },
  });

async function recordingBlob(id: number, mediaId: number, token: string): Promise<Blob> {
  const path = endpointPath(table.recording.path, { id, mediaId });
  const response = await fetch(`${API_BASE.main}/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new ApiError(response.status, await response.text());
  return response.blob();
}

/** Issue 21 §3: the monitorings of the panel's period, as a file (without their tokens). */
export const exportMonitorings = (
  type: EntityType,
  id: number,
  period: Period,
  format: ExportFormat,
  onProgress: DownloadProgress,
) =>
  downloadCall(
    type === 'ASSET' ? endpoints.exports.assetMonitorings : endpoints.exports.driverMonitorings,
    { params: { id }, query: { ...range(period), format } },
    { fallbackName: `monitorings.${format}`, onProgress },
  );
