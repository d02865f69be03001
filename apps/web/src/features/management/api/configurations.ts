import type {
  AssetConfigs,
  GroupConfigurationList,
  UpdateGroupConfigurationsBody,
} from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/auth';

export const settingsKeys = (groupId: number) => [
  'management',
  'configurationgroups',
  'settings',
  groupId,
];

/** Every setting of the group: its value or the default, with the definitions (spec §7). */
export const groupSettingsQueryOptions = (groupId: number) =>
  queryOptions({
    queryKey: settingsKeys(groupId),
    queryFn: () =>
      api.get<GroupConfigurationList>(`configurationgroups/${groupId}/deviceconfigurations`, {
        query: { defaults: true, definitions: true },
      }),
  });

/** The update: a list of {deviceConfigurationId, value}; all written or none. */
export const saveGroupSettings = (groupId: number, body: UpdateGroupConfigurationsBody) =>
  api.post<GroupConfigurationList>(`configurationgroups/${groupId}/deviceconfigurations`, body);

/** GET assets/{id}/configs: the asset's effective settings and whether its device has them. */
export const assetConfigsQueryOptions = (assetId: number) =>
  queryOptions({
    queryKey: ['management', 'configs', assetId],
    queryFn: () => api.get<AssetConfigs>(`assets/${assetId}/configs`),
  });
