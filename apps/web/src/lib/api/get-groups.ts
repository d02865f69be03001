import { endpoints } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

/** GET organisations/{id}/groups: the organisation's own groups, by name. */
export const getGroups = (organisationId: number) =>
  api.call(endpoints.groups.list, { params: { id: organisationId } });

export const groupsQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: endpointKey(endpoints.groups.list, { params: { id: organisationId } }),
    queryFn: () => getGroups(organisationId),
  });

export const useGroups = (organisationId: number, enabled = true) =>
  useQuery({ ...groupsQueryOptions(organisationId), enabled });
