import { EVENT_TYPES } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { entityEn } from '../features/entity-detail/locales/en';
import { entityNl } from '../features/entity-detail/locales/nl';
import { managementEn } from '../features/management/locales/en';
import { managementNl } from '../features/management/locales/nl';
import { mediaEn } from '../features/media/locales/en';
import { mediaNl } from '../features/media/locales/nl';
import { SCORE_KEYS, STAT_KEYS } from '../lib/driving-style-fields';
import { dashboardsEn } from './dashboards/en';
import { dashboardsNl } from './dashboards/nl';
import { en } from './en';
import { nl } from './nl';

/** Where in a bundle a table (an object) of one of these names sits, at any depth. */
function tables(bundle: object, names: string[], at = ''): string[] {
  return Object.entries(bundle).flatMap(([key, value]) => [
    ...(names.includes(key) && typeof value === 'object' ? [`${at}${key}`] : []),
    ...(value && typeof value === 'object' ? tables(value, names, `${at}${key}.`) : []),
  ]);
}

const VOCABULARY = ['eventTypes', 'stats', 'stat', 'scores', 'scoreName'];

describe('one vocabulary (issue 7 §6, §7)', () => {
  it.each([
    ['en', dashboardsEn],
    ['nl', dashboardsNl],
  ])('the %s event-type, statistic and score labels are one table each', (_, dashboards) => {
    expect(tables(dashboards, VOCABULARY)).toEqual(['eventTypes', 'stats', 'scores']);
    for (const type of EVENT_TYPES) expect(dashboards.eventTypes[type]).toBeTruthy();
    for (const key of STAT_KEYS) expect(dashboards.stats[key]).toBeTruthy();
    for (const key of SCORE_KEYS) expect(dashboards.scores[key]).toBeTruthy();
  });

  it.each([
    ['en', en],
    ['nl', nl],
    ['entity en', entityEn],
    ['entity nl', entityNl],
    ['media en', mediaEn],
    ['media nl', mediaNl],
    ['management en', managementEn],
    ['management nl', managementNl],
  ])('the %s bundle keeps no labels of its own for them', (_, bundle) => {
    // 'events': the mask editor's event names were a second table (issue 17 §5)
    expect(tables(bundle, [...VOCABULARY, 'events'])).toEqual([]);
  });

  it('names each event type differently, and the same way in English as §3 spells it', () => {
    expect(new Set(Object.values(dashboardsEn.eventTypes)).size).toBe(EVENT_TYPES.length);
    expect(dashboardsEn.eventTypes.HARSH_BRAKE).toBe('Harsh brake');
    expect(dashboardsEn.eventTypes.IDLE_START).toBe('Idle start');
  });
});
