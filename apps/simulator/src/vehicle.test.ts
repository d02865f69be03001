import { describe, expect, it } from 'vitest';
import { Compile } from 'typebox/compile';
import {
  DatapointInput,
  RAW_RECORD_METRICS,
  RawRecordInput,
  type RawRecordInput as RawRecord,
} from '@fleet/contract';
import { Random, seedOf } from './random.js';
import { distance, placeIndex, planRoute, roadNetwork } from './route.js';
import { newVehicle, simulateHistory } from './schedule.js';
import { reportedMetrics } from './trip-recorder.js';
import { driverStyle, driveTrip, lifetimeCounters, THRESHOLDS, type TripPlan } from './vehicle.js';

const network = roadNetwork();
const depot = placeIndex(network, 'Nieuwegein, Plettenburg');
const DAY = 86_400_000;
const until = Date.parse('2026-11-21T18:00:00Z');

function history(seed: number, roughness: number, days: number) {
  const { profile, snapshot } = newVehicle(seed, depot, until - (days + 1) * DAY);
  const style = driverStyle(roughness, new Random(seedOf(seed, 'driver')));
  const result = simulateHistory(
    profile,
    snapshot,
    until - days * DAY,
    until,
    () => style,
    network,
  );
  return { style, start: snapshot, ...result };
}

const count = (records: RawRecord[], type: string) =>
  records.reduce((n, r) => n + (r.events?.filter((e) => e.eventType === type).length ?? 0), 0);

