import { describe, expect, it } from 'vitest';
import { ROLES, type Role } from '@fleet/contract';
import { organisationChangeRefusal, type OrganisationChange } from './organisation-authority.js';

const OWN = 1;
const CHILD = 2;
const ACTIONS = ['create', 'rename', 'move', 'delete'] as const;

/** Role × action × target (the caller's own organisation or one below it): allowed? */
const ALLOWED: Record<
  Role,
  Record<(typeof ACTIONS)[number], { own: boolean; child: boolean }>
> = Object.fromEntries(
  ROLES.map((role) => {
    const manages = role === 'OEM' || role === 'RESELLER';
    return [
      role,
      {
        create: { own: manages, child: manages },
        rename: { own: manages, child: manages },
        move: { own: false, child: manages },
        delete: { own: false, child: manages },
      },
    ];
  }),
) as never;

describe('organisationChangeRefusal: role × action × own organisation or a child', () => {
  const cases = ROLES.flatMap((role) =>
    ACTIONS.flatMap((action) =>
      (['own', 'child'] as const).map((target) => [role, action, target] as const),
    ),
  );
  it.each(cases)('%s may %s its %s organisation?', (role, action, target) => {
    const change = { action, targetId: target === 'own' ? OWN : CHILD } as OrganisationChange;
    const refusal = organisationChangeRefusal({ organisationId: OWN, role }, change);
    if (ALLOWED[role][action][target]) expect(refusal).toBeUndefined();
    else expect(refusal).toEqual(expect.any(String));
  });

  it('says why', () => {
    expect(
      organisationChangeRefusal(
        { organisationId: OWN, role: 'INTEGRATOR' },
        { action: 'create', targetId: OWN },
      ),
    ).toBe('Only OEM and reseller users create, rename, move or delete organisations');
    expect(
      organisationChangeRefusal(
        { organisationId: OWN, role: 'OEM' },
        { action: 'delete', targetId: OWN },
      ),
    ).toBe('Nobody may delete their own organisation');
    expect(
      organisationChangeRefusal(
        { organisationId: OWN, role: 'RESELLER' },
        { action: 'move', targetId: OWN },
      ),
    ).toBe('Nobody may move their own organisation');
  });
});
