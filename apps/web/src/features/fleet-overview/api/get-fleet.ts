import { endpoints, type FleetEntry, type FleetQuery } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';
import { pageQuery } from '../fleet';

const table = endpoints.fleet;

/** One page of the cards, how many come before it, and how many there are (X-Total-Count). */
export interface FleetPage {
  items: FleetEntry[];
  offset: number;
  total: number;
}

/** The call of a page: with entities, of the organisations below too. */
const pageInput = (organisationId: number, page: number, entities: boolean) => ({
  params: { id: organisationId },
  query: { ...pageQuery(page), ...(entities ? { entities: true } : {}) } satisfies FleetQuery,
});

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
  const input = pageInput(organisationId, page, entities);
  const { items, total } = await api.callPage(table.list, input);
  const { offset } = input.query;
  return { items, offset, total: total ?? offset + items.length };
}

/** Whether a fleet page's key is of this organisation and scope (any page). */
const sameFleet = (key: readonly unknown[], organisationId: number, entities: boolean) =>
  key[1] === organisationId &&
  (key.at(-1) as FleetQuery | undefined)?.entities === (entities || undefined);

/**
 * The page's query. Its key starts with the fleet's, so refreshing the fleet refreshes every page;
 * while the next page loads, the one shown stays (of the same organisation and scope only).
 */
export const fleetPageQueryOptions = (organisationId: number, page: number, entities: boolean) =>
  queryOptions({
    queryKey: endpointKey(table.list, pageInput(organisationId, page, entities)),
    queryFn: () => getFleetPage(organisationId, page, entities),
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameFleet(previousQuery.queryKey, organisationId, entities)
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
export const fleetCountsQueryOptions = (organisationId: number) => {
  const input = { params: { id: organisationId } };
  return queryOptions({
    queryKey: endpointKey(table.organisations, input),
    queryFn: () => api.call(table.organisations, input),
  });
};

export const useFleetCounts = (organisationId: number, enabled: boolean) =>
  useQuery({ ...fleetCountsQueryOptions(organisationId), enabled });
