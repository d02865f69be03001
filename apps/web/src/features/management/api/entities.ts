import { endpoints, type Endpoint, type ExportFormat } from '@fleet/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { downloadCall, type DownloadProgress } from '@/lib/download';
import { endpointKey, endpointQueries } from '@/lib/endpoint-key';
import type { Resource } from '../resources';
import { pageLocally, serverQuery, type ListState, type Page } from '../resource-list/list-query';

/** Every record of the list screen has an id; the rest is the resource's own. */
export type Entity = { id: number } & Record<string, unknown>;

/**
 * The calls of each resource of the list screen. Organisations: GET organisations/{id}/organisations
 * lists the subtree; a child is created with POST organisations/{parentId}.
 */
const TABLES: Record<
  Resource,
  Record<'list' | 'create' | 'get' | 'update' | 'delete', Endpoint>
> = {
  assets: endpoints.assets,
  devices: endpoints.devices,
  drivers: endpoints.drivers,
  groups: endpoints.groups,
  configurationgroups: endpoints.configurationGroups,
  users: endpoints.users,
  organisations: {
    list: endpoints.organisations.overview,
    create: endpoints.organisations.createChild,
    get: endpoints.organisations.get,
    update: endpoints.organisations.update,
    delete: endpoints.organisations.remove,
  },
};

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
  const { items, total } = await api.callPage(TABLES[resource].list, {
    params: { id: organisationId },
    query: serverQuery(state),
  });
  if (total !== undefined) return { items: items as Entity[], total };
  return pageLocally(items as Entity[], state, searchFields);
}

/** Every cached call of a resource's list and records: invalidate them after a change. */
export const entityQueries = (resource: Resource) =>
  endpointQueries(TABLES[resource].list, TABLES[resource].get);

export const entityKey = (resource: Resource, id: number) =>
  endpointKey(TABLES[resource].get, { params: { id } });

export const pageQueryOptions = (
  resource: Resource,
  organisationId: number,
  state: ListState,
  searchFields: string[],
) =>
  queryOptions({
    queryKey: endpointKey(TABLES[resource].list, {
      params: { id: organisationId },
      query: serverQuery(state),
    }),
    queryFn: () => getPage(resource, organisationId, state, searchFields),
    placeholderData: keepPreviousData,
  });

export const getEntity = async <T extends Entity = Entity>(resource: Resource, id: number) =>
  (await api.call(TABLES[resource].get, { params: { id } })) as T;

export const entityQueryOptions = <T extends Entity = Entity>(resource: Resource, id: number) =>
  queryOptions({
    queryKey: entityKey(resource, id),
    queryFn: () => getEntity<T>(resource, id),
  });

export const useEntity = <T extends Entity = Entity>(resource: Resource, id: number | undefined) =>
  useQuery({ ...entityQueryOptions<T>(resource, id ?? 0), enabled: id !== undefined });

/** Every record of a resource in the organisation (for pickers): a list call without limit. */
export const getAll = async <T extends Entity>(resource: Resource, organisationId: number) =>
  (await api.call(TABLES[resource].list, { params: { id: organisationId } })) as T[];

export const allQueryOptions = <T extends Entity>(resource: Resource, organisationId: number) =>
  queryOptions({
    queryKey: endpointKey(TABLES[resource].list, { params: { id: organisationId } }),
    queryFn: () => getAll<T>(resource, organisationId),
  });

export const useAll = <T extends Entity>(resource: Resource, organisationId: number) =>
  useQuery(allQueryOptions<T>(resource, organisationId));

/** A new record in the organisation; a new organisation goes under its parentId (POST organisations/{parentId}). */
export const createEntity = async <T extends Entity>(
  resource: Resource,
  organisationId: number,
  body: Record<string, unknown>,
) => {
  if (resource === 'organisations') {
    const { parentId, ...rest } = body;
    return (await api.call(TABLES.organisations.create, {
      params: { id: Number(parentId) },
      body: rest,
    })) as T;
  }
  return (await api.call(TABLES[resource].create, { params: { id: organisationId }, body })) as T;
};

export const updateEntity = async <T extends Entity>(
  resource: Resource,
  id: number,
  body: unknown,
) => (await api.call(TABLES[resource].update, { params: { id }, body })) as T;

export const deleteEntity = async (resource: Resource, id: number) => {
  await api.call(TABLES[resource].delete, { params: { id } });
};

/** POST devices/{id}/credential: a new credential, shown once; the old one stops working. */
export const renewCredential = (deviceId: number) =>
  api.call(endpoints.devices.reissueCredential, { params: { id: deviceId } });

/** The lists that export (issue 21 §3): every row of the search, filters and sort shown. */
const EXPORTS = {
  assets: endpoints.exports.assets,
  drivers: endpoints.exports.drivers,
  devices: endpoints.exports.devices,
  groups: endpoints.exports.groups,
  users: endpoints.exports.users,
} as const;

export const exportsList = (resource: Resource): resource is keyof typeof EXPORTS =>
  resource in EXPORTS;

export function exportList(
  resource: keyof typeof EXPORTS,
  organisationId: number,
  state: ListState,
  format: ExportFormat,
  onProgress: DownloadProgress,
) {
  const { limit: _limit, offset: _offset, ...query } = serverQuery(state);
  return downloadCall(
    EXPORTS[resource] as Endpoint,
    { params: { id: organisationId }, query: { ...query, format } } as never,
    { fallbackName: `${resource}.${format}`, onProgress },
  );
}
