import { endpoints, type DeletionProgress, type ImportProgress } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';
import { streamCall } from '@/lib/progress-stream';

/** A window of the admin calls, as sent: ISO 8601 with the fleet's offset. */
export type Window = { from: string; until: string };

/** The organisation's own assets, by name (the list call without limit). */
export const useAssets = (organisationId: number | undefined) =>
  useQuery({
    queryKey: endpointKey(endpoints.assets.list, { params: { id: organisationId } }),
    queryFn: () => api.call(endpoints.assets.list, { params: { id: organisationId ?? 0 } }),
    enabled: organisationId !== undefined,
  });

/** POST /admin-api/rawdatas/import: an organisation (and below) or one asset, over a window. */
export const reprocess = (
  scope: { organisationId: number } | { assetId: number },
  window: Window,
  signal: AbortSignal,
  onLine: (line: ImportProgress) => void,
) =>
  streamCall(endpoints.adminData.reprocess, { query: { ...window, ...scope } }, { signal, onLine });

/** DELETE /admin-api/organisations/{id}/data?confirm=<name>. */
export const deleteData = (
  organisationId: number,
  confirm: string,
  signal: AbortSignal,
  onLine: (line: DeletionProgress) => void,
) =>
  streamCall(
    endpoints.adminData.deleteData,
    { params: { id: organisationId }, query: { confirm } },
    { signal, onLine },
  );

export const queryPointsOptions = (assetId: number, window: Window) => {
  const input = { params: { id: assetId }, query: window };
  return queryOptions({
    queryKey: endpointKey(endpoints.adminData.queryPoints, input),
    queryFn: () => api.call(endpoints.adminData.queryPoints, input),
  });
};

export const driverLinksOptions = (assetId: number, window: Window) =>
  queryOptions({
    queryKey: endpointKey(endpoints.links.adminAssetDriverLinks, {
      params: { id: assetId },
      query: window,
    }),
    queryFn: () =>
      api.call(endpoints.links.adminAssetDriverLinks, { params: { id: assetId }, query: window }),
  });

/** A driver by id (a link may name a driver of an organisation above the asset's). */
export const useDriver = (driverId: number) =>
  useQuery({
    queryKey: endpointKey(endpoints.drivers.get, { params: { id: driverId } }),
    queryFn: () => api.call(endpoints.drivers.get, { params: { id: driverId } }),
    staleTime: 60_000,
  });
