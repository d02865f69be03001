import { ROLES, type Role } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { mayWrite, RESOURCES, type Resource } from './resources';

// Who may write what, as the server's access module decides it (organisation-authority,
// user-authority, fleet-access): the screens offer exactly that.
const WRITERS: Record<Resource, readonly Role[]> = {
  assets: ['OEM', 'RESELLER', 'INTEGRATOR', 'USER'],
  devices: ['OEM', 'RESELLER', 'INTEGRATOR', 'USER'],
  drivers: ['OEM', 'RESELLER', 'INTEGRATOR', 'USER'],
  groups: ['OEM', 'RESELLER', 'INTEGRATOR', 'USER'],
  configurationgroups: ['OEM', 'RESELLER', 'INTEGRATOR', 'USER'],
  users: ['OEM', 'RESELLER', 'INTEGRATOR', 'USER'],
  organisations: ['OEM', 'RESELLER'],
};

describe('mayWrite', () => {
  it.each(RESOURCES.flatMap((resource) => ROLES.map((role) => [resource, role] as const)))(
    '%s by %s',
    (resource, role) => {
      expect(mayWrite(role, resource)).toBe(WRITERS[resource].includes(role));
    },
  );
});
