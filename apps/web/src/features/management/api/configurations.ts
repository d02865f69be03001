import { endpoints, type UpdateGroupConfigurationsBody } from '@fleet/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/auth';
import { endpointKey, endpointQueries } from '@/lib/endpoint-key';

const table = endpoints.configurations;

/** The key of every query of a group's settings (whatever its query). */
export const settingsKeys = (groupId: number) =>
  endpointKey(table.group, { params: { id: groupId } });

/** Every asset's effective settings: they change with a group's settings. */
export const assetConfigsQueries = () => endpointQueries(table.asset);

/** Every setting of the group: its value or the default, with the definitions (spec §7). */
export const groupSettingsQueryOptions = (groupId: number) => {
  const input = { params: { id: groupId }, query: { defaults: true, definitions: true } };
  return queryOptions({
    queryKey: endpointKey(table.group, input),
    queryFn: () => api.call(table.group, input),
  });
};

/** The update: a list of {deviceConfigurationId, value}; all written or none. */
export const saveGroupSettings = (groupId: number, body: UpdateGroupConfigurationsBody) =>
  api.call(table.updateGroup, { params: { id: groupId }, body });

/** GET assets/{id}/configs: the asset's effective settings and whether its device has them. */
export const assetConfigsQueryOptions = (assetId: number) => {
  const input = { params: { id: assetId } };
  return queryOptions({
    queryKey: endpointKey(table.asset, input),
    queryFn: () => api.call(table.asset, input),
  });
};
