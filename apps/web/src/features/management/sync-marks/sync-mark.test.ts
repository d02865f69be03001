import { describe, expect, it } from 'vitest';
import { isReadOnly, syncMarkOf } from './sync-mark';

describe('syncMarkOf', () => {
  it.each([
    { case: 'no record', record: undefined, mark: null },
    { case: 'an answer without the fields', record: { id: 1 }, mark: null },
    { case: 'made here', record: { synchronised: null, deactivatedAt: null }, mark: null },
    {
      case: 'a live copy',
      record: { synchronised: { externalId: 'A1', remote: 'http://r' }, deactivatedAt: null },
      mark: { kind: 'synchronised', externalId: 'A1', remote: 'http://r' },
    },
    {
      case: 'a copy whose configuration is gone',
      record: { synchronised: { externalId: 'A1', remote: null } },
      mark: { kind: 'synchronised', externalId: 'A1', remote: null },
    },
    {
      case: 'a deactivated copy',
      record: { synchronised: null, deactivatedAt: '2026-11-24T10:00:00.000Z' },
      mark: { kind: 'deactivated', at: '2026-11-24T10:00:00.000Z' },
    },
    { case: 'something else', record: { synchronised: 'yes', deactivatedAt: 5 }, mark: null },
  ])('$case', ({ record, mark }) => {
    expect(syncMarkOf(record)).toEqual(mark);
    expect(isReadOnly(record)).toBe(mark?.kind === 'synchronised');
  });
});
