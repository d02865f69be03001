import type { DriverLink, Report, ReportData } from '@fleet/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { getFleetZone, setFleetZone } from '../../lib/fleet-time';
import { calendarDays, dayOf, linkedOnDay } from './calendar';

// Local times, so the tests hold in any time zone the runner has.
const at = (day: number, h = 0, m = 0, s = 0) => new Date(2026, 10, day, h, m, s).toISOString();

const data = (drivingDistance: number, totalScore: number): ReportData =>
  ({
    drivingStyleData: { drivingDistance },
    scoreData: { totalScore },
  }) as ReportData;

const report: Report = [
  {
    from: at(16, 0, 0, 1),
    until: at(17),
    assetPeriodData: [{ assetId: 7, assetName: 'Truck', assetData: [data(12345, 81.25)] }],
  },
  {
    from: at(17),
    until: at(18),
    assetPeriodData: [{ assetId: 7, assetName: 'Truck', assetData: [data(0, 0)] }],
  },
  {
    from: at(18),
    until: at(18, 23, 59, 59),
    assetPeriodData: [{ assetId: 7, assetName: 'Truck', assetData: [] }],
  },
];

describe('calendar days', () => {
  it('takes the day from the server (the fleet’s local date) when it names one', () => {
    // an interval of the fleet's zone seen from another: only the server knows its day
    const fleetDay: Report = [
      {
        from: '2026-11-23T23:00:00.000Z',
        until: '2026-11-24T00:00:00.000Z',
        day: '2026-11-24',
        assetPeriodData: [{ assetId: 7, assetName: 'Truck', assetData: [] }],
      },
    ];
    expect(calendarDays(fleetDay, 'ASSET', 7)[0]!.day).toBe('2026-11-24');
  });

  it('gives one card per interval with its local day, distance and total score', () => {
    expect(calendarDays(report, 'ASSET', 7)).toEqual([
      {
        day: '2026-11-16',
        from: at(16, 0, 0, 1),
        until: at(17),
        distance: 12345,
        totalScore: 81.25,
      },
      { day: '2026-11-17', from: at(17), until: at(18), distance: 0, totalScore: null },
      {
        day: '2026-11-18',
        from: at(18),
        until: at(18, 23, 59, 59),
        distance: 0,
        totalScore: null,
      },
    ]);
  });

  it('reads the driver side of a driver report', () => {
    const driverReport: Report = [
      {
        from: at(16),
        until: at(17),
        driverPeriodData: [{ driverId: 3, driverName: 'Eva', driverData: [data(2000, 70)] }],
      },
    ];
    expect(calendarDays(driverReport, 'DRIVER', 3)[0]).toMatchObject({
      day: '2026-11-16',
      distance: 2000,
      totalScore: 70,
    });
  });

  it('weighs the scores of several entries by distance', () => {
    const trips: Report = [
      {
        from: at(16),
        until: at(17),
        assetPeriodData: [
          { assetId: 7, assetName: 'T', assetData: [data(1000, 90), data(3000, 50)] },
        ],
      },
    ];
    expect(calendarDays(trips, 'ASSET', 7)[0]).toMatchObject({ distance: 4000, totalScore: 60 });
  });

  it('names a day by the middle of its interval, whichever zone cut it', () => {
    // A day cut one hour off local midnight is still that day.
    expect(dayOf(at(16, 1), at(17, 1))).toBe('2026-11-16');
    expect(dayOf(at(15, 23), at(16, 23))).toBe('2026-11-16');
  });
});

describe('linked on a day', () => {
  const link = (driverId: number, assetId: number, from: string, until: string | null) =>
    ({ id: driverId * 100 + assetId, driverId, assetId, from, until }) as DriverLink;
  const links = [
    link(1, 7, at(10), at(16, 12)),
    link(2, 7, at(16, 12), null),
    link(1, 8, at(17, 6), at(17, 18)),
    link(2, 7, at(18, 6), null),
  ];

  it('lists the drivers of an asset whose links held during the day, without repeats', () => {
    expect(linkedOnDay(links, 'ASSET', at(16), at(17))).toEqual([1, 2]);
    expect(linkedOnDay(links, 'ASSET', at(18), at(19))).toEqual([2]);
  });

  it('lists the assets of a driver', () => {
    expect(linkedOnDay(links, 'DRIVER', at(17), at(18))).toEqual([7, 8]);
  });

  it('leaves out a link that ended when the day began', () => {
    expect(linkedOnDay([link(1, 7, at(10), at(16))], 'ASSET', at(16), at(17))).toEqual([]);
  });
});

describe('calendar days in the fleet’s zone (issue 7 §6)', () => {
  const runnerZone = getFleetZone();
  afterEach(() => setFleetZone(runnerZone));

  it('names each day as the fleet does, whatever zone the browser is in', () => {
    setFleetZone('Europe/Amsterdam');
    // The server's cut of a UTC day in Amsterdam: the day, then the first hour of the next.
    const cut: Report = [
      { from: '2026-11-23T00:00:01Z', until: '2026-11-23T23:00:00Z', assetPeriodData: [] },
      { from: '2026-11-23T23:00:00Z', until: '2026-11-23T23:59:59Z', assetPeriodData: [] },
    ];
    expect(calendarDays(cut, 'ASSET', 7).map((d) => d.day)).toEqual(['2026-11-23', '2026-11-24']);
  });
});
