import { describe, expect, it } from 'vitest';
import type { Resource } from '../resources';
import { mayDeleteRow } from './row-delete';

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
});
