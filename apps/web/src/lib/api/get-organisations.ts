import { endpoints, type OrganisationList } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';
import { organisationOptions, type OrganisationOption } from '@/lib/organisation-tree';

/** The organisations the user may see: its own and its descendants. */
export const getOrganisations = () => api.call(endpoints.organisations.list, {});

export const organisationsQueryOptions = () =>
  queryOptions({ queryKey: ORGANISATIONS_KEY, queryFn: getOrganisations });

export const useOrganisations = () => useQuery(organisationsQueryOptions());

/** The query key of the list: invalidate it when an organisation is created, renamed, moved or deleted. */
export const ORGANISATIONS_KEY = endpointKey(endpoints.organisations.list);

/**
 * The list as the pickers show it (organisationOptions): the own organisation first, each one
 * followed by its children, labelled with '>' per level.
 */
export function useOrganisationOptions(ownId: number): {
  options: OrganisationOption[];
  data: OrganisationList | undefined;
  isPending: boolean;
  isError: boolean;
} {
  const { data, isPending, isError } = useOrganisations();
  const options = useMemo(() => organisationOptions(data ?? [], ownId), [data, ownId]);
  return { options, data, isPending, isError };
}
