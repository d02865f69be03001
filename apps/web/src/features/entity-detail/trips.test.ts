import type { Report, Trip } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { assetTrips, datapointsWindow, driverTrips, eventPoint } from './trips';

const stats = (drivingDistance: number) => ({ drivingDistance }) as Trip['drivingStyleData'];
const score = (totalScore: number) => ({ totalScore }) as Trip['scoreData'];

const trip = (id: number, startTime: string, drivers: Trip['drivers']): Trip => ({
  id,
  assetId: 7,
  startTime,
  endTime: null,
  startLocation: null,
  endLocation: null,
  drivingStyleData: stats(5000),
  scoreData: score(80),
  drivers,
});

describe('trip cards', () => {
  it('lists an asset’s trips latest first', () => {
    const trips = [trip(1, '2026-11-20T06:00:00Z', []), trip(2, '2026-11-20T09:00:00Z', [])];
    expect(assetTrips(trips).map((t) => t.key)).toEqual(['trip-2', 'trip-1']);
  });

  it('shows an UNKNOWN driver only beyond 100 m (spec §5)', () => {
    const parts = (distance: number) =>
      assetTrips([
        trip(1, '2026-11-20T06:00:00Z', [
          { id: 3, name: 'Eva Tester', drivingStyleData: stats(4900), scoreData: score(75) },
          { id: 0, name: 'UNKNOWN', drivingStyleData: stats(distance), scoreData: score(50) },
        ]),
      ])[0]!.parts.map((p) => p.name);
    expect(parts(100)).toEqual(['Eva Tester']);
    expect(parts(101)).toEqual(['Eva Tester', 'UNKNOWN']);
  });

  it('reads a driver’s trip report, with the asset as the part', () => {
    const report: Report = [
      {
        from: '2026-11-20T00:00:00Z',
        until: '2026-11-21T00:00:00Z',
        driverPeriodData: [
          {
            driverId: 3,
            driverName: 'Eva Tester',
            driverData: [
              {
                drivingStyleData: stats(1200),
                scoreData: score(66),
                trips: [
                  {
                    tripId: 9,
                    startTime: '2026-11-20T06:00:00Z',
                    endTime: '2026-11-20T07:00:00Z',
                    startLocation: null,
                    endLocation: null,
                  },
                ],
                parts: [{ id: 7, name: 'Truck 7' }],
              },
            ],
          },
        ],
      },
    ];
    expect(driverTrips(report, 3)).toMatchObject([
      { assetId: 7, parts: [{ id: 7, name: 'Truck 7', distance: 1200, score: 66 }] },
    ]);
  });
});

describe('the datapoints window (spec §7)', () => {
  it('starts one second earlier and ends one second later', () => {
    const window = datapointsWindow('2026-11-20T06:00:00Z', new Date('2026-11-20T07:00:00Z'));
    expect(window.from.toISOString()).toBe('2026-11-20T05:59:59.000Z');
    expect(window.until.toISOString()).toBe('2026-11-20T07:00:01.000Z');
  });
});

describe('eventPoint', () => {
  const points = [
    { timestamp: '2026-11-10T08:00:00Z', identifier: 'SN-1', media: [] },
    {
      timestamp: '2026-11-10T08:00:30Z',
      identifier: 'SN-1',
      media: [{ id: 1, mimeType: 'image/jpeg' }],
    },
    // a medium at a moment without a position comes as a point of its own
    {
      timestamp: '2026-11-10T08:00:30.000+00:00',
      identifier: '',
      media: [{ id: 2, mimeType: 'video/mp4' }],
    },
    { timestamp: '2026-11-10T08:05:00Z', identifier: 'SN-2' },
  ];

  it.each([
    ['2026-11-10T08:00:30Z', 'SN-1', [1, 2]],
    ['2026-11-10T08:00:10Z', 'SN-1', []],
    ['2026-11-10T08:04:00Z', 'SN-2', []],
    ['2026-11-10T09:00:00Z', 'SN-2', []],
  ])('at %s: device %s, media %j', (timestamp, identifier, media) => {
    const point = eventPoint(points, timestamp);
    expect(point.identifier).toBe(identifier);
    expect(point.media.map((m) => m.id)).toEqual(media);
  });

  it('knows no device without points', () =>
    expect(eventPoint([], '2026-11-10T08:00:00Z')).toEqual({ identifier: null, media: [] }));
});
