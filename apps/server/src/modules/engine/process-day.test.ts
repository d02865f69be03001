import { describe, expect, it } from 'vitest';
import {
  driverAt,
  processDay,
  recordOrder,
  UNKNOWN_DRIVER,
  type EngineRecord,
} from './process-day.js';

const day = {
  start: new Date('2026-11-20T00:00:00+01:00'),
  end: new Date('2026-11-21T00:00:00+01:00'),
};
const now = new Date('2026-11-21T12:00:00+01:00');

/** A record at local time hh:mm on 2026-11-20 (or another date), with cumulative odometer (m) and driving time (s). */
function rec(
  time: string,
  reason: string,
  odometer: number,
  drivingTime: number,
  extra: Partial<EngineRecord> = {},
): EngineRecord {
  const iso = time.includes('T') ? time : `2026-11-20T${time}:00+01:00`;
  return {
    timestamp: new Date(iso),
    transferReason: reason,
    deviceId: 7,
    latitude: 5200000,
    longitude: 500000,
    events: null,
    metrics: { odometer, drivingTime },
    ...extra,
  };
}

const run = (
  records: EngineRecord[],
  links: Parameters<typeof processDay>[0]['links'] = [],
  extendSeconds = 300,
) => processDay({ records: [...records].sort(recordOrder), links, ...day, extendSeconds, now });

