import type { OrganisationSettings } from '@fleet/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/auth';

export const settingsKey = (organisationId: number) =>
  ['organisation-settings', organisationId] as const;

export const useOrganisationSettings = (organisationId: number) =>
  useQuery(
    queryOptions({
      queryKey: settingsKey(organisationId),
      queryFn: () => api.get<OrganisationSettings>(`organisations/${organisationId}/settings`),
    }),
  );

export const saveOrganisationSettings = (organisationId: number, body: Record<string, unknown>) =>
  api.post<OrganisationSettings>(`organisations/${organisationId}/settings`, body);
