import type { DeviceWithCredential } from '@fleet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { itemPath, listPath, type Resource } from '../resources';
import { pageLocally, serverQuery, type ListState, type Page } from '../resource-list/list-query';

/** Every record of the list screen has an id; the rest is the resource's own. */
export type Entity = { id: number } & Record<string, unknown>;

/**
 * One page of a resource: the server pages, searches and sorts (X-Total-Count holds the total).
 * A server that answers without the header sent the whole list, and it is paged here instead.
 */
export async function getPage(
  resource: Resource,
  organisationId: number,
  state: ListState,
  searchFields: string[],
): Promise<Page<Entity>> {
  const { items, total } = await api.page<Entity>(listPath(resource, organisationId), {
    query: serverQuery(state),
  });
  if (total !== undefined) return { items, total };
  return pageLocally(items, state, searchFields);
}

export const entityKeys = {
  all: (resource: Resource) => ['management', resource] as const,
  one: (resource: Resource, id: number) => ['management', resource, 'one', id] as const,
};

export const pageQueryOptions = (
  resource: Resource,
  organisationId: number,
  state: ListState,
  searchFields: string[],
) =>
  queryOptions({
    queryKey: [...entityKeys.all(resource), 'page', organisationId, state],
    queryFn: () => getPage(resource, organisationId, state, searchFields),
    placeholderData: keepPreviousData,
  });

export const getEntity = <T extends Entity = Entity>(resource: Resource, id: number) =>
  api.get<T>(itemPath(resource, id));

export const entityQueryOptions = <T extends Entity = Entity>(resource: Resource, id: number) =>
  queryOptions({
    queryKey: entityKeys.one(resource, id),
    queryFn: () => getEntity<T>(resource, id),
  });

export const useEntity = <T extends Entity = Entity>(resource: Resource, id: number | undefined) =>
  useQuery({ ...entityQueryOptions<T>(resource, id ?? 0), enabled: id !== undefined });

/** Every record of a resource in the organisation (for pickers): a list call without limit. */
export const getAll = <T extends Entity>(resource: Resource, organisationId: number) =>
  api.get<T[]>(listPath(resource, organisationId));

export const useAll = <T extends Entity>(resource: Resource, organisationId: number) =>
  useQuery({
    queryKey: [...entityKeys.all(resource), 'all', organisationId],
    queryFn: () => getAll<T>(resource, organisationId),
  });

/** A new record in the organisation; a new organisation goes under its parentId (POST organisations/{parentId}). */
export const createEntity = <T extends Entity>(
  resource: Resource,
  organisationId: number,
  body: Record<string, unknown>,
) => {
  if (resource === 'organisations') {
    const { parentId, ...rest } = body;
    return api.post<T>(`organisations/${Number(parentId)}`, rest);
  }
  return api.post<T>(listPath(resource, organisationId), body);
};

export const updateEntity = <T extends Entity>(resource: Resource, id: number, body: unknown) =>
  api.put<T>(itemPath(resource, id), body);

export const deleteEntity = (resource: Resource, id: number) =>
  api.delete<void>(itemPath(resource, id));

/** POST devices/{id}/credential: a new credential, shown once; the old one stops working. */
export const renewCredential = (deviceId: number) =>
  api.post<DeviceWithCredential>(`devices/${deviceId}/credential`);
