import type { Organisation } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';

export const getOrganisation = (id: number) => api.get<Organisation>(`organisations/${id}`);

export const organisationQueryOptions = (id: number) =>
  queryOptions({ queryKey: ['organisations', id], queryFn: () => getOrganisation(id) });

export const useOrganisation = (id: number) => useQuery(organisationQueryOptions(id));
