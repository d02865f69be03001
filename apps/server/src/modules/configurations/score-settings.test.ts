import { describe, expect, it } from 'vitest';
import { DEFAULT_SCORE_SETTINGS, type ScoreComponent } from '../drivingstyle/index.js';
import { scoreSettings } from './score-settings.js';

describe('scoreSettings', () => {
  it('answers the defaults for a group with no values', () => {
    expect(scoreSettings(new Map())).toEqual({
      weights: {
        coast: 1,
        cruise: 1,
        drivingBehavior: 1,
        harshAcceleration: 2,
        harshBrake: 3,
        harshPedalAcceleration: 1,
        idle: 2,
        overRpm: 1,
        overSpeed: 3,
      },
      factors: {
        coast: 10,
        cruise: 40,
        drivingBehavior: 50,
        harshAcceleration: 2,
        harshBrake: 2,
        harshPedalAcceleration: 5,
        idle: 10,
        overRpm: 10,
        overSpeed: 5,
      },
    });
  });

  it.each<[string, string, 'weights' | 'factors', ScoreComponent, number]>([
    ['drivingstyleui.harshBrakeWeight', '5', 'weights', 'harshBrake', 5],
    ['drivingstyleui.idleWeight', '0', 'weights', 'idle', 0],
    ['drivingstyleui.coastFactor', '12.5', 'factors', 'coast', 12.5],
    ['drivingstyleui.overSpeedFactor', ' 7 ', 'factors', 'overSpeed', 7],
    // not valid any more (or never): the default
    ['drivingstyleui.harshBrakeWeight', 'abc', 'weights', 'harshBrake', 3],
    ['drivingstyleui.harshBrakeWeight', '-1', 'weights', 'harshBrake', 3],
    ['drivingstyleui.harshBrakeFactor', '0', 'factors', 'harshBrake', 2],
    ['drivingstyleui.harshBrakeFactor', '5000', 'factors', 'harshBrake', 2],
  ])('%s = %j → %s.%s = %d', (key, value, kind, component, expected) => {
    expect(scoreSettings(new Map([[key, value]]))[kind][component]).toBe(expected);
  });

  it('ignores the keys of other settings', () => {
    const values = new Map([
      ['drivingstyle.idleTime', '999'],
      ['camera.harshBrakeWeight', '99'],
    ]);
    expect(scoreSettings(values)).toEqual(DEFAULT_SCORE_SETTINGS);
  });
});
