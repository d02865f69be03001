import type { ConfigurationRepository } from '../configurations/configurations.repository.js';
import { scoreSettings, type ScoreSettings } from './scoring.js';

/** Score settings of assets: their configuration group's values over the defaults. */
export class ScoreSettingsService {
  constructor(private readonly configurations: ConfigurationRepository) {}

  /** The defaults, for drivers (who drive assets of different groups). */
  async defaults(): Promise<ScoreSettings> {
    return scoreSettings(new Map());
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
    const fallback = scoreSettings(new Map());
    return (assetId) => byGroup.get(groupOf.get(assetId) ?? null) ?? fallback;
  }
}
