import { endpoints } from '@fleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey, endpointQueries } from '@/lib/endpoint-key';

const safety = endpoints.safety;

/** GET safety/my: the signed-in driver's own safety. */
export const useMySafety = () =>
  useQuery({
    queryKey: endpointKey(safety.my, {}),
    queryFn: () => api.call(safety.my, {}),
  });

/** The driver acknowledges a coaching of their own (the case's ACKNOWLEDGE action). */
export function useAcknowledge() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (caseId: number) =>
      api.call(safety.act, { params: { id: caseId }, body: { action: 'ACKNOWLEDGE' } }),
    onSuccess: () =>
      queryClient.invalidateQueries(
        endpointQueries(safety.my, safety.list, safety.counts, safety.get),
      ),
  });
}

/** The first clip (else picture) of a case, with a link to show it; recorded as seen from the case. */
export function useCaseClip(caseId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['my-safety-clip', caseId],
    enabled,
    queryFn: async () => {
      const detail = await api.call(safety.get, { params: { id: caseId } });
      const medium =
        detail.media.find((m) => m.mimeType === 'video/mp4') ?? detail.media.at(0) ?? null;
      if (!medium) return null;
      const links = await api.call(endpoints.media.links, {
        params: { id: medium.id },
        query: { caseId },
      });
      return { medium, url: links.inline };
    },
  });
}
