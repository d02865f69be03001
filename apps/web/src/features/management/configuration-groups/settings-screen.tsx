import '../locales/register';
import type { ConfigurationGroupDetail } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { groupSettingsQueryOptions } from '../api/configurations';
import { useEntity, type Entity } from '../api/entities';
import { QueryState } from '../shared';
import { DeviceStatesTable } from './device-states';
import type { Setting } from './settings-check';
import { CategoryCard, CategoryTabs, SaveAlerts, SaveButton } from './settings-parts';
import { useGroupSettings } from './use-group-settings';

/** The configuration group settings page (spec §2, §3, §5). */
export function ConfigurationGroupSettingsScreen({ groupId }: { groupId: number }) {
  const { t } = useTranslation();
  const group = useEntity<Entity & Partial<ConfigurationGroupDetail>>(
    'configurationgroups',
    groupId,
  );
  const settings = useQuery(groupSettingsQueryOptions(groupId));
  return (
    <>
      <QueryState query={settings}>
        {(list) => (
          <SettingsForm
            // A fresh form for fresh values after a save.
            key={settings.dataUpdatedAt}
            groupId={groupId}
            name={typeof group.data?.name === 'string' ? group.data.name : ''}
            settings={list.filter((s): s is Setting => s.deviceConfiguration !== undefined)}
          />
        )}
      </QueryState>
      {Array.isArray(group.data?.devices) && (
        <DeviceStatesTable
          devices={group.data.devices}
          title={t('management.settings.devices')}
          empty={t('management.settings.noDevices')}
        />
      )}
    </>
  );
}

/** The form of the group's settings: Save in the header, a tab per category, a row per setting. */
function SettingsForm({
  groupId,
  name,
  settings,
}: {
  groupId: number;
  name: string;
  settings: Setting[];
}) {
  const { t } = useTranslation();
  const form = useGroupSettings(groupId, settings);
  return (
    <>
      <PageHeader
        title={name}
        subtitle={t('management.settings.subtitle')}
        actions={form.writes && <SaveButton form={form} />}
      />
      <SaveAlerts form={form} />
      <CategoryTabs form={form} />
      <CategoryCard form={form} settings={settings} />
    </>
  );
}
