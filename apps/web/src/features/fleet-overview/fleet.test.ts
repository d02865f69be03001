import { describe, expect, it } from 'vitest';
import { paginate } from '../../lib/paginate';
import { askedPage, cardOrganisations, isDriving, pageCount, pageQuery, tripEvents } from './fleet';

describe('askedPage: the page in the address', () => {
  it.each([
    [null, 1],
    ['1', 1],
    ['3', 3],
    ['2.7', 2],
    ['0', 1],
    ['-4', 1],
    ['abc', 1],
    ['', 1],
    ['1e12', 1_000_000],
  ])('%s → %i', (value, page) => expect(askedPage(value)).toBe(page));
});

describe('pageQuery and pageCount: 10 cards a page, paged by the server', () => {
  it.each([
    [1, { limit: 10, offset: 0 }],
    [2, { limit: 10, offset: 10 }],
    [4, { limit: 10, offset: 30 }],
  ])('page %i asks for %o', (page, query) => expect(pageQuery(page)).toEqual(query));

  it.each([
    [0, 1],
    [1, 1],
    [10, 1],
    [11, 2],
    [36, 4],
    [1000, 100],
  ])('%i cards fill %i pages', (total, pages) => expect(pageCount(total)).toBe(pages));
});

it('is driving only with a trip under way', () => {
  expect(isDriving({ trip: { id: 1, startTime: '2026-03-18T08:00:00Z' } })).toBe(true);
  expect(isDriving({ trip: null })).toBe(false);
});

it('lists the trip events in time order', () => {
  const events = [
    {
      timestamp: '2026-03-18T08:10:00Z',
      eventType: 'HARSH_BRAKE',
      assetId: 1,
      driverId: null,
      location: null,
    },
    {
      timestamp: '2026-03-18T08:05:00Z',
      eventType: 'OVER_SPEED_START',
      assetId: 1,
      driverId: null,
      location: null,
    },
    {
      timestamp: '2026-03-18T08:05:00Z',
      eventType: 'HARSH_ACCELERATION',
      assetId: 1,
      driverId: null,
      location: null,
    },
  ];
  expect(tripEvents(events)).toEqual([
    { timestamp: '2026-03-18T08:05:00Z', eventType: 'OVER_SPEED_START' },
    { timestamp: '2026-03-18T08:05:00Z', eventType: 'HARSH_ACCELERATION' },
    { timestamp: '2026-03-18T08:10:00Z', eventType: 'HARSH_BRAKE' },
  ]);
});

describe('paginate: 10 per page', () => {
  const items = Array.from({ length: 25 }, (_, i) => i);
  it.each([
    [1, 1, 3, [0, 9]],
    [2, 2, 3, [10, 19]],
    [3, 3, 3, [20, 24]],
    [9, 3, 3, [20, 24]],
    [0, 1, 3, [0, 9]],
    [Number.NaN, 1, 3, [0, 9]],
  ])('page %s → page %i of %i', (asked, page, pages, [firstItem, lastItem]) => {
    const result = paginate(items, asked);
    expect(result).toMatchObject({ page, pages });
    expect([result.items[0], result.items.at(-1)]).toEqual([firstItem, lastItem]);
  });

  it('has one empty page for no items', () => {
    expect(paginate([], 1)).toEqual({ page: 1, pages: 1, first: 0, items: [] });
  });
});

describe('cardOrganisations: where the subtree fleet of an organisation without vehicles is', () => {
  const organisations = [
    { id: 1, name: 'Fleetwise OEM' },
    { id: 3, name: 'Demo Transport' },
    { id: 4, name: 'Polder Logistics' },
    { id: 5, name: 'Alpha Haulage' },
  ];
  const counts = (...pairs: [number, number][]) =>
    pairs.map(([organisationId, count]) => ({ organisationId, count }));
  it.each([
    ['none', counts(), []],
    ['one organisation', counts([3, 2]), [{ id: 3, name: 'Demo Transport', count: 2 }]],
    [
      'most cards first',
      counts([4, 2], [3, 3]),
      [
        { id: 3, name: 'Demo Transport', count: 3 },
        { id: 4, name: 'Polder Logistics', count: 2 },
      ],
    ],
    [
      'equal counts by name',
      counts([4, 1], [5, 1]),
      [
        { id: 5, name: 'Alpha Haulage', count: 1 },
        { id: 4, name: 'Polder Logistics', count: 1 },
      ],
    ],
    ['none without cards', counts([1, 0], [3, 1]), [{ id: 3, name: 'Demo Transport', count: 1 }]],
    [
      'an organisation not (yet) in the list by its id',
      counts([9, 1]),
      [{ id: 9, name: '#9', count: 1 }],
    ],
  ])('%s', (_, given, expected) =>
    expect(cardOrganisations(given, organisations)).toEqual(expected),
  );
});
