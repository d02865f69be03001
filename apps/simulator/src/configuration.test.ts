import { describe, expect, it } from 'vitest';
import type { DeviceCommand } from '@fleet/contract';
import { applyConfiguration } from './configuration.js';
import type { DeviceUnit } from './device-unit.js';
import { applySettingValues, DEFAULT_SETTINGS } from './settings.js';

const command = (payload: unknown) => ({ id: 1, kind: 'CONFIGURATION', payload }) as DeviceCommand;

describe('a CONFIGURATION command', () => {
  const unit = () => {
    const kept: Record<string, string>[] = [];
    const u = {
      asset: 'Truck',
      settings: applySettingValues(DEFAULT_SETTINGS, { 'drivingstyle.overSpeed': '70' }).settings,
      keepSettings: (values: Record<string, string>) => kept.push(values),
    } as unknown as DeviceUnit;
    return { u, kept };
  };

  it('replaces the settings with the defaults plus the values it holds, and keeps the values', async () => {
    const { u, kept } = unit();
    const logs: string[] = [];
    const payload = {
      assetId: 1,
      configurationGroupId: 2,
      settings: {
        drivingstyle: { overRpm: '1800', overSpeed: 'fast' },
        fms: { sendFrequencyMoving: '10' },
        camera: { liveFeedCameraMask: '17', videoDurationAfterEvent: '5' },
      },
    };
    const result = await applyConfiguration(command(payload), u, { log: (m) => logs.push(m) });
    expect(result).toEqual({ status: 'DONE' });
    // The payload is whole: a value it leaves out (or cannot be used) is the default again.
    expect(u.settings.thresholds).toEqual({ ...DEFAULT_SETTINGS.thresholds, overRpm: 1800 });
    expect(u.settings.periodical.moving).toBe(10);
    expect(u.settings.liveFeed.cameraMask).toBe(17);
    expect(u.settings.media.videoDurationAfterEvent).toBe(5);
    expect(kept).toEqual([
      {
        'drivingstyle.overRpm': '1800',
        'drivingstyle.overSpeed': 'fast',
        'fms.sendFrequencyMoving': '10',
        'camera.liveFeedCameraMask': '17',
        'camera.videoDurationAfterEvent': '5',
      },
    ]);
    expect(logs).toEqual(['Truck: configuration values not usable: drivingstyle.overSpeed']);
  });

  it.each([null, {}, { settings: [] }, { settings: 'x' }])('fails on %j', async (payload) => {
    const { u, kept } = unit();
    const result = await applyConfiguration(command(payload), u, { log: () => {} });
    expect(result.status).toBe('FAILED');
    expect(u.settings.thresholds.overSpeed).toBe(70);
    expect(kept).toEqual([]);
  });
});
