import { describe, expect, it } from 'vitest';
import { ROLES, SAFETY_ACTIONS, type Role } from '@fleet/contract';
import { safetyRefusal, type SafetyDeed } from './safety-access.js';

/**
 * The safety access matrix: role × whose case × deed. 'own': the case of the driver the DRIVER
 * account is linked to; 'other': another driver's (or UNKNOWN's) case. Y: allowed, else the
 * refusal's first words. The subtree rule (404 outside) is tested through the API
 * (safety.test.ts, route-matrix.test.ts).
 */
const DEEDS: SafetyDeed[] = [
  ...SAFETY_ACTIONS,
  'READ',
  'COMMENT',
  'SEE_MEDIA',
  'LIST',
  'COACHES',
  'SETTINGS',
  'CHANGE_SETTINGS',
  'AUDIT',
];

const REVIEWER: Record<SafetyDeed, string> = {
  DISMISS: 'Y',
  COACH: 'Y',
  RECOGNISE: 'Y',
  REASSIGN: 'Y',
  COACHED: 'Y',
  ACKNOWLEDGE: 'Only the driver',
  UNDO: 'Y',
  READ: 'Y',
  COMMENT: 'Y',
  SEE_MEDIA: 'Y',
  LIST: 'Y',
  COACHES: 'Y',
  SETTINGS: 'Y',
  CHANGE_SETTINGS: 'Y',
  AUDIT: 'Y',
};
const NOT_REVIEWER = 'Drivers do not review';
const DRIVER_OWN: Record<SafetyDeed, string> = {
  ...(Object.fromEntries(DEEDS.map((d) => [d, NOT_REVIEWER])) as Record<SafetyDeed, string>),
  ACKNOWLEDGE: 'Y',
  READ: 'Y',
  COMMENT: 'Y',
  SEE_MEDIA: 'Y',
  LIST: 'Y',
};
const DRIVER_OTHER: Record<SafetyDeed, string> = {
  ...DRIVER_OWN,
  ACKNOWLEDGE: 'Drivers see their own cases only',
  READ: 'Drivers see their own cases only',
  COMMENT: 'Drivers see their own cases only',
  SEE_MEDIA: 'Drivers see their own cases only',
};

const MATRIX: Record<Role, { own: Record<SafetyDeed, string>; other: Record<SafetyDeed, string> }> =
  {
    OEM: { own: REVIEWER, other: REVIEWER },
    RESELLER: { own: REVIEWER, other: REVIEWER },
    INTEGRATOR: { own: REVIEWER, other: REVIEWER },
    USER: { own: REVIEWER, other: REVIEWER },
    DRIVER: { own: DRIVER_OWN, other: DRIVER_OTHER },
  };

const cells = ROLES.flatMap((role) =>
  (['own', 'other'] as const).flatMap((whose) =>
    DEEDS.map((deed) => [role, whose, deed, MATRIX[role][whose][deed]] as const),
  ),
);

describe('the safety access matrix', () => {
  it.each(cells)('%s on %s case: %s → %s', (role, whose, deed, expected) => {
    const refusal = safetyRefusal({ role, driverId: 7 }, deed, {
      driverId: whose === 'own' ? 7 : 8,
      driversSeeClips: true,
    });
    if (expected === 'Y') expect(refusal).toBeUndefined();
    else expect(refusal).toMatch(new RegExp(`^${expected}`));
  });

  it('keeps a driver without a driver record out of every case, UNKNOWN ones included', () => {
    for (const driverId of [null, 7])
      expect(
        safetyRefusal({ role: 'DRIVER', driverId: null }, 'READ', {
          driverId,
          driversSeeClips: true,
        }),
      ).toBe('Drivers see their own cases only');
    expect(safetyRefusal({ role: 'DRIVER', driverId: null }, 'LIST')).toBeUndefined();
  });

  it('shows a driver their clips only when the organisation lets them', () => {
    const subject = { driverId: 7, driversSeeClips: false };
    expect(safetyRefusal({ role: 'DRIVER', driverId: 7 }, 'SEE_MEDIA', subject)).toBe(
      'The organisation does not show drivers their clips',
    );
    expect(safetyRefusal({ role: 'DRIVER', driverId: 7 }, 'READ', subject)).toBeUndefined();
    expect(safetyRefusal({ role: 'USER', driverId: null }, 'SEE_MEDIA', subject)).toBeUndefined();
  });
});
