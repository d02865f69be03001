import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { demoFleets, roster } from './demo-fleet.js';
import { addDays, localDay } from './local-time.js';
import { Random, seedOf } from './random.js';
import { placeIndex, planRoute, roadNetwork } from './route.js';
import { liveLeg, newVehicle, simulateHistory } from './schedule.js';
import { driverStyle, driveTrip, lifetimeCounters, THRESHOLDS, type TripPlan } from './vehicle.js';

/**
 * Golden output: the same seed drives the same trips, to the last record. The
 * hashes were taken before driveTrip became steps (issue 17) and hold for any
 * change that means to leave the simulated fleet as it is. A change that means
 * to drive differently updates them (run with GOLDEN=print to see the new ones).
 */

const network = roadNetwork();
const digest = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex').slice(0, 16);

function trip(from: string, to: string, seed: number, roughness: number, extra: Partial<TripPlan>) {
  const random = new Random(seed);
  const route = planRoute(network, placeIndex(network, from), placeIndex(network, to), random);
  const counters = lifetimeCounters(3, 100_000, random);
  const output = driveTrip(
    counters,
    {
      route,
      departure: Date.parse('2026-11-17T10:30:00Z'),
      style: driverStyle(roughness, random),
      truck: { emptyMass: 15_000, hasPto: true, hasRetarder: true },
      load: 10_000,
      startIdle: 180,
      endIdle: 60,
      ptoSeconds: 0,
      rushHour: false,
      ...extra,
    },
    random,
  );
  // The counters as kept (not only as reported) and how far the stream went both carry over.
  return { output, counters, random: random.state };
}

const at = (minutes: number) => Date.parse('2026-11-17T10:30:00Z') + minutes * 60_000;
const change = (minutes: number, overSpeed: number, moving: number) => ({
  at: at(minutes),
  thresholds: { ...THRESHOLDS, overSpeed },
  periodical: { moving, notMoving: 900 },
});

const cases: Record<string, () => unknown> = {
  'trip Nieuwegein–Amersfoort, rush hour, power take-off': () =>
    trip('Nieuwegein, Plettenburg', 'Amersfoort', 5, 0.5, { rushHour: true, ptoSeconds: 600 }),
  'trip Gouda–Den Haag, calm driver, no retarder': () =>
    trip('Gouda', 'Den Haag', 6, 0.1, {
      truck: { emptyMass: 16_500, hasPto: false, hasRetarder: false },
    }),
  'trip Eindhoven–Rotterdam, rough driver': () => trip('Eindhoven', 'Rotterdam', 9, 0.9, {}),
  'trip with strict thresholds and idle of 30 s': () =>
    trip('Eindhoven', 'Rotterdam', 9, 0.9, {
      thresholds: { ...THRESHOLDS, overSpeed: 60, overRpm: 1500, idle: 30, harshBrake: 8 },
      periodical: { moving: 10, notMoving: 900 },
    }),
  ...Object.fromEntries(
    [10, 25, 45].map((minutes) => [
      `trip with a settings change at minute ${minutes}`,
      () => trip('Eindhoven', 'Rotterdam', 9, 0.9, { changes: [change(minutes, 60, 10)] }),
    ]),
  ),
  'trip with two settings changes': () =>
    trip('Eindhoven', 'Rotterdam', 9, 0.9, {
      changes: [change(10, 60, 10), change(30, 95, 300)],
    }),
  'history of two vehicles over a week': () =>
    [1, 7].map((seed) => {
      const until = Date.parse('2026-11-21T18:00:00Z');
      const depot = placeIndex(network, 'Nieuwegein, Plettenburg');
      const { profile, snapshot } = newVehicle(seed, depot, until - 8 * 86_400_000);
      const style = driverStyle(seed / 10, new Random(seedOf(seed, 'driver')));
      return simulateHistory(profile, snapshot, until - 7 * 86_400_000, until, () => style);
    }),
  'live legs, with and without a change on the way': () => {
    const [fleet] = demoFleets(3, Date.parse('2026-11-16T00:00:00Z'));
    const vehicle = fleet!.vehicles[2]!;
    const style = fleet!.drivers[2]!.style;
    const start = Date.parse('2026-11-18T21:10:00Z');
    const settings = { thresholds: THRESHOLDS, periodical: { moving: 30, notMoving: 600 } };
    const changes = [{ at: start + 15 * 60_000, ...change(0, 70, 20) }];
    return [
      liveLeg(vehicle.profile, vehicle.snapshot, start, style),
      liveLeg(vehicle.profile, vehicle.snapshot, start, style, undefined, settings, changes),
    ];
  },
  'a seeded fleet: two days of the demo fleet': () => {
    const until = Date.parse('2026-11-18T19:00:00Z');
    const from = until - 2 * 86_400_000;
    const days: string[] = [];
    for (let day = localDay(from); day <= localDay(until); day = addDays(day, 1)) days.push(day);
    return demoFleets(1, from - 86_400_000).map((fleet) => {
      const rota = roster(1, fleet, days);
      return fleet.vehicles.map(({ profile, snapshot }, index) =>
        digest(
          simulateHistory(profile, snapshot, from, until, (day) => {
            const driver = rota[index]![days.indexOf(day)] ?? null;
            return driver === null ? fleet.unknownStyle : fleet.drivers[driver]!.style;
          }),
        ),
      );
    });
  },
};

const GOLDEN: Record<string, string> = {
  'trip Nieuwegein–Amersfoort, rush hour, power take-off': 'b6e30727382c41c8',
  'trip Gouda–Den Haag, calm driver, no retarder': '0bf6e25d94dbe392',
  'trip Eindhoven–Rotterdam, rough driver': 'aed5d4dabcaa35ed',
  'trip with strict thresholds and idle of 30 s': '3dcb8a1a93a1d835',
  'trip with a settings change at minute 10': 'ba993412e04020cc',
  'trip with a settings change at minute 25': 'd14d524e872d7a60',
  'trip with a settings change at minute 45': 'c7e85bb2e318e95b',
  'trip with two settings changes': '96126f22663b5123',
  'history of two vehicles over a week': 'a1935924b518b03e',
  'live legs, with and without a change on the way': 'b9491b929e3e3f05',
  'a seeded fleet: two days of the demo fleet': '3a79a9848f00dbcb',
};

describe('the same seed drives the same', () => {
  if (process.env.GOLDEN === 'print') {
    it('prints the hashes', () => {
      console.log(
        JSON.stringify(Object.fromEntries(Object.entries(cases).map(([k, f]) => [k, digest(f())]))),
      );
    });
    return;
  }
  // Generous: the fleet's case drives 33 vehicles for two days, and the machine may be busy.
  it.each(Object.keys(cases))(
    '%s',
    (name) => {
      expect(digest(cases[name]!())).toBe(GOLDEN[name]);
    },
    60_000,
  );
});
