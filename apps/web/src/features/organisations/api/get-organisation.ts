import { endpoints } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

export const getOrganisation = (id: number) =>
  api.call(endpoints.organisations.get, { params: { id } });

export const organisationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: endpointKey(endpoints.organisations.get, { params: { id } }),
    queryFn: () => getOrganisation(id),
  });

export const useOrganisation = (id: number) => useQuery(organisationQueryOptions(id));
