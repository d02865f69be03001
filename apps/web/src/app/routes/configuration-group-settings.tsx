import { AssetConfigsScreen } from '@/features/management/configs/asset-configs-screen';
import { ConfigurationGroupSettingsScreen } from '@/features/management/configuration-groups/settings-screen';
import { NotFound } from './not-found';
import { useManagementParams } from './use-management-params';

/**
 * entity/configs: for a configuration group its settings page (spec §2), for an asset its
 * effective settings and whether its device has them.
 */
export function Component() {
  const params = useManagementParams();
  if (params?.id && params.resource === 'configurationgroups')
    return <ConfigurationGroupSettingsScreen key={params.id} groupId={params.id} />;
  if (params?.id && params.resource === 'assets')
    return <AssetConfigsScreen key={params.id} assetId={params.id} />;
  return <NotFound />;
}
