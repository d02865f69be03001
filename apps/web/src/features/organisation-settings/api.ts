import { endpoints, type OrganisationSettingsInput } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey } from '@/lib/endpoint-key';

const table = endpoints.organisationSettings;

export const settingsKey = (organisationId: number) =>
  endpointKey(table.get, { params: { id: organisationId } });

export const useOrganisationSettings = (organisationId: number) =>
  useQuery(
    queryOptions({
      queryKey: settingsKey(organisationId),
      queryFn: () => api.call(table.get, { params: { id: organisationId } }),
    }),
  );

export const saveOrganisationSettings = (organisationId: number, body: OrganisationSettingsInput) =>
  api.call(table.save, { params: { id: organisationId }, body });
