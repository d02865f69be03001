import { describe, expect, it } from 'vitest';
import { driverLinkChange } from './driver-link.js';

describe('driverLinkChange', () => {
  it.each([
    // role, current link, asked, what happens
    ['DRIVER', null, undefined, { kind: 'keep' }],
    ['DRIVER', 4, undefined, { kind: 'keep' }],
    ['DRIVER', null, 7, { kind: 'set', driverId: 7 }],
    ['DRIVER', 4, 7, { kind: 'set', driverId: 7 }],
    ['DRIVER', 4, null, { kind: 'set', driverId: null }],
    ['USER', null, undefined, { kind: 'keep' }],
    // a user who stops being a DRIVER loses the link
    ['USER', 4, undefined, { kind: 'set', driverId: null }],
    ['USER', 4, null, { kind: 'set', driverId: null }],
    ['INTEGRATOR', null, null, { kind: 'set', driverId: null }],
  ] as const)('%s linked to %s, asked %s', (role, current, asked, expected) => {
    expect(driverLinkChange(role, current, asked)).toEqual(expected);
  });

  it.each(['USER', 'OEM', 'RESELLER', 'INTEGRATOR'] as const)(
    'refuses a driver record for a %s user',
    (role) => {
      expect(driverLinkChange(role, null, 7)).toEqual({
        kind: 'refuse',
        message: `Only a DRIVER user is linked to a driver record; this user's role is ${role}`,
      });
    },
  );
});
