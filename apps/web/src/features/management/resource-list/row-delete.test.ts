import type { Role } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import type { Resource } from '../resources';
import { mayDeleteRow, mayEditRow } from './row-delete';

const copy = { synchronised: { externalId: 'x-1', remote: 'https://remote.example' } };
const organisations = { own: 1, inView: 2 };

describe('mayDeleteRow', () => {
  it.each<[string, Resource, { id: number } & Record<string, unknown>, boolean, boolean]>([
    ['an asset, writing', 'assets', { id: 7 }, true, true],
    ['an asset, reading only', 'assets', { id: 7 }, false, false],
    ['a synchronised asset', 'assets', { id: 7, ...copy }, true, false],
    [
      'a deactivated copy is local again',
      'assets',
      { id: 7, deactivatedAt: '2026-01-01' },
      true,
      true,
    ],
    ['an organisation below', 'organisations', { id: 5 }, true, true],
    ['the own organisation', 'organisations', { id: 1 }, true, false],
    ['the organisation in view', 'organisations', { id: 2 }, true, false],
    ['a driver with the id of the own organisation', 'drivers', { id: 1 }, true, true],
  ])('%s', (_, resource, row, writes, expected) => {
    expect(mayDeleteRow(resource, row, writes, organisations)).toBe(expected);
  });

  // Issue 19 §8: Delete is not offered where the server refuses it.
  it.each<[string, Role, { id: number; user_role: Role }, boolean]>([
    ['another USER, as USER', 'USER', { id: 8, user_role: 'USER' }, true],
    ['a DRIVER, as USER', 'USER', { id: 8, user_role: 'DRIVER' }, true],
    ['oneself', 'USER', { id: 3, user_role: 'USER' }, false],
    [
      'an INTEGRATOR, as USER (raw data: a higher role)',
      'USER',
      { id: 8, user_role: 'INTEGRATOR' },
      false,
    ],
    ['an OEM, as RESELLER', 'RESELLER', { id: 8, user_role: 'OEM' }, false],
    ['an INTEGRATOR, as RESELLER', 'RESELLER', { id: 8, user_role: 'INTEGRATOR' }, false],
    ['a RESELLER, as OEM', 'OEM', { id: 8, user_role: 'RESELLER' }, true],
  ])('a user: %s', (_, role, row, expected) => {
    expect(mayDeleteRow('users', row, true, organisations, { userId: 3, role })).toBe(expected);
  });
});

describe('mayEditRow', () => {
  // Issue 19 §8: Edit is not offered where the server refuses the change (userChangeRefusal).
  it.each<[string, Resource, Role, { id: number } & Record<string, unknown>, boolean, boolean]>([
    ['an asset, writing', 'assets', 'USER', { id: 7 }, true, true],
    ['an asset, reading only', 'assets', 'USER', { id: 7 }, false, false],
    ['another USER, as USER', 'users', 'USER', { id: 8, user_role: 'USER' }, true, true],
    ['a DRIVER, as USER', 'users', 'USER', { id: 8, user_role: 'DRIVER' }, true, true],
    ['oneself (name and password)', 'users', 'USER', { id: 3, user_role: 'USER' }, true, true],
    [
      'an INTEGRATOR, as USER (raw data: a higher role)',
      'users',
      'USER',
      { id: 8, user_role: 'INTEGRATOR' },
      true,
      false,
    ],
    ['an OEM, as RESELLER', 'users', 'RESELLER', { id: 8, user_role: 'OEM' }, true, false],
    ['a RESELLER, as OEM', 'users', 'OEM', { id: 8, user_role: 'RESELLER' }, true, true],
    [
      'any user, as DRIVER (writes nothing)',
      'users',
      'DRIVER',
      { id: 8, user_role: 'DRIVER' },
      false,
      false,
    ],
  ])('%s', (_, resource, role, row, writes, expected) => {
    expect(mayEditRow(resource, row, writes, { userId: 3, role })).toBe(expected);
  });
});