describe('processDay', () => {
  it('makes a trip from TRIP_START to TRIP_STOP with the counter differences', () => {
    const result = run([
      rec('08:00', 'TRIP_START', 100_000, 1000),
      rec('08:30', 'PERIODIC', 125_000, 2800),
      rec('09:00', 'TRIP_STOP', 150_000, 4600),
    ]);
    expect(result.trips).toHaveLength(1);
    const [trip] = result.trips;
    expect(trip!.start).toEqual(new Date('2026-11-20T08:00:00+01:00'));
    expect(trip!.end).toEqual(new Date('2026-11-20T09:00:00+01:00'));
    expect(trip!.stats.drivingDistance).toBe(50_000);
    expect(trip!.stats.drivingTime).toBe(3600);
    expect(trip!.stats.totalTime).toBe(3600);
    // hours 07:00Z and 08:00Z (local 08:xx and 09:00) hold 25 km each
    const hourly = [...result.hourly.values()].map((h) => [
      h.hour.toISOString(),
      h.stats.drivingDistance,
    ]);
    expect(hourly).toEqual([
      ['2026-11-20T07:00:00.000Z', 25_000],
      ['2026-11-20T08:00:00.000Z', 25_000],
    ]);
    expect(result.daily.get(UNKNOWN_DRIVER)!.drivingDistance).toBe(50_000);
  });

  it('per-hour figures add up to the day and to the trips', () => {
    const records = [
      rec('06:10', 'TRIP_START', 0, 0),
      rec('06:50', 'PERIODIC', 30_000, 2400),
      rec('07:40', 'TRIP_STOP', 70_000, 5400),
      rec('12:00', 'TRIP_START', 70_000, 5400),
      rec('12:45', 'PERIODIC', 115_000, 8100), // devices report at least every minute while driving
      rec('13:30', 'TRIP_STOP', 160_000, 10_800),
    ];
    const result = run(records);
    const hourSum = [...result.hourly.values()].reduce((s, h) => s + h.stats.drivingDistance, 0);
    const tripSum = result.trips.reduce((s, t) => s + t.stats.drivingDistance, 0);
    expect(hourSum).toBe(160_000);
    expect(result.daily.get(UNKNOWN_DRIVER)!.drivingDistance).toBe(160_000);
    expect(tripSum).toBe(160_000);
    expect(result.trips).toHaveLength(2);
  });

  it('gives the interval to the later record, so the first record of the day counts from the last of the day before', () => {
    const result = run([
      rec('2026-11-19T23:50:00+01:00', 'TRIP_START', 0, 0),
      rec('00:10', 'TRIP_STOP', 20_000, 1200),
    ]);
    expect(result.daily.get(UNKNOWN_DRIVER)!.drivingDistance).toBe(20_000);
    // the trip began the day before and ended in this day: it is rebuilt with this day
    expect(result.tripsFrom).toEqual(new Date('2026-11-19T23:50:00+01:00'));
    expect(result.trips).toHaveLength(1);
  });

  it('leaves a trip under way open, and ends one that went silent for an hour at its last record', () => {
    const live = processDay({
      records: [rec('11:00', 'TRIP_START', 0, 0), rec('11:30', 'PERIODIC', 30_000, 1800)],
      links: [],
      ...day,
      extendSeconds: 300,
      now: new Date('2026-11-20T11:31:00+01:00'),
    });
    expect(live.trips[0]!.end).toBeNull();
    const silent = run([rec('11:00', 'TRIP_START', 0, 0), rec('11:30', 'PERIODIC', 30_000, 1800)]);
    expect(silent.trips[0]!.end).toEqual(new Date('2026-11-20T11:30:00+01:00'));
  });

  it('closes an open trip at the record before a new TRIP_START (a lost TRIP_STOP)', () => {
    const result = run([
      rec('08:00', 'TRIP_START', 0, 0),
      rec('08:20', 'PERIODIC', 20_000, 1200),
      rec('08:40', 'TRIP_START', 20_000, 1200),
      rec('09:00', 'TRIP_STOP', 40_000, 2400),
    ]);
    expect(
      result.trips.map((t) => [
        t.start.toISOString(),
        t.end?.toISOString(),
        t.stats.drivingDistance,
      ]),
    ).toEqual([
      ['2026-11-20T07:00:00.000Z', '2026-11-20T07:20:00.000Z', 20_000],
      ['2026-11-20T07:40:00.000Z', '2026-11-20T08:00:00.000Z', 20_000],
    ]);
  });

  it('does not count time parked between trips as total time', () => {
    const result = run([
      rec('08:00', 'TRIP_START', 0, 0),
      rec('09:00', 'TRIP_STOP', 60_000, 3600),
      rec('10:00', 'PERIODIC', 60_000, 3600),
    ]);
    expect(result.daily.get(UNKNOWN_DRIVER)!.totalTime).toBe(3600);
  });

  it('splits a trip between drivers by their links, with the extension after a link ends', () => {
    const links = [
      {
        driverId: 11,
        from: new Date('2026-11-20T07:00:00+01:00'),
        until: new Date('2026-11-20T08:29:00+01:00'),
      },
      { driverId: 12, from: new Date('2026-11-20T08:45:00+01:00'), until: null },
    ];
    const records = [
      rec('08:00', 'TRIP_START', 0, 0),
      rec('08:30', 'PERIODIC', 30_000, 1800), // 1 min after driver 11's link ended: still 11 (extension 5 min)
      rec('08:40', 'PERIODIC', 40_000, 2400), // 11 min after: UNKNOWN
      rec('09:00', 'TRIP_STOP', 60_000, 3600), // driver 12
    ];
    const trip = run(records, links).trips[0]!;
    expect(Object.fromEntries([...trip.drivers].map(([id, s]) => [id, s.drivingDistance]))).toEqual(
      {
        11: 30_000,
        [UNKNOWN_DRIVER]: 10_000,
        12: 20_000,
      },
    );
    const noExtension = run(records, links, 0).trips[0]!;
    expect(noExtension.drivers.get(11)).toBeUndefined();
  });

  it('lists the events of the day with their driver and place', () => {
    const result = run(
      [
        rec('08:00', 'TRIP_START', 0, 0),
        rec('08:10', 'EVENTS', 5000, 600, {
          events: [{ eventType: 'HARSH_BRAKE' }],
          latitude: 5210000,
          longitude: 510000,
        }),
        rec('2026-11-21T00:10:00+01:00', 'EVENTS', 9000, 900, {
          events: [{ eventType: 'HARSH_BRAKE' }],
        }),
      ],
      [{ driverId: 11, from: new Date('2026-11-20T07:00:00+01:00'), until: null }],
    );
    expect(result.events).toEqual([
      {
        timestamp: new Date('2026-11-20T08:10:00+01:00'),
        eventType: 'HARSH_BRAKE',
        driverId: 11,
        deviceId: 7,
        latitude: 5210000,
        longitude: 510000,
      },
    ]);
  });

  it('orders a TRIP_START before, and a TRIP_STOP after, other records of the same second', () => {
    const same = [
      rec('08:00', 'TRIP_STOP', 0, 0),
      rec('08:00', 'EVENTS', 0, 0),
      rec('08:00', 'TRIP_START', 0, 0),
    ];
    expect(same.sort(recordOrder).map((r) => r.transferReason)).toEqual([
      'TRIP_START',
      'EVENTS',
      'TRIP_STOP',
    ]);
  });
});

describe('driverAt', () => {
  const links = [
    {
      driverId: 1,
      from: new Date('2026-11-20T08:00:00Z'),
      until: new Date('2026-11-20T09:00:00Z'),
    },
    { driverId: 2, from: new Date('2026-11-20T09:02:00Z'), until: null },
  ];
  it.each([
    ['2026-11-20T07:59:59Z', 300, UNKNOWN_DRIVER],
    ['2026-11-20T08:00:00Z', 300, 1],
    ['2026-11-20T09:00:00Z', 0, UNKNOWN_DRIVER],
    ['2026-11-20T09:01:00Z', 300, 1],
    ['2026-11-20T09:02:00Z', 300, 2],
    ['2027-01-01T00:00:00Z', 300, 2],
  ])('at %s with extension %i is %i', (time, extend, expected) => {
    expect(driverAt(links, new Date(time), extend)).toBe(expected);
  });
});
