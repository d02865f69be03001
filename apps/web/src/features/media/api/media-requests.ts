import { endpoints, type MediaRequest, type MediaRequestInput } from '@fleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntityType } from '@/config/paths';
import { api } from '@/lib/auth';
import { endpointKey, endpointQueries } from '@/lib/endpoint-key';
import { toLocalIso } from '@/lib/fleet-time';
import type { Period } from './media';

const table = endpoints.mediaRequests;
const callsOf = (type: EntityType) => (type === 'ASSET' ? table.ofAsset : table.ofDriver);

/** GET assets|drivers/{id}/mediarequests, newest first; the push channel (app/live-updates) says when to ask again. */
export function useMediaRequests(type: EntityType, id: number, period: Period) {
  const input = {
    params: { id },
    query: { from: toLocalIso(period.from), until: toLocalIso(period.until) },
  };
  return useQuery({
    // Update asks again for the same period.
    queryKey: endpointKey(callsOf(type).list, input, period.update),
    queryFn: () => api.call(callsOf(type).list, input),
  });
}

/** GET mediarequests/{id}/medias: each camera's availability; pushed changes make it ask again. */
export const useRequestedMedia = (request: MediaRequest, enabled: boolean) =>
  useQuery({
    // Settling is part of the key: the answer read once it settled is the last word.
    queryKey: endpointKey(table.medias, { params: { id: request.id } }, request.settled),
    queryFn: () => api.call(table.medias, { params: { id: request.id } }),
    enabled,
  });

/** POST assets|drivers/{id}/mediarequests (for a driver: the vehicle the driver drove then). */
export function useCreateMediaRequest(type: EntityType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MediaRequestInput) =>
      api.call(callsOf(type).create, { params: { id }, body: input }),
    onSuccess: () =>
      client.invalidateQueries(endpointQueries(table.ofAsset.list, table.ofDriver.list)),
  });
}
