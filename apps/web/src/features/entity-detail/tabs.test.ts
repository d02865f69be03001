import { ROLES } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { visibleTabs } from './tabs';

describe('entity detail tabs (spec §2, §6)', () => {
  it.each(ROLES)('shows %s the right tabs of an asset', (role) => {
    const tabs = visibleTabs('ASSET', role);
    expect(tabs.includes('monitoring')).toBe(role !== 'DRIVER');
    expect(tabs.includes('rawData')).toBe(role === 'OEM' || role === 'INTEGRATOR');
    expect(tabs.slice(0, 4)).toEqual(['calendar', 'trips', 'drivingStyle', 'media']);
    expect(tabs.includes('safety')).toBe(role !== 'DRIVER');
  });

  it.each(ROLES)('shows %s no Monitoring and no Raw data for a driver', (role) => {
    expect(visibleTabs('DRIVER', role)).toEqual([
      'calendar',
      'trips',
      'drivingStyle',
      'media',
      ...(role === 'DRIVER' ? [] : ['safety']),
      'heatmap',
    ]);
  });
});
