import { describe, expect, it } from 'vitest';
import { grantableRoles } from './user-rules';

describe('grantableRoles (the role select offers what the server allows)', () => {
  it.each([
    ['OEM', ['OEM', 'RESELLER', 'INTEGRATOR', 'DRIVER', 'USER']],
    ['RESELLER', ['RESELLER', 'DRIVER', 'USER']],
    ['INTEGRATOR', ['INTEGRATOR', 'DRIVER', 'USER']],
    ['USER', ['DRIVER', 'USER']],
    ['DRIVER', []],
  ] as const)('%s grants %j', (caller, roles) => {
    expect(grantableRoles(caller)).toEqual(roles);
  });
});
