import { describe, expect, it } from 'vitest';
import { ROLES, mayGrantRole, type Role } from '@fleet/contract';
import { userChangeRefusal } from './user-authority.js';

/** Which roles each role may give (create, change to, change or delete a user of). */
const GRANTS: Record<Role, Role[]> = {
  OEM: ['OEM', 'RESELLER', 'INTEGRATOR', 'DRIVER', 'USER'],
  RESELLER: ['RESELLER', 'DRIVER', 'USER'],
  INTEGRATOR: ['INTEGRATOR', 'DRIVER', 'USER'],
  USER: ['DRIVER', 'USER'],
  DRIVER: [],
};

describe('mayGrantRole: a user grants at most its own authority', () => {
  it.each(ROLES.flatMap((granter) => ROLES.map((role) => [granter, role] as const)))(
    '%s gives %s',
    (granter, role) => {
      expect(mayGrantRole(granter, role)).toBe(GRANTS[granter].includes(role));
    },
  );
});

describe('userChangeRefusal', () => {
  const me = 1;
  const other = 2;
  it.each(ROLES.flatMap((caller) => ROLES.map((role) => [caller, role] as const)))(
    '%s creates, changes and deletes a %s user of another',
    (caller, role) => {
      const allowed = GRANTS[caller].includes(role);
      const as = { id: me, role: caller };
      const check = (refusal: string | undefined) =>
        allowed ? expect(refusal).toBeUndefined() : expect(refusal).toEqual(expect.any(String));
      check(userChangeRefusal(as, { action: 'create', role }));
      check(userChangeRefusal(as, { action: 'delete', targetId: other, targetRole: role }));
      check(userChangeRefusal(as, { action: 'update', targetId: other, targetRole: role }));
    },
  );

  it.each<[Role, Role, Role, boolean]>([
    ['USER', 'DRIVER', 'USER', true],
    ['USER', 'USER', 'DRIVER', true],
    ['USER', 'DRIVER', 'INTEGRATOR', false], // a role it does not hold
    ['RESELLER', 'USER', 'INTEGRATOR', false],
    ['INTEGRATOR', 'USER', 'INTEGRATOR', true],
    ['OEM', 'DRIVER', 'OEM', true],
    ['RESELLER', 'OEM', 'USER', false], // a user above it
  ])('%s changes a %s user into %s: %s', (caller, from, to, allowed) => {
    const refusal = userChangeRefusal(
      { id: me, role: caller },
      { action: 'update', targetId: other, targetRole: from, role: to },
    );
    expect(refusal === undefined).toBe(allowed);
  });

  it('refuses deleting oneself and changing one’s own role, not one’s own name or password', () => {
    const oem = { id: me, role: 'OEM' as const };
    expect(userChangeRefusal(oem, { action: 'delete', targetId: me, targetRole: 'OEM' })).toBe(
      'Nobody may delete their own account',
    );
    expect(
      userChangeRefusal(oem, { action: 'update', targetId: me, targetRole: 'OEM', role: 'USER' }),
    ).toBe('Nobody may change their own role');
    expect(
      userChangeRefusal(oem, { action: 'update', targetId: me, targetRole: 'OEM', role: 'OEM' }),
    ).toBeUndefined();
    expect(
      userChangeRefusal(oem, { action: 'update', targetId: me, targetRole: 'OEM' }),
    ).toBeUndefined();
  });
});