describe('a simulated week', () => {
  const week = history(1, 0.5, 7);
  const { records, datapoints } = week.output;

  it('drives on working days and sends records and datapoints', () => {
    expect(week.shifts.length).toBeGreaterThanOrEqual(3);
    expect(records.filter((r) => r.transferReason === 'TRIP_START').length).toBeGreaterThanOrEqual(
      9,
    );
    expect(datapoints.length).toBeGreaterThan(records.length);
  });

  it('sends only what the contract accepts', () => {
    const record = Compile(RawRecordInput);
    const datapoint = Compile(DatapointInput);
    for (const r of records)
      expect(record.Check(r), JSON.stringify([...record.Errors(r)])).toBe(true);
    for (const d of datapoints)
      expect(datapoint.Check(d), JSON.stringify([...datapoint.Errors(d)])).toBe(true);
    // Identity on the server: device + timestamp + reason for records, device + timestamp for datapoints.
    expect(new Set(records.map((r) => `${r.timestamp}|${r.transferReason}`)).size).toBe(
      records.length,
    );
    expect(new Set(datapoints.map((d) => d.timestamp)).size).toBe(datapoints.length);
    expect(records.every((r) => Date.parse(r.timestamp) <= until)).toBe(true);
  });

  it('moves every counter forward only, from plausible lifetime values', () => {
    expect(week.start.counters.odometer).toBeGreaterThan(30_000_000);
    let previous = reportedMetrics(week.start.counters);
    let previousTime = 0;
    for (const r of records) {
      const time = Date.parse(r.timestamp);
      expect(time).toBeGreaterThanOrEqual(previousTime);
      previousTime = time;
      for (const key of RAW_RECORD_METRICS) {
        expect(r[key], key).toBeDefined();
        expect(r[key]!, `${key} at ${r.timestamp}`).toBeGreaterThanOrEqual(previous[key]!);
      }
      previous = r;
    }
    // And they did move: a week of driving shows in every counter a truck without trouble moves.
    const last = records.at(-1)!;
    const first = reportedMetrics(week.start.counters);
    for (const key of RAW_RECORD_METRICS) {
      if (key === 'ptoTime' || key === 'fuelUsedPTO' || key === 'retarderTime') continue;
      expect(last[key]!, key).toBeGreaterThan(first[key]!);
    }
  });

  it('grows counters no faster than the server believes possible between two records', () => {
    for (let i = 1; i < records.length; i++) {
      const [a, b] = [records[i - 1]!, records[i]!];
      const elapsed = (Date.parse(b.timestamp) - Date.parse(a.timestamp)) / 1000;
      expect(b.odometer! - a.odometer!).toBeLessThanOrEqual((250 / 3.6) * elapsed + 1);
      expect((b.engineHours! - a.engineHours!) * 3600).toBeLessThanOrEqual(elapsed + 60);
      for (const key of [
        'drivingTime',
        'idleTime',
        'cruiseTime',
        'coastTime',
        'ptoTime',
      ] as const) {
        expect(b[key]! - a[key]!, key).toBeLessThanOrEqual(elapsed + 1);
      }
    }
  });

  it('pairs every TRIP_START with a TRIP_STOP, a PERIODIC record every minute and a datapoint every 15 s between', () => {
    let open: RawRecord | undefined;
    let last = 0;
    for (const r of records) {
      const time = Date.parse(r.timestamp);
      if (r.transferReason === 'TRIP_START') {
        expect(open).toBeUndefined();
        open = r;
      } else {
        expect(open, `${r.transferReason} at ${r.timestamp} outside a trip`).toBeDefined();
        if (r.transferReason !== 'EVENTS') expect(time - last).toBeLessThanOrEqual(60_000);
        if (r.transferReason === 'TRIP_STOP') {
          expect(r.speed).toBe(0);
          open = undefined;
        }
      }
      if (r.transferReason !== 'EVENTS') last = time;
    }
    expect(open).toBeUndefined();
    const gaps = datapoints
      .slice(1)
      .map((d, i) => Date.parse(d.timestamp) - Date.parse(datapoints[i]!.timestamp));
    expect(gaps.filter((g) => g < 15_000)).toEqual(gaps.filter((g) => g < 15_000 && g > 0));
    expect(gaps.filter((g) => g === 15_000).length).toBeGreaterThan(gaps.length * 0.9);
  });

  it('uses about 30 l/100 km driving and 2.5 l/h idling', () => {
    const first = records[0]!;
    const last = records.at(-1)!;
    const km = (last.odometer! - first.odometer!) / 1000;
    const idleLitres = last.fuelUsedIdle! - first.fuelUsedIdle!;
    const idleHours = (last.idleTime! - first.idleTime!) / 3600;
    const drivingLitres =
      last.totalFuelUsed! -
      first.totalFuelUsed! -
      idleLitres -
      (last.fuelUsedPTO! - first.fuelUsedPTO!);
    expect((drivingLitres / km) * 100).toBeGreaterThan(24);
    expect((drivingLitres / km) * 100).toBeLessThan(38);
    expect(idleLitres / idleHours).toBeCloseTo(2.5, 1);
  });

  it('leaves after 06:00 and before 09:30 local time', () => {
    for (const shift of week.shifts) {
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Europe/Amsterdam',
        hour: '2-digit',
        minute: '2-digit',
      }).format(shift.start);
      expect(local >= '06:00' && local <= '09:30', `${shift.day} ${local}`).toBe(true);
    }
  });
});

describe('one trip', () => {
  it('adds the route length to the odometer between TRIP_START and TRIP_STOP', () => {
    const random = new Random(5);
    for (const [from, to] of [
      ['Nieuwegein, Plettenburg', 'Amersfoort'],
      ['Gouda', 'Den Haag'],
      ['Eindhoven', 'Rotterdam'],
    ] as const) {
      const a = placeIndex(network, from);
      const b = placeIndex(network, to);
      const route = planRoute(network, a, b, random);
      const counters = lifetimeCounters(3, 100_000, random);
      const trip = driveTrip(
        counters,
        {
          route,
          departure: Date.parse('2026-11-17T06:30:00Z'),
          style: driverStyle(0.5, random),
          truck: { emptyMass: 15_000, hasPto: true, hasRetarder: true },
          load: 10_000,
          startIdle: 180,
          endIdle: 60,
          ptoSeconds: 600,
          rushHour: true,
        },
        random,
      );
      const start = trip.records[0]!;
      const stop = trip.records.at(-1)!;
      expect(start.transferReason).toBe('TRIP_START');
      expect(stop.transferReason).toBe('TRIP_STOP');
      expect(Math.abs(stop.odometer! - start.odometer! - route.length)).toBeLessThanOrEqual(1);
      const straight = distance(network.places[a]!, network.places[b]!);
      expect(route.length / straight).toBeGreaterThan(1);
      expect(route.length / straight).toBeLessThan(1.6);
      expect(stop.ptoTime! - start.ptoTime!).toBe(600);
      expect(stop.fuelUsedPTO! - start.fuelUsedPTO!).toBeGreaterThan(0.9);
      const hours = (trip.arrival - Date.parse(start.timestamp)) / 3_600_000;
      const kmh = route.length / 1000 / hours;
      expect(kmh).toBeGreaterThan(25);
      expect(kmh).toBeLessThan(85);
    }
  });
});

