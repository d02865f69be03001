import { describe, expect, it } from 'vitest';
import {
  addCounts,
  ASSETS_PER_STEP,
  chunks,
  confirmationRefusal,
  deletionSteps,
  DEVICES_PER_STEP,
  type DeletionScope,
} from './data-deletion.js';

const range = (from: number, n: number) => Array.from({ length: n }, (_, i) => from + i);

describe('chunks', () => {
  it.each([
    [[], 3, []],
    [[1, 2, 3], 3, [[1, 2, 3]]],
    [[1, 2, 3, 4], 3, [[1, 2, 3], [4]]],
    [[1, 2, 3, 4, 5, 6, 7], 2, [[1, 2], [3, 4], [5, 6], [7]]],
  ])('%j by %i is %j', (items, size, expected) => {
    expect(chunks(items, size)).toEqual(expected);
  });

  it.each([0, -1, 1.5])('refuses a size of %d', (size) => {
    expect(() => chunks([1], size)).toThrow(RangeError);
  });
});

describe('deletionSteps', () => {
  const scope = (over: Partial<DeletionScope> = {}): DeletionScope => ({
    organisationIds: [3, 2],
    assetIds: [10, 11],
    deviceIds: [20, 21, 22],
    foreignDeviceIds: [],
    ...over,
  });

  it('deletes the records by device, then the derived data and the latest state; the fleet stays', () => {
    expect(deletionSteps(scope(), false)).toEqual([
      { kind: 'records', deviceIds: [20, 21, 22] },
      { kind: 'derived', assetIds: [10, 11] },
      { kind: 'latest', assetIds: [10, 11] },
    ]);
  });

  it('deleting the organisation deletes its devices (their records go with them), then the assets, the rest of the fleet and the organisations, deepest first', () => {
    expect(deletionSteps(scope(), true)).toEqual([
      { kind: 'devices', deviceIds: [20, 21, 22] },
      { kind: 'derived', assetIds: [10, 11] },
      { kind: 'latest', assetIds: [10, 11] },
      { kind: 'assets', assetIds: [10, 11] },
      { kind: 'fleet', organisationIds: [3, 2] },
      { kind: 'organisations', organisationIds: [3, 2] },
    ]);
  });

  it('takes the records of devices from above only where they were fitted to these assets', () => {
    expect(deletionSteps(scope({ foreignDeviceIds: [7] }), false)[1]).toEqual({
      kind: 'foreignRecords',
      deviceIds: [7],
      assetIds: [10, 11],
    });
    // with no assets of its own, a device from above left nothing here
    expect(
      deletionSteps(scope({ assetIds: [], foreignDeviceIds: [7] }), false).map((s) => s.kind),
    ).toEqual(['records']);
  });

  it('cuts a large fleet into steps small enough to report between', () => {
    const steps = deletionSteps(
      scope({ deviceIds: range(1, 1000), assetIds: range(5000, 1000) }),
      true,
    );
    const count = (kind: string) => steps.filter((s) => s.kind === kind).length;
    expect(count('devices')).toBe(1000 / DEVICES_PER_STEP);
    expect(count('derived')).toBe(1000 / ASSETS_PER_STEP);
    expect(count('assets')).toBe(1000 / ASSETS_PER_STEP);
    expect(steps.length).toBe(1000 / DEVICES_PER_STEP + (2 * 1000) / ASSETS_PER_STEP + 3);
    // every device and asset exactly once in each of its kinds of step
    const devices = steps.flatMap((s) => (s.kind === 'devices' ? s.deviceIds : []));
    expect(devices).toEqual(range(1, 1000));
    for (const kind of ['derived', 'assets'])
      expect(steps.flatMap((s) => (s.kind === kind && 'assetIds' in s ? s.assetIds : []))).toEqual(
        range(5000, 1000),
      );
  });

  it('an empty organisation has only the organisation to delete', () => {
    const empty = scope({ assetIds: [], deviceIds: [] });
    expect(deletionSteps(empty, false)).toEqual([]);
    expect(deletionSteps(empty, true).map((s) => s.kind)).toEqual(['fleet', 'organisations']);
  });
});

describe('addCounts', () => {
  it('sums by kind', () => {
    expect(addCounts({ rawRecords: 5, trips: 1 }, { rawRecords: 2, assets: 3 })).toEqual({
      rawRecords: 7,
      trips: 1,
      assets: 3,
    });
  });
});

describe('confirmationRefusal', () => {
  it.each([
    ['Canal Haulage', 'Canal Haulage', true],
    ['Canal Haulage', '  Canal Haulage ', true],
    ['Canal Haulage', 'canal haulage', false],
    ['Canal Haulage', 'Canal', false],
    ['Canal Haulage', 'Canal Haulage!', false],
    ['Canal Haulage', '', false],
  ])('%j confirmed with %j: %s', (name, confirm, holds) => {
    const refusal = confirmationRefusal(name, confirm);
    if (holds) expect(refusal).toBeUndefined();
    else
      expect(refusal).toBe(
        `confirm must be the organisation's name exactly: type '${name}' to delete it`,
      );
  });
});
