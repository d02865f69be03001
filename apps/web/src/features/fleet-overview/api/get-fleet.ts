import type { FleetEntry, FleetOrganisationCount } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { pageQuery } from '../fleet';

/** One page of the cards, how many come before it, and how many there are (X-Total-Count). */
export interface FleetPage {
  items: FleetEntry[];
  offset: number;
  total: number;
}

/**
 * GET organisations/{id}/assets/fleet?limit&offset: one page of the cards, paged, sorted and
 * filtered by the server (assets with a device, newest data first); with entities, of the
 * organisations below too.
 */
export async function getFleetPage(
  organisationId: number,
  page: number,
  entities: boolean,
): Promise<FleetPage> {
  const query = pageQuery(page);
  const { items, total } = await api.page<FleetEntry>(
    `organisations/${organisationId}/assets/fleet`,
    { query: { ...query, ...(entities ? { entities: true } : {}) } },
  );
  return { items, offset: query.offset, total: total ?? query.offset + items.length };
}

/**
 * The page's query. Its key starts with the fleet's, so refreshing the fleet refreshes every page;
 * while the next page loads, the one shown stays (of the same organisation only).
 */
export const fleetPageQueryOptions = (organisationId: number, page: number, entities: boolean) =>
  queryOptions({
    queryKey: ['organisations', organisationId, 'fleet', entities ? 'subtree' : 'own', { page }],
    queryFn: () => getFleetPage(organisationId, page, entities),
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === organisationId &&
      previousQuery.queryKey[3] === (entities ? 'subtree' : 'own')
        ? previous
        : undefined,
  });

export const useFleetPage = (
  organisationId: number,
  page: number,
  entities: boolean,
  enabled = true,
) => useQuery({ ...fleetPageQueryOptions(organisationId, page, entities), enabled });

/** GET organisations/{id}/assets/fleet/organisations: the cards of each organisation of the subtree. */
export const fleetCountsQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: ['organisations', organisationId, 'fleet', 'organisations'],
    queryFn: () =>
      api.get<FleetOrganisationCount[]>(
        `organisations/${organisationId}/assets/fleet/organisations`,
      ),
  });

export const useFleetCounts = (organisationId: number, enabled: boolean) =>
  useQuery({ ...fleetCountsQueryOptions(organisationId), enabled });
