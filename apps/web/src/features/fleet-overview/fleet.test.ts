import type { FleetEntry } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { paginate } from '../../lib/paginate';
import { cardOrganisations, fleetCards, isDriving, tripEvents } from './fleet';

const entry = (assetId: number, time: string | null, deviceId: number | null = assetId) =>
  ({
    assetId,
    assetName: `Truck ${assetId}`,
    deviceId,
    time,
    trip: null,
    datapoints: [],
  }) as unknown as FleetEntry;

describe('fleetCards', () => {
  it('keeps entries with a device, newest data first, never-seen last', () => {
    const cards = fleetCards([
      entry(1, '2026-03-18T08:00:00Z'),
      entry(2, null),
      entry(3, '2026-03-18T09:30:00Z'),
      entry(4, '2026-03-18T10:00:00Z', null),
      entry(5, '2026-03-17T23:00:00Z'),
      entry(6, '2026-03-18T09:30:00+01:00'),
    ]);
    // 6 is 08:30Z: compared as instants, not as text.
    expect(cards.map((c) => c.assetId)).toEqual([3, 6, 1, 5, 2]);
  });

  it('breaks ties by name', () => {
    const same = '2026-03-18T08:00:00Z';
    expect(fleetCards([entry(12, same), entry(11, same)]).map((c) => c.assetId)).toEqual([11, 12]);
  });
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
  const at = (...ids: number[]) => ids.map((organisationId) => ({ organisationId }));
  it.each([
    ['none', at(), []],
    ['one organisation', at(3, 3), [{ id: 3, name: 'Demo Transport', count: 2 }]],
    [
      'most cards first',
      at(4, 3, 3, 4, 3),
      [
        { id: 3, name: 'Demo Transport', count: 3 },
        { id: 4, name: 'Polder Logistics', count: 2 },
      ],
    ],
    [
      'equal counts by name',
      at(4, 5),
      [
        { id: 5, name: 'Alpha Haulage', count: 1 },
        { id: 4, name: 'Polder Logistics', count: 1 },
      ],
    ],
    ['an organisation not (yet) in the list by its id', at(9), [{ id: 9, name: '#9', count: 1 }]],
  ])('%s', (_, cards, expected) =>
    expect(cardOrganisations(cards, organisations)).toEqual(expected),
  );
});
