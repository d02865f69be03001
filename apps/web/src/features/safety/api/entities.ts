import { endpoints } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

export type Option = { id: number; label: string };

/** The organisation's assets by name, for the inbox's asset filter. */
export function useAssetOptions(organisationId: number) {
  const input = { params: { id: organisationId }, query: { sort: 'name' as const } };
  return useQuery({
    queryKey: endpointKey(endpoints.assets.list, input),
    queryFn: () => api.call(endpoints.assets.list, input),
    select: (assets): Option[] =>
      assets.map((asset) => ({
        id: asset.id,
        label: asset.licencePlate ? `${asset.name} (${asset.licencePlate})` : asset.name,
      })),
  });
}

/** The organisation's drivers by name, for the inbox's driver filter. */
export function useDriverOptions(organisationId: number) {
  const input = { params: { id: organisationId }, query: { sort: 'name' as const } };
  return useQuery({
    queryKey: endpointKey(endpoints.drivers.list, input),
    queryFn: () => api.call(endpoints.drivers.list, input),
    select: (drivers): Option[] =>
      drivers.map((driver) => ({
        id: driver.id,
        label: `${driver.firstName} ${driver.lastName}`.trim(),
      })),
  });
}