describe('determinism', () => {
  it('drives the same for the same seed, and differently for another', () => {
    const a = history(7, 0.4, 4).output;
    const b = history(7, 0.4, 4).output;
    const c = history(8, 0.4, 4).output;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(JSON.stringify(a)).not.toBe(JSON.stringify(c));
  });
});

describe('events over many days', () => {
  const rates = (roughness: number, seeds: number[]) => {
    let km = 0;
    const totals: Record<string, number> = {};
    for (const seed of seeds) {
      const { output } = history(seed, roughness, 21);
      for (const type of [
        'HARSH_BRAKE',
        'HARSH_ACCELERATION',
        'OVER_SPEED_START',
        'OVER_RPM_START',
        'IDLE_START',
      ]) {
        totals[type] = (totals[type] ?? 0) + count(output.records, type);
      }
      km += (output.records.at(-1)!.odometer! - output.records[0]!.odometer!) / 1000;
    }
    const per100 = (type: string) => (totals[type]! / km) * 100;
    return { km, per100, totals };
  };

  it('has harsh brakes and accelerations at 0.3–3.5 per 100 km, more for rougher drivers', () => {
    const calm = rates(0.1, [11, 12]);
    const rough = rates(0.9, [11, 12]);
    expect(calm.km).toBeGreaterThan(3_000);
    for (const type of ['HARSH_BRAKE', 'HARSH_ACCELERATION']) {
      expect(calm.per100(type), type).toBeGreaterThan(0.3);
      expect(calm.per100(type), type).toBeLessThan(1.5);
      expect(rough.per100(type), type).toBeGreaterThan(1.5);
      expect(rough.per100(type), type).toBeLessThan(3.5);
    }
    expect(rough.per100('OVER_SPEED_START')).toBeGreaterThan(calm.per100('OVER_SPEED_START'));
    expect(rough.per100('OVER_RPM_START')).toBeGreaterThan(calm.per100('OVER_RPM_START'));
    expect(rough.per100('OVER_SPEED_START')).toBeLessThan(5);
    expect(rough.per100('OVER_RPM_START')).toBeLessThan(10);
    expect(rough.totals['IDLE_START']!).toBeGreaterThan(calm.totals['IDLE_START']!);
  }, 60_000); // four 21-day histories: ~2 s alone, past the default 5 s on a loaded machine
});

