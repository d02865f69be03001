import { describe, expect, it } from 'vitest';
import { grantableRoles } from './user-rules';

describe('grantableRoles', () => {
  it.each([
    ['OEM', ['OEM', 'RESELLER', 'INTEGRATOR', 'DRIVER', 'USER']],
    ['RESELLER', ['RESELLER', 'INTEGRATOR', 'DRIVER', 'USER']],
    ['INTEGRATOR', ['INTEGRATOR', 'DRIVER', 'USER']],
    ['USER', ['INTEGRATOR', 'DRIVER', 'USER']],
    ['DRIVER', []],
  ] as const)('%s grants %j', (caller, roles) => {
    expect(grantableRoles(caller)).toEqual(roles);
  });
});
