import '../locales/register';
import { SETTING_CATEGORIES, type GroupConfiguration } from '@fleet/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { managementHrefs } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { useEntity } from '../api/entities';
import { assetConfigsQueryOptions } from '../api/configurations';
import { entityName } from '../columns';
import { DeviceStatesTable } from '../configuration-groups/device-states';
import { settingTexts } from '../configuration-groups/setting-label';
import { QueryState } from '../shared';

/** Whether the asset's value is its group's or the default. */
const fromGroup = (setting: GroupConfiguration, held: Set<number>) =>
  held.has(setting.deviceConfigurationId);

/** entity/configs of an asset: its effective device settings and whether its device has them. */
export function AssetConfigsScreen({ assetId }: { assetId: number }) {
  const { t } = useTranslation();
  const asset = useEntity('assets', assetId);
  const configs = useQuery(assetConfigsQueryOptions(assetId));
  const name = entityName('assets', asset.data);
  const group = useEntity('configurationgroups', configs.data?.configurationGroup?.id ?? undefined);
  const held = new Set(
    Array.isArray(group.data?.groupConfigurations)
      ? (group.data.groupConfigurations as GroupConfiguration[]).map((s) => s.deviceConfigurationId)
      : [],
  );
  return (
    <>
      <PageHeader
        title={name ? t('management.configs.title', { name }) : t('management.list.configs')}
        subtitle={t('management.resources.assets')}
      />
      <QueryState query={configs}>
        {(data) => (
          <>
            <p>
              {data.configurationGroup ? (
                <>
                  {t('management.configs.group', { name: data.configurationGroup.name })}{' '}
                  <Link
                    to={managementHrefs.entity(
                      'configs',
                      'configurationgroups',
                      data.configurationGroup.id,
                    )}
                  >
                    {t('management.configs.openSettings')}
                  </Link>
                </>
              ) : (
                t('management.configs.noGroup')
              )}
            </p>
            <div className="mb-4">
              <DeviceStatesTable
                devices={data.devices}
                title={t('management.configs.devices')}
                empty={t('management.configs.noDevice')}
              />
            </div>
            {SETTING_CATEGORIES.map((category) => {
              const settings = data.settings.filter(
                (s) => s.deviceConfiguration?.category === category,
              );
              if (settings.length === 0) return null;
              const title = t(`management.settings.categories.${category}`);
              return (
                <Card key={category} className="mb-3">
                  <Card.Header as="h2" className="h6 mb-0 py-2">
                    {title}
                  </Card.Header>
                  <Table
                    responsive
                    size="sm"
                    className="mb-0"
                    style={{ tableLayout: 'fixed' }}
                    aria-label={title}
                  >
                    <colgroup>
                      <col style={{ width: '50%' }} />
                      <col style={{ width: '30%' }} />
                      <col style={{ width: '20%' }} />
                    </colgroup>
                    <thead>
                      <tr>
                        <th scope="col">{t('management.configs.setting')}</th>
                        <th scope="col">{t('management.configs.value')}</th>
                        <th scope="col">{t('management.configs.source')}</th>
                      </tr>
                    </thead>
                    <tbody>
                      {settings.map((setting) => {
                        const texts = settingTexts(t, {
                          parameter: setting.deviceConfiguration?.parameter ?? '',
                          description: setting.deviceConfiguration?.description ?? '',
                        });
                        return (
                          <tr key={setting.deviceConfigurationId}>
                            <td title={texts.description}>{texts.label}</td>
                            <td className="font-monospace">{setting.value}</td>
                            <td className="text-body-secondary">
                              {fromGroup(setting, held)
                                ? t('management.configs.fromGroup')
                                : t('management.configs.fromDefault')}
                            </td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </Table>
                </Card>
              );
            })}
          </>
        )}
      </QueryState>
    </>
  );
}
