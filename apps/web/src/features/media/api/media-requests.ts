import type { MediaRequest, MediaRequestInput, RequestedMedia } from '@fleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EntityType } from '@/config/paths';
import { api } from '@/lib/auth';
import { toLocalIso } from '@/lib/fleet-time';
import type { Period } from './media';

const owner = (type: EntityType) => (type === 'ASSET' ? 'assets' : 'drivers');

/** GET assets|drivers/{id}/mediarequests, newest first; the push channel (app/live-updates) says when to ask again. */
export const useMediaRequests = (type: EntityType, id: number, period: Period) =>
  useQuery({
    queryKey: [
      'media-requests',
      type,
      id,
      toLocalIso(period.from),
      toLocalIso(period.until),
      period.update,
    ],
    queryFn: () =>
      api.get<MediaRequest[]>(`${owner(type)}/${id}/mediarequests`, {
        query: { from: toLocalIso(period.from), until: toLocalIso(period.until) },
      }),
  });

/** GET mediarequests/{id}/medias: each camera's availability; pushed changes make it ask again. */
export const useRequestedMedia = (request: MediaRequest, enabled: boolean) =>
  useQuery({
    // Settling is part of the key: the answer read once it settled is the last word.
    queryKey: ['requested-media', request.id, request.settled],
    queryFn: () => api.get<RequestedMedia[]>(`mediarequests/${request.id}/medias`),
    enabled,
  });

/** POST assets|drivers/{id}/mediarequests (for a driver: the vehicle the driver drove then). */
export function useCreateMediaRequest(type: EntityType, id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: MediaRequestInput) =>
      api.post<MediaRequest>(`${owner(type)}/${id}/mediarequests`, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['media-requests'] }),
  });
}
