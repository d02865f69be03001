import '../locales/register';
import {
  SETTING_CATEGORIES,
  type ConfigurationGroupDetail,
  type DeviceConfiguration,
  type GroupConfiguration,
  type SettingCategory,
} from '@fleet/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Badge, Button, Card, Nav } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '@/components/notifications';
import { PageHeader } from '@/components/page-header';
import { errorText } from '@/lib/api-client';
import { useAuthenticatedSession } from '@/lib/auth';
import { cn } from '@/lib/class-names';
import { entityKey, useEntity, type Entity } from '../api/entities';
import {
  assetConfigsQueries,
  groupSettingsQueryOptions,
  saveGroupSettings,
  settingsKeys,
} from '../api/configurations';
import { mayWrite } from '../resources';
import { QueryState } from '../shared';
import { DeviceStatesTable } from './device-states';
import { AlarmMaskEditor, CameraMaskEditor, EventMaskEditor } from './mask-editors';
import { settingProblem, settingTexts } from './setting-label';

type Setting = GroupConfiguration & { deviceConfiguration: DeviceConfiguration };

const isCategory = (value: string | null): value is SettingCategory =>
  (SETTING_CATEGORIES as readonly string[]).includes(value ?? '');

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
  const { user_role: role } = useAuthenticatedSession();
  const writes = mayWrite(role);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: SettingCategory = isCategory(tabParam) ? tabParam : SETTING_CATEGORIES[0];
  const [values, setValues] = useState<Record<number, string>>(() =>
    Object.fromEntries(settings.map((s) => [s.deviceConfigurationId, s.value])),
  );
  const [submitted, setSubmitted] = useState(false);

  const problems = new Map<number, string>();
  for (const setting of settings) {
    const problem = settingProblem(
      t,
      setting.deviceConfiguration,
      values[setting.deviceConfigurationId] ?? '',
    );
    if (problem !== undefined) problems.set(setting.deviceConfigurationId, problem);
  }
  const changed = settings.filter((s) => values[s.deviceConfigurationId] !== s.value);
  const problemsIn = (category: SettingCategory) =>
    settings.filter(
      (s) => s.deviceConfiguration.category === category && problems.has(s.deviceConfigurationId),
    ).length;

  const mutation = useMutation({
    mutationFn: () =>
      saveGroupSettings(
        groupId,
        changed.map((s) => ({
          deviceConfigurationId: s.deviceConfigurationId,
          value: values[s.deviceConfigurationId]!.trim(),
        })),
      ),
    onSuccess: async () => {
      notify(t('management.settings.saved'), { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: settingsKeys(groupId) });
      // The devices' states change with the save.
      await queryClient.invalidateQueries({
        queryKey: entityKey('configurationgroups', groupId),
      });
      await queryClient.invalidateQueries(assetConfigsQueries());
    },
  });

  const save = () => {
    setSubmitted(true);
    if (problems.size === 0 && changed.length > 0) mutation.mutate();
  };

  const selectTab = (category: SettingCategory) => {
    const next = new URLSearchParams(params);
    next.set('tab', category);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title={name}
        subtitle={t('management.settings.subtitle')}
        actions={
          writes && (
            <Button onClick={save} disabled={mutation.isPending}>
              {mutation.isPending && (
                <span className="spinner-border spinner-border-sm me-2" aria-hidden />
              )}
              {t('management.settings.save')}
            </Button>
          )
        }
      />
      {submitted && problems.size > 0 && (
        <Alert variant="danger" role="alert">
          {t('management.settings.invalid')}
        </Alert>
      )}
      {mutation.isError && (
        <Alert variant="danger" role="alert" dismissible onClose={() => mutation.reset()}>
          {errorText(mutation.error)}
        </Alert>
      )}
      <Nav
        variant="pills"
        className="mb-3 flex-wrap"
        aria-label={t('management.settings.tabs')}
        as="nav"
      >
        {SETTING_CATEGORIES.map((category) => {
          const count = submitted ? problemsIn(category) : 0;
          return (
            <Nav.Item key={category}>
              <Nav.Link
                as="button"
                type="button"
                active={tab === category}
                aria-current={tab === category ? 'page' : undefined}
                onClick={() => selectTab(category)}
              >
                {t(`management.settings.categories.${category}`)}
                {count > 0 && (
                  <Badge bg="danger" className="ms-1">
                    {count}
                  </Badge>
                )}
              </Nav.Link>
            </Nav.Item>
          );
        })}
      </Nav>
      <Card className="mb-4">
        <Card.Body>
          <h2 className="h5 mb-3">{t(`management.settings.categories.${tab}`)}</h2>
          {settings
            .filter((s) => s.deviceConfiguration.category === tab)
            .map((setting) => (
              <SettingRow
                key={setting.deviceConfigurationId}
                setting={setting}
                value={values[setting.deviceConfigurationId] ?? ''}
                problem={problems.get(setting.deviceConfigurationId)}
                showProblem={submitted || values[setting.deviceConfigurationId] !== setting.value}
                dirty={values[setting.deviceConfigurationId] !== setting.value}
                readOnly={!writes}
                onChange={(value) =>
                  setValues((all) => ({ ...all, [setting.deviceConfigurationId]: value }))
                }
              />
            ))}
        </Card.Body>
      </Card>
    </>
  );
}

