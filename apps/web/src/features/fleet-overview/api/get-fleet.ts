import type { FleetEntry } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';

/** GET organisations/{id}/assets/fleet: every asset of the organisation, as it is now. */
export const getFleet = (organisationId: number) =>
  api.get<FleetEntry[]>(`organisations/${organisationId}/assets/fleet`);

export const fleetQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: ['organisations', organisationId, 'fleet'],
    queryFn: () => getFleet(organisationId),
  });

export const useFleet = (organisationId: number) => useQuery(fleetQueryOptions(organisationId));
