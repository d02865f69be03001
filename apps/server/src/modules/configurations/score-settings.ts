import { checkSettingValue } from '@fleet/contract';
import {
  DEFAULT_SCORE_SETTINGS,
  SCORE_COMPONENTS,
  type ScoreComponent,
  type ScoreSettings,
} from '../drivingstyle/index.js';
import type { ConfigurationRepository } from './configurations.repository.js';
import {
  DEFINITION_BY_KEY,
  factorParameter,
  settingKey,
  weightParameter,
  type SettingKey,
} from './definitions.js';

const SERVICE = 'drivingstyleui';

/** A configuration group's value for a scoring setting, or its default when absent or not valid. */
function setting(values: ReadonlyMap<string, string>, parameter: string): number {
  const definition = DEFINITION_BY_KEY.get(settingKey(SERVICE, parameter))!;
  const value = values.get(settingKey(SERVICE, parameter));
  const check = value === undefined ? undefined : checkSettingValue(definition, value);
  return Number(check?.ok ? check.value : definition.defaultValue);
}

/**
 * Typed score settings from a configuration group's values, keyed
 * 'service.parameter' (ConfigurationRepository.valuesByKey). Settings the
 * group does not hold, or holds with a value that is no longer valid, take
 * their defaults; keys of other settings are ignored.
 */
export function scoreSettings(values: ReadonlyMap<SettingKey | string, string>): ScoreSettings {
  const weights = {} as Record<ScoreComponent, number>;
  const factors = {} as Record<ScoreComponent, number>;
  for (const c of SCORE_COMPONENTS) {
    weights[c] = setting(values, weightParameter(c));
    factors[c] = setting(values, factorParameter(c));
  }
  return { weights, factors };
}

/** Score settings of assets: their configuration group's values over the defaults. */
export class ScoreSettingsService {
  constructor(private readonly configurations: ConfigurationRepository) {}

  /** The defaults, for drivers (who drive assets of different groups). */
  async defaults(): Promise<ScoreSettings> {
    return DEFAULT_SCORE_SETTINGS;
  }

  /** One lookup per configuration group in use, however many assets. */
  async forAssets(
    assets: { id: number; configurationGroupId: number | null }[],
  ): Promise<(assetId: number) => ScoreSettings> {
    const groupIds = [...new Set(assets.map((a) => a.configurationGroupId))];
    const byGroup = new Map(
      await Promise.all(
        groupIds.map(
          async (g) => [g, scoreSettings(await this.configurations.valuesByKey(g))] as const,
        ),
      ),
    );
    const groupOf = new Map(assets.map((a) => [a.id, a.configurationGroupId]));
    const fallback = DEFAULT_SCORE_SETTINGS;
    return (assetId) => byGroup.get(groupOf.get(assetId) ?? null) ?? fallback;
  }
}
