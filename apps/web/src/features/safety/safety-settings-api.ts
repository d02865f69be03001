import { endpoints, type SafetySettings } from '@fleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

const safety = endpoints.safety;

/** The organisation's safety settings, its groups and who may coach (for the default coaches). */
export function useSafetySettings(organisationId: number) {
  const params = { params: { id: organisationId } };
  const settings = useQuery({
    queryKey: endpointKey(safety.getSettings, params),
    queryFn: () => api.call(safety.getSettings, params),
  });
  const groups = useQuery({
    queryKey: endpointKey(endpoints.groups.list, params),
    queryFn: () => api.call(endpoints.groups.list, params),
  });
  const coaches = useQuery({
    queryKey: endpointKey(safety.coaches, params),
    queryFn: () => api.call(safety.coaches, params),
  });
  return { settings, groups, coaches };
}

export function useSaveSafetySettings(organisationId: number) {
  const queryClient = useQueryClient();
  const params = { params: { id: organisationId } };
  return useMutation({
    mutationFn: (body: SafetySettings) => api.call(safety.putSettings, { ...params, body }),
    onSuccess: (saved) => queryClient.setQueryData(endpointKey(safety.getSettings, params), saved),
  });
}
