import { describe, expect, it } from 'vitest';
import { diffRecords, type LocalRecord, type RemoteRecord } from './sync-diff.js';
import { sameFields } from './sync-kinds.js';

type F = { name: string };
const remote = (externalId: string, name?: string, source = 'R1'): RemoteRecord<F> => ({
  source,
  externalId,
  fields: name === undefined ? undefined : { name },
});
const local = (id: number, externalId: string, name: string, deactivated = false, source = 'R1') =>
  ({ id, source, externalId, fields: { name }, deactivated }) satisfies LocalRecord<F>;

/** The diff as ids: create/failed/unknown by remote id, the others by local id. */
function summary(remoteItems: RemoteRecord<F>[], localItems: LocalRecord<F>[]) {
  const d = diffRecords(remoteItems, localItems, sameFields);
  return {
    create: d.create.map((c) => c.externalId),
    update: d.update.map((u) => `${u.local.id}${u.reactivate ? '+' : ''}`),
    unchanged: d.unchanged.map((l) => l.id),
    deactivate: d.deactivate.map((l) => l.id),
    failed: d.failed.map((f) => f.externalId),
    unknown: d.unknown.map((u) => u.externalId),
  };
}
const none = { create: [], update: [], unchanged: [], deactivate: [], failed: [], unknown: [] };

describe('diffRecords', () => {
  it.each([
    ['nothing on either side', [], [], none],
    ['a new remote record is created', [remote('a', 'A')], [], { ...none, create: ['a'] }],
    [
      'an equal copy is unchanged',
      [remote('a', 'A')],
      [local(1, 'a', 'A')],
      { ...none, unchanged: [1] },
    ],
    [
      'a changed field is an update',
      [remote('a', 'B')],
      [local(1, 'a', 'A')],
      { ...none, update: ['1'] },
    ],
    [
      'a record the remote no longer lists is deactivated',
      [],
      [local(1, 'a', 'A')],
      { ...none, deactivate: [1] },
    ],
    ['a deactivated copy stays so, and is not counted again', [], [local(1, 'a', 'A', true)], none],
    [
      'a deactivated copy listed again is reactivated (even with the same fields)',
      [remote('a', 'A')],
      [local(1, 'a', 'A', true)],
      { ...none, update: ['1+'] },
    ],
    [
      'listed by id alone with an active copy: unchanged',
      [remote('a')],
      [local(1, 'a', 'A')],
      { ...none, unchanged: [1] },
    ],
    ['listed by id alone with no copy: unknown', [remote('a')], [], { ...none, unknown: ['a'] }],
    [
      'listed by id alone with a deactivated copy: unknown',
      [remote('a')],
      [local(1, 'a', 'A', true)],
      { ...none, unknown: ['a'] },
    ],
    [
      'the same id from another remote organisation is another record',
      [remote('a', 'A', 'R2')],
      [local(1, 'a', 'A', false, 'R1')],
      { ...none, create: ['a'], deactivate: [1] },
    ],
    [
      'an item with a problem is an error and keeps its copy as it is',
      [{ ...remote('a', 'A'), problem: 'it has no name' }],
      [local(1, 'a', 'A')],
      { ...none, failed: ['a'] },
    ],
    [
      'an item with a problem and no copy is an error, nothing else',
      [{ ...remote('a', ''), problem: 'it has no name' }],
      [],
      { ...none, failed: ['a'] },
    ],
  ])('%s', (_, remoteItems, localItems, expected) => {
    expect(summary(remoteItems, localItems)).toEqual(expected);
  });

  it('handles a mixed listing in one pass', () => {
    const result = summary(
      [remote('a', 'A'), remote('b', 'B2'), remote('c'), remote('e', 'E')],
      [local(1, 'a', 'A'), local(2, 'b', 'B'), local(3, 'c', 'C'), local(4, 'd', 'D')],
    );
    expect(result).toEqual({
      ...none,
      create: ['e'],
      update: ['2'],
      unchanged: [1, 3],
      deactivate: [4],
    });
  });

  it('carries the remote fields of an update', () => {
    const d = diffRecords([remote('a', 'new')], [local(1, 'a', 'old')], sameFields);
    expect(d.update[0]).toMatchObject({ fields: { name: 'new' }, local: { id: 1 } });
  });
});
