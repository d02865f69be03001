import { SETTING_CATEGORIES, type SettingCategory } from '@fleet/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { notify } from '@/components/notifications';
import { useAuthenticatedSession } from '@/lib/auth';
import { assetConfigsQueries, saveGroupSettings, settingsKeys } from '../api/configurations';
import { entityKey } from '../api/entities';
import { mayWrite } from '../resources';
import { settingProblem } from './setting-label';
import { changesBody, settingsCheck, type Setting, type SettingValues } from './settings-check';

const isCategory = (value: string | null): value is SettingCategory =>
  (SETTING_CATEGORIES as readonly string[]).includes(value ?? '');

/**
 * The state of a configuration group's settings form: the values typed, their problems, the tab
 * (in the address, ?tab=), and the save, which refreshes the group's settings, its devices'
 * states and the assets' effective settings.
 */
export function useGroupSettings(groupId: number, settings: Setting[]) {
  const { t } = useTranslation();
  const { user_role: role } = useAuthenticatedSession();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: SettingCategory = isCategory(tabParam) ? tabParam : SETTING_CATEGORIES[0];
  const [values, setValues] = useState<SettingValues>(() =>
    Object.fromEntries(settings.map((s) => [s.deviceConfigurationId, s.value])),
  );
  const [submitted, setSubmitted] = useState(false);
  const check = settingsCheck(settings, values, (definition, value) =>
    settingProblem(t, definition, value),
  );

  const mutation = useMutation({
    mutationFn: () => saveGroupSettings(groupId, changesBody(check.changed, values)),
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

  return {
    writes: mayWrite(role),
    tab,
    values,
    submitted,
    ...check,
    mutation,
    save: () => {
      setSubmitted(true);
      if (check.problems.size === 0 && check.changed.length > 0) mutation.mutate();
    },
    selectTab: (category: SettingCategory) => {
      const next = new URLSearchParams(params);
      next.set('tab', category);
      setParams(next, { replace: true });
    },
    change: (id: number, value: string) => setValues((all) => ({ ...all, [id]: value })),
  };
}
export type GroupSettingsState = ReturnType<typeof useGroupSettings>;
