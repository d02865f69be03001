import type { OrganisationList } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';

/** The organisations the user may see: its own and its descendants. */
export const getOrganisations = () => api.get<OrganisationList>('organisations');

export const organisationsQueryOptions = () =>
  queryOptions({ queryKey: ['organisations'], queryFn: getOrganisations });

export const useOrganisations = () => useQuery(organisationsQueryOptions());
