import { MAX_COACHING_DUE_DAYS, type SafetySettings } from '@fleet/contract';

/** The settings screen's draft: the due days as typed, the group coaches by group. */
export interface SettingsDraft {
  caseEventTypes: SafetySettings['caseEventTypes'];
  dueDays: string;
  driversSeeClips: boolean;
  requestClips: boolean;
  coaches: Record<number, number | undefined>;
}

export const toDraft = (settings: SafetySettings): SettingsDraft => ({
  caseEventTypes: settings.caseEventTypes,
  dueDays: String(settings.dueDays),
  driversSeeClips: settings.driversSeeClips,
  requestClips: settings.requestClips,
  coaches: Object.fromEntries(settings.groupCoaches.map((g) => [g.groupId, g.coachUserId])),
});

/** The body to PUT, or null when the due days are not a whole number from 1 to 365. */
export function toSettings(draft: SettingsDraft): SafetySettings | null {
  const dueDays = Number(draft.dueDays);
  if (!/^\d+$/.test(draft.dueDays.trim()) || dueDays < 1 || dueDays > MAX_COACHING_DUE_DAYS)
    return null;
  return {
    caseEventTypes: draft.caseEventTypes,
    dueDays,
    driversSeeClips: draft.driversSeeClips,
    requestClips: draft.requestClips,
    groupCoaches: Object.entries(draft.coaches)
      .filter((entry): entry is [string, number] => entry[1] !== undefined)
      .map(([groupId, coachUserId]) => ({ groupId: Number(groupId), coachUserId }))
      .sort((a, b) => a.groupId - b.groupId),
  };
}
