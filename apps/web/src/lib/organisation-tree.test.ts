import { describe, expect, it } from 'vitest';
import { organisationOptions, subtreeIds } from './organisation-tree';

const oem = { id: 1, name: 'Fleetwise OEM', parentId: null };
const reseller = { id: 2, name: 'Northline Reseller', parentId: 1 };
const polder = { id: 3, name: 'Polder Logistics', parentId: 2 };
const demo = { id: 4, name: 'Demo Transport', parentId: 2 };

describe('organisationOptions', () => {
  it('lists the own organisation first and children under their parent, one > per level', () => {
    const labels = organisationOptions([polder, demo, reseller, oem], 1).map((o) => o.label);
    expect(labels).toEqual([
      'Fleetwise OEM',
      '> Northline Reseller',
      '>> Demo Transport',
      '>> Polder Logistics',
    ]);
  });

  it('treats an organisation whose parent is not visible as the top of the tree', () => {
    const options = organisationOptions([demo, polder, reseller], 2);
    expect(options.map((o) => [o.name, o.depth])).toEqual([
      ['Northline Reseller', 0],
      ['Demo Transport', 1],
      ['Polder Logistics', 1],
    ]);
  });

  it('puts the own organisation before other tops whatever their names', () => {
    const other = { id: 9, name: 'Aardvark Haulage', parentId: 77 };
    expect(organisationOptions([other, demo], 4).map((o) => o.label)).toEqual([
      'Demo Transport',
      'Aardvark Haulage',
    ]);
  });

  it('gives an empty list for no organisations', () => {
    expect(organisationOptions([], 1)).toEqual([]);
  });
});

describe('subtreeIds', () => {
  const all = [oem, reseller, demo, polder];
  it.each([
    [1, [1, 2, 3, 4]],
    [2, [2, 3, 4]],
    [3, [3]],
    [99, [99]],
  ])('below %i: %j', (root, ids) => {
    expect([...subtreeIds(all, root)].sort()).toEqual(ids);
  });

  it('stops at a cycle rather than running forever', () => {
    const a = { id: 1, name: 'A', parentId: 2 };
    const b = { id: 2, name: 'B', parentId: 1 };
    expect([...subtreeIds([a, b], 1)].sort()).toEqual([1, 2]);
  });
});
