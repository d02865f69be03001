import type { Group } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';

/** GET organisations/{id}/groups: the organisation's own groups, by name. */
export const getGroups = (organisationId: number) =>
  api.get<Group[]>(`organisations/${organisationId}/groups`);

export const groupsQueryOptions = (organisationId: number) =>
  queryOptions({
    queryKey: ['organisations', organisationId, 'groups'],
    queryFn: () => getGroups(organisationId),
  });

export const useGroups = (organisationId: number, enabled = true) =>
  useQuery({ ...groupsQueryOptions(organisationId), enabled });
