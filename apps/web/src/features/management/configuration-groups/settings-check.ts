import type {
  DeviceConfiguration,
  GroupConfiguration,
  SettingCategory,
  UpdateGroupConfigurationsBody,
} from '@fleet/contract';

export type Setting = GroupConfiguration & { deviceConfiguration: DeviceConfiguration };

/** The values typed, by setting id. */
export type SettingValues = Record<number, string>;

/**
 * Where the settings form stands: the problem of each setting whose value is not allowed (by id,
 * from `problemOf`), the settings changed, and how many problems each category holds.
 */
export function settingsCheck(
  settings: Setting[],
  values: SettingValues,
  problemOf: (definition: DeviceConfiguration, value: string) => string | undefined,
) {
  const problems = new Map<number, string>();
  for (const setting of settings) {
    const problem = problemOf(
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
  return { problems, changed, problemsIn };
}

/** The save's body: the changed settings with their values, spaces around them left out. */
export const changesBody = (
  changed: Setting[],
  values: SettingValues,
): UpdateGroupConfigurationsBody =>
  changed.map((s) => ({
    deviceConfigurationId: s.deviceConfigurationId,
    value: (values[s.deviceConfigurationId] ?? '').trim(),
  }));
