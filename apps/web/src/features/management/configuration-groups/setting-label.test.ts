import { describe, expect, it } from 'vitest';
import { settingLabel } from './setting-label';

describe('settingLabel', () => {
  it.each([
    ['overSpeed', 'Over speed'],
    ['overRPMThreshold', 'Over RPM threshold'],
    ['camera1Resolution', 'Camera 1 resolution'],
    ['eventCameraMask', 'Event camera mask'],
    ['OSD', 'OSD'],
    ['send_frequency_moving', 'Send frequency moving'],
    ['fps', 'Fps'],
  ])('%s → %s', (parameter, label) => {
    expect(settingLabel(parameter)).toBe(label);
  });
});
