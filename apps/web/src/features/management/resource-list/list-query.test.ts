import { describe, expect, it } from 'vitest';
import {
  pageCount,
  pageLocally,
  readListState,
  serverQuery,
  toggleSort,
  writeListState,
} from './list-query';

const read = (query: string) => readListState(new URLSearchParams(query));

describe('list state in the URL', () => {
  it.each([
    ['', { search: '', sort: undefined, order: 'asc', page: 1, filters: {} }],
    [
      'search=truck&sort=name&order=desc&page=3',
      { search: 'truck', sort: 'name', order: 'desc', page: 3, filters: {} },
    ],
    // a filter from the management overview is kept for the server
    [
      'withoutAsset=true',
      { search: '', sort: undefined, order: 'asc', page: 1, filters: { withoutAsset: 'true' } },
    ],
    // nonsense falls back to the defaults
    ['page=-2&order=up', { search: '', sort: undefined, order: 'asc', page: 1, filters: {} }],
    ['page=1.5', { search: '', sort: undefined, order: 'asc', page: 1, filters: {} }],
  ])('reads ?%s', (query, state) => {
    expect(read(query)).toEqual(state);
  });

  it('writes only what differs from the defaults, and reads it back the same', () => {
    expect(writeListState(read('')).toString()).toBe('');
    const state = read('search=a+b&sort=name&order=desc&page=2&silent=true');
    expect(read(writeListState(state).toString())).toEqual(state);
  });

  it('asks the server for 10 at the page offset, with search, sort and filters', () => {
    expect(
      serverQuery(read('search=%20x%20&sort=name&order=desc&page=3&withoutAsset=true')),
    ).toEqual({
      withoutAsset: 'true',
      search: 'x',
      sort: 'name',
      order: 'desc',
      limit: 10,
      offset: 20,
    });
    expect(serverQuery(read(''))).toEqual({ limit: 10, offset: 0 });
  });

  it('sorts by a new column ascending, turns the order round on the same one, back to page 1', () => {
    const byName = toggleSort(read('page=4'), 'name');
    expect(byName).toMatchObject({ sort: 'name', order: 'asc', page: 1 });
    expect(toggleSort(byName, 'name')).toMatchObject({ sort: 'name', order: 'desc' });
    expect(toggleSort(toggleSort(byName, 'name'), 'name')).toMatchObject({ order: 'asc' });
    expect(toggleSort(toggleSort(byName, 'name'), 'identifier')).toMatchObject({
      sort: 'identifier',
      order: 'asc',
    });
  });
});

describe('pageLocally', () => {
  const items = Array.from({ length: 23 }, (_, i) => ({
    id: i + 1,
    name: `Truck ${i + 1}`,
    licencePlate: i % 2 ? null : `AB-${i}`,
  }));

  it('pages by 10 with the total', () => {
    const page = pageLocally(items, read('page=3'), ['name']);
    expect(page.total).toBe(23);
    expect(page.items.map((item) => item.id)).toEqual([21, 22, 23]);
  });

  it('searches any of the fields, ignoring case, and sorts numbers as a person would', () => {
    const found = pageLocally(items, read('search=TRUCK%202&sort=name&order=desc'), ['name']);
    expect(found.items.map((item) => item.name)).toEqual([
      'Truck 23',
      'Truck 22',
      'Truck 21',
      'Truck 20',
      'Truck 2',
    ]);
    expect(pageLocally(items, read('search=ab-4'), ['name', 'licencePlate']).total).toBe(1);
  });

  it('counts pages, at least one', () => {
    expect([0, 1, 10, 11, 10_000].map((total) => pageCount(total))).toEqual([1, 1, 1, 2, 1000]);
  });
});
