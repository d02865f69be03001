import { describe, expect, it } from 'vitest';
import { settingLabel } from './setting-label';

describe('settingLabel', () => {
  it.each([
    ['overSpeed', 'Over speed'],
    ['overRPMThreshold', 'Over RPM threshold'],
    ['camera1Resolution', 'Camera 1 resolution'],
    ['eventCameraMask', 'Event camera mask'],
    ['OSD', 'OSD'],
    ['osd', 'OSD'],
    ['cam1Io', 'Camera 1 IO'],
    ['overRpm', 'Over RPM'],
    ['sendOverWifi', 'Send over WiFi'],
    ['canBusMask', 'CAN bus mask'],
    ['send_frequency_moving', 'Send frequency moving'],
    ['liveFeedFps', 'Live feed FPS'],
  ])('%s → %s', (parameter, label) => {
    expect(settingLabel(parameter)).toBe(label);
  });
});
