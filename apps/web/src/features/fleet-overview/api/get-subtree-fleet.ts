import type { FleetEntry } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';

/**
 * GET organisations/{id}/assets/fleet?entities=true: the assets of the organisation and of every
 * organisation below it. Its key extends the fleet's, so refreshing the fleet refreshes it too.
 */
export const subtreeFleetQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: ['organisations', organisationId, 'fleet', 'subtree'],
    queryFn: () =>
      api.get<FleetEntry[]>(`organisations/${organisationId}/assets/fleet`, {
        query: { entities: true },
      }),
  });

export const useSubtreeFleet = (organisationId: number, enabled: boolean) =>
  useQuery({ ...subtreeFleetQueryOptions(organisationId), enabled });
