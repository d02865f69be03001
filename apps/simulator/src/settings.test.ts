import { describe, expect, it } from 'vitest';
import { encodeEventMask } from '@fleet/contract';
// The server's definitions are the source of the defaults; the simulator keeps a copy it can ship.
import { DEFINITION_BY_KEY } from '../../server/src/modules/configurations/definitions.js';
import { applySettingValues, DEFAULT_SETTINGS, eventCapture, flattenSettings } from './settings.js';

describe('device settings', () => {
  it('are the defaults of the setting definitions', () => {
    const value = (parameter: string) => DEFINITION_BY_KEY.get(`camera.${parameter}`)!.defaultValue;
    expect(DEFAULT_SETTINGS.media).toEqual({
      eventCameraMask: value('eventCameraMask'),
      videoDurationBeforeEvent: Number(value('videoDurationBeforeEvent')),
      videoDurationAfterEvent: Number(value('videoDurationAfterEvent')),
    });
  });

  it('keep the thresholds, frequencies and live feed of the definitions', () => {
    const value = (key: string) => Number(DEFINITION_BY_KEY.get(key)!.defaultValue);
    const { thresholds, periodical, liveFeed } = DEFAULT_SETTINGS;
    expect(thresholds).toEqual({
      acceleration: value('drivingstyle2.accelerationThreshold'),
      deceleration: value('drivingstyle2.brakeThreshold'),
      rpmTime: value('drivingstyle2.rpmThreshold'),
      speedTime: value('drivingstyle2.speedThreshold'),
      pedal: value('drivingstyle2.pedalThreshold'),
      overRpm: value('drivingstyle.overRpm'),
      overSpeed: value('drivingstyle.overSpeed'),
      idle: value('drivingstyle.idleTime'),
      cruise: value('drivingstyle.cruiseTime'),
      cruisable: value('drivingstyle.cruisableSpeed'),
      harshBrake: value('drivingstyle.brakeSpeed'),
      harshAcceleration: value('drivingstyle.harshAccelerationSpeed'),
    });
    expect(periodical).toEqual({
      moving: value('fms.sendFrequencyMoving'),
      notMoving: value('fms.sendFrequencyNotMoving'),
    });
    expect(liveFeed).toEqual({
      cameraMask: value('camera.liveFeedCameraMask'),
      width: value('camera.liveFeedVideoWidth'),
      height: value('camera.liveFeedVideoHeight'),
      fps: value('camera.liveFeedFps'),
    });
  });

  it.each([
    ['HARSH_BRAKE', { pictures: [1], videos: [1], before: 10, after: 10 }],
    ['EMERGENCY_BRAKE', { pictures: [1, 16], videos: [1, 16], before: 10, after: 10 }],
    ['HARSH_ACCELERATION', { pictures: [1], videos: [], before: 10, after: 10 }],
    ['OVER_SPEED_START', { pictures: [1], videos: [], before: 10, after: 10 }],
    ['OVER_RPM_START', undefined],
    ['IDLE_START', undefined],
    ['IDLE_STOP', undefined],
    ['OVER_SPEED_STOP', undefined],
  ] as const)('by default, %s asks for %j', (event, capture) => {
    expect(eventCapture(DEFAULT_SETTINGS.media, event)).toEqual(capture);
  });

  it('reads every event of the mask at its own bits', () => {
    const media = {
      eventCameraMask: encodeEventMask({
        OVER_RPM_START: { picture: ['REAR', 'LEFT'] },
        IDLE_START: { video: ['RIGHT', 'DRIVER'] },
      }),
      videoDurationBeforeEvent: 5,
      videoDurationAfterEvent: 0,
    };
    expect(eventCapture(media, 'OVER_RPM_START')).toEqual({
      pictures: [2, 4],
      videos: [],
      before: 5,
      after: 0,
    });
    expect(eventCapture(media, 'IDLE_START')).toEqual({
      pictures: [],
      videos: [8, 16],
      before: 5,
      after: 0,
    });
    expect(eventCapture(media, 'HARSH_BRAKE')).toBeUndefined();
    // A clip of no seconds is none.
    expect(eventCapture({ ...media, videoDurationBeforeEvent: 0 }, 'IDLE_START')).toBeUndefined();
  });

  it.each([
    [{ 'camera.videoDurationBeforeEvent': '4' }, { videoDurationBeforeEvent: 4 }, []],
    [{ 'camera.videoDurationAfterEvent': ' 60 ' }, { videoDurationAfterEvent: 60 }, []],
    [{ 'camera.eventCameraMask': '0' }, { eventCameraMask: '0' }, []],
    [
      { 'camera.eventCameraMask': '1152921504606846975' },
      { eventCameraMask: '1152921504606846975' },
      [],
    ],
    [{ 'camera.eventCameraMask': '1152921504606846976' }, {}, ['camera.eventCameraMask']],
    [{ 'camera.eventCameraMask': 'all' }, {}, ['camera.eventCameraMask']],
    [{ 'camera.videoDurationAfterEvent': '61' }, {}, ['camera.videoDurationAfterEvent']],
    [{ 'camera.videoDurationAfterEvent': '2.5' }, {}, ['camera.videoDurationAfterEvent']],
    [{ 'camera.videoDurationBeforeEvent': '' }, {}, ['camera.videoDurationBeforeEvent']],
    [{ 'camera.osd': 'false', 'fleet.unknown': '1' }, {}, []],
  ])('applies %j', (values, changed, ignored) => {
    const result = applySettingValues(DEFAULT_SETTINGS, values);
    expect(result.settings.media).toEqual({ ...DEFAULT_SETTINGS.media, ...changed });
    expect(result.ignored).toEqual(ignored);
  });

  it.each([
    ['drivingstyle.overSpeed', '70', 'thresholds', { overSpeed: 70 }],
    ['drivingstyle.overSpeed', '201', 'thresholds', {}],
    ['drivingstyle.overSpeed', '80.5', 'thresholds', {}],
    ['drivingstyle.overRpm', '1500', 'thresholds', { overRpm: 1500 }],
    ['drivingstyle.brakeSpeed', '20.5', 'thresholds', { harshBrake: 20.5 }],
    ['drivingstyle.harshAccelerationSpeed', '0', 'thresholds', {}],
    ['drivingstyle2.accelerationThreshold', '1.25', 'thresholds', { acceleration: 1.25 }],
    ['fms.sendFrequencyMoving', '5', 'periodical', { moving: 5 }],
    ['fms.sendFrequencyNotMoving', '9', 'periodical', {}],
    ['camera.liveFeedCameraMask', '3', 'liveFeed', { cameraMask: 3 }],
    ['camera.liveFeedCameraMask', '32', 'liveFeed', {}],
    ['camera.liveFeedFps', '30', 'liveFeed', { fps: 30 }],
  ] as const)('applies %s = %s to the %s', (key, value, section, changed) => {
    const result = applySettingValues(DEFAULT_SETTINGS, { [key]: value });
    expect(result.settings[section]).toEqual({ ...DEFAULT_SETTINGS[section], ...changed });
    expect(result.ignored).toEqual(Object.keys(changed).length ? [] : [key]);
  });

  it('reads a configuration payload as service.parameter keys', () => {
    expect(
      flattenSettings({
        drivingstyle: { overSpeed: '80' },
        camera: { liveFeedCameraMask: '3', bad: 4 as unknown as string },
        fms: null as unknown as Record<string, string>,
      }),
    ).toEqual({ 'drivingstyle.overSpeed': '80', 'camera.liveFeedCameraMask': '3' });
  });

  it('leaves the settings it was given alone', () => {
    const before = structuredClone(DEFAULT_SETTINGS);
    applySettingValues(DEFAULT_SETTINGS, { 'camera.videoDurationBeforeEvent': '1' });
    expect(DEFAULT_SETTINGS).toEqual(before);
  });
});
