import { describe, expect, it } from 'vitest';
import {
  checkSettingValue,
  decodeAlarmMask,
  decodeEventMask,
  SETTING_CATEGORIES,
  type SettingCategory,
} from '@fleet/contract';
import {
  DEFINITION_BY_KEY,
  DEFINITIONS,
  factorParameter,
  settingKey,
  weightParameter,
} from './definitions.js';
import { SCORE_COMPONENTS } from '../drivingstyle/index.js';

const inCategory = (category: SettingCategory) =>
  DEFINITIONS.filter((d) => d.category === category);

describe('setting definitions', () => {
  it('identifies each setting once by service and parameter', () => {
    expect(DEFINITION_BY_KEY.size).toBe(DEFINITIONS.length);
  });

  it.each<[SettingCategory, string[], number]>([
    ['Weights', ['drivingstyleui'], 9],
    ['Factors', ['drivingstyleui'], 9],
    ['Configurations', ['drivingstyle2'], 9],
    ['Thresholds', ['drivingstyle'], 10],
    ['Trips', ['fms'], 4],
    ['Periodical', ['fms'], 2],
    ['Incidents', ['camera'], 4],
    ['Camera', ['camera'], 7 + 4 * 7],
    ['Media', ['camera'], 4],
    ['Alarm', ['camera'], 4],
    ['Live Feed', ['camera'], 4],
    ['Levels', ['camera'], 2],
  ])('%s: service %j, %i settings', (category, services, count) => {
    const settings = inCategory(category);
    expect([...new Set(settings.map((d) => d.service))]).toEqual(services);
    expect(settings).toHaveLength(count);
  });

  it('uses only the twelve categories, in the order of the tabs', () => {
    const order = [...new Set(DEFINITIONS.map((d) => d.category))];
    expect(order).toEqual([...SETTING_CATEGORIES]);
  });

  it('has a weight and a factor for each part of the score', () => {
    for (const c of SCORE_COMPONENTS) {
      expect(
        DEFINITION_BY_KEY.get(settingKey('drivingstyleui', weightParameter(c)))?.category,
      ).toBe('Weights');
      expect(
        DEFINITION_BY_KEY.get(settingKey('drivingstyleui', factorParameter(c)))?.category,
      ).toBe('Factors');
    }
  });

  it('has resolution, video mode, mirrored, IO, rank, hide delay and overlay mask for cameras 1 to 4', () => {
    for (const n of [1, 2, 3, 4]) {
      for (const suffix of [
        'Resolution',
        'VideoMode',
        'Mirrored',
        'Io',
        'Rank',
        'HideDelay',
        'OverlayCameraMask',
      ]) {
        expect(
          DEFINITION_BY_KEY.has(settingKey('camera', `cam${n}${suffix}`)),
          `cam${n}${suffix}`,
        ).toBe(true);
      }
    }
  });

  it.each(DEFINITIONS.map((d) => [settingKey(d.service, d.parameter), d] as const))(
    '%s: its default passes its own rule, in canonical form',
    (_key, d) => {
      expect(checkSettingValue(d, d.defaultValue)).toEqual({ ok: true, value: d.defaultValue });
      if (d.type === 'integer' || d.type === 'decimal') {
        expect(d.min).toBeTypeOf('number');
        expect(d.max).toBeTypeOf('number');
        expect(d.min!).toBeLessThan(d.max!);
      }
      if (d.type === 'enum') expect(d.options?.length).toBeGreaterThan(1);
      // One sentence for a fleet manager.
      expect(d.description).toMatch(/^[A-Z][^.]*(\.[^.\s][^.]*)*\.$/);
    },
  );

  it('sends the front camera for harsh brakes and front and driver for an emergency brake by default', () => {
    const events = decodeEventMask(DEFINITION_BY_KEY.get('camera.eventCameraMask')!.defaultValue);
    expect(events.EMERGENCY_BRAKE).toEqual({
      picture: ['FRONT', 'DRIVER'],
      video: ['FRONT', 'DRIVER'],
    });
    expect(events.HARSH_BRAKE).toEqual({ picture: ['FRONT'], video: ['FRONT'] });
    expect(events.IDLE_START).toEqual({ picture: [], video: [] });
    expect(decodeAlarmMask(DEFINITION_BY_KEY.get('camera.alarmCameraMask')!.defaultValue)).toEqual({
      picture: ['FRONT', 'REAR', 'LEFT', 'RIGHT', 'DRIVER'],
      video: ['FRONT', 'DRIVER'],
    });
  });
});