function SettingRow({
  setting,
  value,
  problem,
  showProblem,
  dirty,
  readOnly,
  onChange,
}: {
  setting: Setting;
  value: string;
  problem: string | undefined;
  showProblem: boolean;
  dirty: boolean;
  readOnly: boolean;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const definition = setting.deviceConfiguration;
  const id = `setting-${setting.deviceConfigurationId}`;
  const { label, description } = settingTexts(t, definition);
  const invalid = showProblem && problem !== undefined;
  const classes = cn(invalid ? 'is-invalid' : showProblem && 'is-valid', dirty && 'is-dirty');
  const describedBy = `${id}-description${invalid ? ` ${id}-feedback` : ''}`;
  const common = {
    id,
    required: true,
    disabled: readOnly,
    'aria-invalid': invalid,
    'aria-describedby': describedBy,
  };
  // The alarm and event grids need the room of the wider column.
  const grid = definition.type === 'alarmMask' || definition.type === 'eventMask';
  const editorProps = {
    kind: definition.type as 'cameraMask',
    value,
    onChange,
    label,
    idPrefix: id,
  };
  return (
    <div
      className="row g-2 mb-3 pb-3 border-bottom"
      data-testid="setting"
      data-parameter={definition.parameter}
    >
      <div className={grid ? 'col-xl-7' : 'col-md-5'}>
        <label className="form-label fw-semibold" htmlFor={id}>
          {label}
        </label>
        {definition.type === 'boolean' || definition.type === 'enum' ? (
          <select
            {...common}
            className={cn('form-select', classes)}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          >
            {(definition.type === 'boolean' ? ['true', 'false'] : (definition.options ?? [])).map(
              (option) => (
                <option key={option} value={option}>
                  {definition.type === 'boolean'
                    ? t(option === 'true' ? 'management.list.yes' : 'management.list.no')
                    : option}
                </option>
              ),
            )}
          </select>
        ) : (
          <input
            {...common}
            type="text"
            inputMode={definition.type === 'decimal' ? 'decimal' : 'numeric'}
            className={cn('form-control', classes)}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        <div className="invalid-feedback" id={`${id}-feedback`}>
          {label} {problem}
        </div>
        {!readOnly && definition.type === 'cameraMask' && <CameraMaskEditor {...editorProps} />}
        {!readOnly && definition.type === 'alarmMask' && (
          <AlarmMaskEditor {...editorProps} kind="alarmMask" />
        )}
        {!readOnly && definition.type === 'eventMask' && (
          <EventMaskEditor {...editorProps} kind="eventMask" />
        )}
      </div>
      <div className={grid ? 'col-xl-5' : 'col-md-7'}>
        <p className="mb-1" id={`${id}-description`}>
          {description}
        </p>
        <p className="small text-body-secondary mb-0">
          {t('management.settings.default', {
            value:
              definition.type === 'boolean'
                ? t(
                    definition.defaultValue === 'true'
                      ? 'management.list.yes'
                      : 'management.list.no',
                  )
                : definition.defaultValue,
          })}
        </p>
      </div>
    </div>
  );
}
