import { permissions, type Role } from '@fleet/contract';
import type { EntityType } from '@/config/paths';

export const TABS = [
  'calendar',
  'trips',
  'drivingStyle',
  'media',
  'safety',
  'monitoring',
  'heatmap',
  'rawData',
] as const;
export type Tab = (typeof TABS)[number];

export const isTab = (value: string | null): value is Tab =>
  (TABS as readonly (string | null)[]).includes(value);

/** The pill tabs of spec §2 this user sees for this entity, in order (role rules of §6). */
export function visibleTabs(type: EntityType, role: Role): Tab[] {
  return TABS.filter((tab) => {
    if (tab === 'monitoring') return type === 'ASSET' && permissions.monitoring(role);
    if (tab === 'rawData') return type === 'ASSET' && permissions.rawData(role);
    // Issue 20: the cases of the asset or driver, for reviewers and coaches (a DRIVER has My safety).
    if (tab === 'safety') return permissions.manageFleet(role);
    return true;
  });
}

/** Tabs that show the period filter (spec §2: all but Trips). */
export const PERIOD_TABS: readonly Tab[] = [
  'calendar',
  'drivingStyle',
  'media',
  'safety',
  'heatmap',
  'rawData',
  'monitoring',
];
