import { expect, it } from 'vitest';
import { Slots } from '../../lib/limits.js';
import { BatchGroups, takeGroup } from './batch-groups.js';
import type { DeviceBatch, Stored } from './ingest.repository.js';

const batch = (deviceId: number, rows: number): DeviceBatch<number> => ({
  deviceId,
  rows: Array.from({ length: rows }, (_, i) => i),
});
const ids = (batches: DeviceBatch<number>[]) =>
  batches.map((b) => `${b.deviceId}:${b.rows.length}`);

it.each([
  // waiting (device:rows), max rows, the group taken, what stays
  [['1:5', '2:5', '3:5'], 100, ['1:5', '2:5', '3:5'], []],
  [['1:5', '2:5', '3:5'], 10, ['1:5', '2:5'], ['3:5']],
  [['1:50', '2:5'], 10, ['1:50'], ['2:5']], // the oldest goes even when larger than the limit
  [['1:5', '1:6', '2:5'], 100, ['1:5', '2:5'], ['1:6']], // one batch per device
  [['1:5', '1:6', '1:7'], 100, ['1:5'], ['1:6', '1:7']],
  [['1:5', '2:20', '3:1'], 10, ['1:5'], ['2:20', '3:1']], // in order: no overtaking
])('takes from %j (at most %i rows) %j, leaving %j', (waiting, maxRows, group, rest) => {
  const queue = waiting.map((w) => {
    const [device, rows] = w.split(':').map(Number);
    return batch(device!, rows!);
  });
  expect(ids(takeGroup(queue, maxRows))).toEqual(group);
  expect(ids(queue)).toEqual(rest);
});

/** A store that records each statement's batches and waits for the test to let it finish. */
function gatedStore(fail: (deviceIds: number[]) => boolean = () => false) {
  const statements: string[][] = [];
  let open!: () => void;
  let gate = new Promise<void>((r) => (open = r));
  const store = async (batches: DeviceBatch<number>[]): Promise<Stored> => {
    statements.push(ids(batches));
    await gate;
    if (fail(batches.map((b) => b.deviceId))) throw new Error('the statement failed');
    return {
      stored: new Map(batches.map((b) => [b.deviceId, b.rows.length])),
      moved: batches.map((b) => b.deviceId * 10),
    };
  };
  const release = () => {
    open();
    gate = new Promise<void>((r) => (open = r));
  };
  return { statements, store, release };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

it('stores the batches that waited for a busy place in one statement, each answered with its own count', async () => {
  const { statements, store, release } = gatedStore();
  const moved: number[][] = [];
  const groups = new BatchGroups(new Slots(1), store, (a) => moved.push(a));
  const answers = [groups.add(1, [0, 1])];
  await settle();
  expect(statements).toEqual([['1:2']]); // the first goes alone, at once
  answers.push(groups.add(2, [0]), groups.add(3, [0, 1, 2]));
  const again = groups.add(1, [0, 1, 2, 3]); // device 1's next batch: not with its first
  expect(groups.size).toBe(3);
  release();
  await settle();
  expect(statements).toEqual([['1:2'], ['2:1', '3:3', '1:4']]); // the waiting ones together
  release();
  expect(await Promise.all([...answers, again])).toEqual([2, 1, 3, 4]);
  expect(moved).toEqual([[10], [20, 30, 10]]);
});

it('a statement that fails is tried again batch by batch: only the bad batch fails', async () => {
  const { statements, store, release } = gatedStore((devices) => devices.includes(13));
  const groups = new BatchGroups(new Slots(1), store, () => {});
  const first = groups.add(1, [0]);
  await settle();
  const rest = Promise.allSettled([groups.add(2, [0]), groups.add(13, [0]), groups.add(4, [0, 1])]);
  release();
  expect(await first).toBe(1);
  for (let i = 0; i < 4; i++) {
    await settle();
    release();
  }
  const outcomes = await rest;
  expect(outcomes.map((o) => (o.status === 'fulfilled' ? o.value : 'failed'))).toEqual([
    1,
    'failed',
    2,
  ]);
  expect(statements).toEqual([['1:1'], ['2:1', '13:1', '4:2'], ['2:1'], ['13:1'], ['4:2']]);
});

it('the database away fails the whole group at once, without trying each batch again', async () => {
  const away = Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  });
  let statements = 0;
  const groups = new BatchGroups(
    new Slots(1),
    async () => {
      statements++;
      await settle();
      throw away;
    },
    () => {},
  );
  const first = groups.add(1, [0]).catch((e: Error) => e);
  await settle();
  const rest = Promise.allSettled([groups.add(2, [0]), groups.add(3, [0])]);
  expect(await first).toBe(away);
  expect((await rest).map((o) => o.status)).toEqual(['rejected', 'rejected']);
  expect(statements).toBe(2);
});
