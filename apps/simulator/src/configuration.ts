import type { CommandResult, DeviceCommand } from '@fleet/contract';
import type { DeviceUnit } from './device-unit.js';
import { applySettingValues, DEFAULT_SETTINGS, flattenSettings } from './settings.js';

/**
 * A `CONFIGURATION` command (docs/device-protocol.md): the device's whole
 * effective settings. The unit works by them from now on (over the defaults,
 * not over what it had: the payload is complete) and keeps them, so a restart
 * keeps them too; a vehicle under way drives by them from this moment (its
 * thresholds and Periodical frequencies), as a real unit would. Values it cannot use are named in the log and the result is
 * still DONE: the rest applied.
 */
export async function applyConfiguration(
  command: DeviceCommand,
  unit: DeviceUnit,
  services: { log: (message: string) => void },
): Promise<CommandResult> {
  const payload = command.payload as { settings?: unknown } | null | undefined;
  const settings = payload?.settings;
  if (!settings || typeof settings !== 'object' || Array.isArray(settings))
    return { status: 'FAILED', reason: 'The configuration holds no settings.' };
  const values = flattenSettings(settings as Record<string, Record<string, string>>);
  const applied = applySettingValues(DEFAULT_SETTINGS, values);
  unit.settings = applied.settings;
  unit.keepSettings?.(values);
  unit.onSettings?.(values);
  if (applied.ignored.length)
    services.log(`${unit.asset}: configuration values not usable: ${applied.ignored.join(', ')}`);
  return { status: 'DONE' };
}