describe('the unit settings', () => {
  const trip = (settings: Partial<Pick<TripPlan, 'thresholds' | 'periodical' | 'changes'>>) => {
    const random = new Random(9);
    const route = planRoute(
      network,
      placeIndex(network, 'Eindhoven'),
      placeIndex(network, 'Rotterdam'),
      random,
    );
    return driveTrip(
      lifetimeCounters(3, 100_000, random),
      {
        route,
        departure: Date.parse('2026-11-17T10:30:00Z'),
        style: driverStyle(0.9, random),
        truck: { emptyMass: 15_000, hasPto: false, hasRetarder: true },
        load: 10_000,
        startIdle: 60,
        endIdle: 30,
        ptoSeconds: 0,
        rushHour: false,
        ...settings,
      },
      random,
    );
  };
  const events = (output: ReturnType<typeof trip>, type: string) => count(output.records, type);

  it('raise events at the thresholds the unit was given', () => {
    const base = trip({});
    expect(JSON.stringify(trip({ thresholds: THRESHOLDS }))).toBe(JSON.stringify(base));
    const strict = trip({ thresholds: { ...THRESHOLDS, overSpeed: 60, overRpm: 1500 } });
    expect(events(strict, 'OVER_SPEED_START')).toBeGreaterThan(events(base, 'OVER_SPEED_START'));
    expect(events(strict, 'OVER_RPM_START')).toBeGreaterThan(events(base, 'OVER_RPM_START'));
    const lenient = trip({
      thresholds: { ...THRESHOLDS, overSpeed: 200, harshBrake: 40, harshAcceleration: 30 },
    });
    expect(events(base, 'HARSH_BRAKE') + events(base, 'HARSH_ACCELERATION')).toBeGreaterThan(0);
    for (const type of ['OVER_SPEED_START', 'HARSH_BRAKE', 'HARSH_ACCELERATION'])
      expect(events(lenient, type), type).toBe(0);
  });

  it.each([10, 25, 45])(
    'a change %i minutes into the trip counts from then on: before it, the same trip',
    (minutes) => {
      const departure = Date.parse('2026-11-17T10:30:00Z');
      const at = departure + minutes * 60_000;
      const base = trip({});
      const changed = trip({
        changes: [
          {
            at,
            thresholds: { ...THRESHOLDS, overSpeed: 60 },
            periodical: { moving: 10, notMoving: 900 },
          },
        ],
      });
      const upTo = <T extends { timestamp: string }>(items: T[]) =>
        items.filter((item) => Date.parse(item.timestamp) <= at);
      const after = (records: RawRecord[]) => records.filter((r) => Date.parse(r.timestamp) > at);
      expect(upTo(base.records).length).toBeGreaterThan(0);
      expect(JSON.stringify(upTo(changed.records))).toBe(JSON.stringify(upTo(base.records)));
      expect(JSON.stringify(upTo(changed.datapoints))).toBe(JSON.stringify(upTo(base.datapoints)));
      // Over-speed from then on at the new threshold: speeds the old one let pass.
      const overSpeeds = (records: RawRecord[]) =>
        records
          .filter((r) => r.events?.some((e) => e.eventType === 'OVER_SPEED_START'))
          .map((r) => r.speed!);
      // (speeds as sent: whole km/h, so a crossing of 90 can read 90)
      expect(overSpeeds(base.records).every((speed) => speed >= 90)).toBe(true);
      const slower = overSpeeds(after(changed.records)).filter((speed) => speed < 90);
      expect(slower.length).toBeGreaterThan(0);
      expect(slower.every((speed) => speed >= 60)).toBe(true);
      // And a PERIODIC record every 10 s while moving.
      const periodic = after(changed.records)
        .filter((r) => r.transferReason === 'PERIODIC')
        .map((r) => Date.parse(r.timestamp));
      const gaps = periodic.slice(1).map((t, i) => (t - periodic[i]!) / 1000);
      expect(gaps.filter((gap) => gap === 10).length / gaps.length).toBeGreaterThan(0.9);
      // The counters go on from where they were, forward only.
      for (const [i, r] of changed.records.entries())
        for (const key of RAW_RECORD_METRICS)
          if (i > 0) expect(r[key]!, key).toBeGreaterThanOrEqual(changed.records[i - 1]![key]!);
    },
  );

  it.each([
    [{ moving: 60, notMoving: 60 }, 60],
    [{ moving: 10, notMoving: 900 }, 10],
    [{ moving: 300, notMoving: 900 }, 300],
  ])('send a periodic record at %j', (periodical, seconds) => {
    const output = trip({ periodical });
    const times = output.records
      .filter((r) => r.transferReason === 'PERIODIC')
      .map((r) => Date.parse(r.timestamp));
    const gaps = times.slice(1).map((t, i) => (t - times[i]!) / 1000);
    expect(Math.min(...gaps)).toBe(seconds);
    expect(gaps.filter((gap) => gap === seconds).length / gaps.length).toBeGreaterThan(0.9);
  });
});
