import { describe, expect, it } from 'vitest';
import { DEFAULT_SAFETY_SETTINGS } from '@fleet/contract';
import { toDraft, toSettings } from './safety-settings-form';

describe('the safety settings draft', () => {
  const saved = { ...DEFAULT_SAFETY_SETTINGS, groupCoaches: [{ groupId: 4, coachUserId: 9 }] };

  it('goes back to the same settings', () => {
    expect(toSettings(toDraft(saved))).toEqual(saved);
  });

  it('drops a group without a coach and sorts the rest', () => {
    const draft = { ...toDraft(saved), coaches: { 7: 2, 4: undefined, 3: 5 } };
    expect(toSettings(draft)?.groupCoaches).toEqual([
      { groupId: 3, coachUserId: 5 },
      { groupId: 7, coachUserId: 2 },
    ]);
  });

  it.each(['0', '366', '7.5', '', 'x'])('refuses %j due days', (dueDays) => {
    expect(toSettings({ ...toDraft(saved), dueDays })).toBeNull();
  });

  it.each([
    ['1', 1],
    [' 30 ', 30],
    ['365', 365],
  ])('takes %j due days', (dueDays, expected) => {
    expect(toSettings({ ...toDraft(saved), dueDays })?.dueDays).toBe(expected);
  });
});
