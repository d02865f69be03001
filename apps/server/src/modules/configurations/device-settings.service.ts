import type {
  AccessTokenClaims,
  AssetConfigs,
  ConfigurationCommand,
  DeviceSettingsStatus,
  GroupConfiguration,
} from '@fleet/contract';
import type { FleetAccess } from '../access/index.js';
import type { AssetReads } from '../assets/index.js';
import type { DeviceChannelService } from '../device-channel/index.js';
import type { ConfigurationService } from './configurations.service.js';
import type { DeviceSettingsRepository, FittedDeviceRow } from './device-settings.repository.js';
import { CONFIGURATION_EXPIRY_DAYS, toConfigurationState } from '../../db/device-settings-sql.js';

/** The portal's own settings (scoring: Weights, Factors): not sent to the devices. */
const PORTAL_SERVICES = new Set(['drivingstyleui']);

type Settings = ConfigurationCommand['settings'];

/** service → parameter → value, of the settings a device applies. */
export function deviceSettings(effective: GroupConfiguration[]): Settings {
  const settings: Settings = {};
  for (const { value, deviceConfiguration: d } of effective) {
    if (!d || PORTAL_SERVICES.has(d.service)) continue;
    (settings[d.service] ??= {})[d.parameter] = value;
  }
  return settings;
}

/** Equal settings, whatever the order of their keys (jsonb reorders them). */
export function sameSettings(a: Settings | null, b: Settings): boolean {
  if (!a) return false;
  const canonical = (s: Settings) =>
    JSON.stringify(
      Object.keys(s)
        .sort()
        .map((service) => [
          service,
          Object.entries(s[service]!).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
        ]),
    );
  return canonical(a) === canonical(b);
}

/**
 * Settings reach the devices (issue 10 §7): when a configuration group's
 * values change, an asset joins or leaves a configuration group, or a device
 * is fitted to an asset, every device concerned gets a CONFIGURATION command
 * with its whole effective settings (docs/device-protocol.md). One pending
 * configuration per device: a newer one supersedes one the device has not
 * picked up. A device whose latest settings equal the new ones (and did not
 * fail) gets nothing new.
 */
export class DeviceSettingsService {
  constructor(
    private readonly repository: DeviceSettingsRepository,
    private readonly configurations: ConfigurationService,
    private readonly channel: DeviceChannelService,
    private readonly assets: AssetReads,
    private readonly access: FleetAccess,
  ) {}

  /** After a save of the group's settings. */
  async pushToGroup(configurationGroupId: number): Promise<void> {
    await this.push(await this.repository.fittedInGroup(configurationGroupId));
  }

  /** After assets joined or left a configuration group, or got a device. */
  async pushToAssets(assetIds: number[]): Promise<void> {
    await this.push(await this.repository.fittedToAssets(assetIds));
  }

  /** Each device fitted now to the group's assets, with its settings state. */
  async groupDevices(configurationGroupId: number): Promise<DeviceSettingsStatus[]> {
    const rows = await this.repository.fittedInGroup(configurationGroupId);
    const settings = deviceSettings(await this.configurations.effective(configurationGroupId));
    return rows.map((row) => this.status(row, settings));
  }

  /** GET assets/{id}/configs: the asset's effective settings and whether its device has them. */
  async assetConfigs(user: AccessTokenClaims, assetId: number): Promise<AssetConfigs> {
    await this.access.record(user, await this.assets.find(assetId), `Asset ${assetId}`, 'read');
    const [group, rows] = await Promise.all([
      this.repository.configurationGroupOf(assetId),
      this.repository.fittedToAssets([assetId]),
    ]);
    const effective = await this.configurations.effective(group?.id ?? null);
    const settings = deviceSettings(effective);
    return {
      assetId,
      configurationGroup: group,
      settings: effective,
      devices: rows.map((row) => this.status(row, settings)),
    };
  }

  private status(row: FittedDeviceRow, settings: Settings): DeviceSettingsStatus {
    const configuration = toConfigurationState(row);
    return {
      deviceId: row.device_id,
      deviceName: row.device_name,
      identifier: row.identifier,
      assetId: row.asset_id,
      assetName: row.asset_name,
      configuration,
      upToDate:
        configuration?.state === 'APPLIED' &&
        row.cfg_configuration_group_id === row.configuration_group_id &&
        sameSettings(row.cfg_settings, settings),
    };
  }

  private async push(rows: FittedDeviceRow[]): Promise<void> {
    const byGroup = new Map<number | null, Settings>();
    for (const row of rows) {
      const groupId = row.configuration_group_id;
      if (!byGroup.has(groupId)) {
        byGroup.set(groupId, deviceSettings(await this.configurations.effective(groupId)));
      }
      const settings = byGroup.get(groupId)!;
      const state = toConfigurationState(row);
      if (
        state &&
        state.state !== 'FAILED' &&
        row.cfg_configuration_group_id === groupId &&
        sameSettings(row.cfg_settings, settings)
      ) {
        continue; // it has, or is about to get, exactly these
      }
      const payload: ConfigurationCommand = {
        assetId: row.asset_id,
        configurationGroupId: groupId,
        settings,
      };
      const expiresAt = new Date(Date.now() + CONFIGURATION_EXPIRY_DAYS * 86_400_000);
      await this.repository.replacePending(row.device_id, (executor) =>
        this.channel.send(row.device_id, 'CONFIGURATION', payload, expiresAt, executor),
      );
    }
  }
}
