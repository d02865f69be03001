import { describe, expect, it } from 'vitest';
import {
  arrived,
  driveSecond,
  standSecond,
  type DriverState,
  type TripSetting,
  type TripState,
} from './drive-step.js';
import { Random } from './random.js';
import { slowdownsAhead, type RoadAhead, type Slowdown, type Traffic } from './road.js';
import type { RoadKind, Route } from './route.js';
import { newUnitState, type DrivingSecond } from './unit-thresholds.js';
import { driverStyle } from './vehicle.js';

/** A stream that always draws 0.75: no chance below it comes true, a normal draw is 0. */
class Steady extends Random {
  constructor() {
    super(0);
  }
  override next() {
    return 0.75;
  }
}

const kmh = (value: number) => value / 3.6;
const style = driverStyle(0.5, new Steady());

/** 10 km of one kind of road, aimed at `speed` km/h, with nothing on it. */
function setting(kind: RoadKind = 'rural', speed = 80): TripSetting {
  const length = 10_000;
  const route: Route = {
    from: 'A',
    to: 'B',
    points: [
      { latitude: 52, longitude: 5 },
      { latitude: 52.09, longitude: 5 },
    ],
    cumulative: [0, length],
    length,
    zones: [{ from: 0, to: length, kind }],
    features: [],
  };
  const end: Slowdown = { at: length, speed: 0, dwell: 0, coast: false };
  const road: RoadAhead = {
    route,
    zoneSpeed: [kmh(speed)],
    yard: 400,
    end,
    zoneEntries: [{ ...end, at: 0, speed: kmh(speed) }],
    yardEntry: { at: length - 400, speed: kmh(25), dwell: 0, coast: false },
  };
  return {
    road,
    style,
    truck: { emptyMass: 15_000, hasPto: false, hasRetarder: true },
    mass: 25_000,
    comfortable: 0.6,
  };
}

/** The truck 5 km along, with nothing due; `fields` and `driver` override. */
function state(fields: Partial<TripState> = {}, driver: Partial<DriverState> = {}): TripState {
  const traffic: Traffic = {
    zoneIndex: 0,
    featureIndex: 0,
    feature: undefined,
    jamSpeed: kmh(20),
    jamChange: 0,
    queueStop: undefined,
  };
  return {
    t: 0,
    s: 5_000,
    v: 0,
    gear: 0,
    rpm: 600,
    pedal: 0,
    traffic,
    driver: {
      cruiseControl: false,
      cruiseDeclined: false,
      liftOff: 0,
      tap: 0,
      wander: 0,
      shiftRpm: style.shiftRpm,
      dwell: 0,
      dwellFor: undefined,
      nextHarshBrake: Infinity,
      nextHarshAcceleration: Infinity,
      harshAccelerationDue: false,
      harshBrakeSeconds: 0,
      harshBrakeDecel: 0,
      harshAccelerationSeconds: 0,
      motorwayMetres: 0,
      nextOverSpeed: Infinity,
      overSpeedEpisode: 0,
      overSpeedTarget: 0,
      ...driver,
    },
    unit: newUnitState(),
    ...fields,
  };
}

const redLight = (at: number): Slowdown => ({ at, speed: 0, dwell: 20, coast: false });

describe('one second on the road', () => {
  it.each<
    [
      string,
      () => { trip?: TripSetting; state: TripState },
      Partial<DrivingSecond>,
      (s: TripState) => void,
    ]
  >([
    [
      'pulls away from standing in first gear, pedal well down',
      () => ({ state: state() }),
      { mode: 'accelerate', stopped: false },
      (s) => {
        expect(s.v).toBeGreaterThan(0);
        expect(s.gear).toBe(1);
        expect(s.pedal).toBeGreaterThan(62);
      },
    ],
    [
      'holds the speed it aims for, in top gear on the motorway',
      () => ({ trip: setting('motorway', 85), state: state({ v: kmh(85), gear: 12, rpm: 1190 }) }),
      { mode: 'hold' },
      (s) => {
        expect(s.v * 3.6).toBeCloseTo(85, 5);
        expect(s.gear).toBe(12);
      },
    ],
    [
      'slows down with the engine brake above the speed it aims for',
      () => ({ state: state({ v: kmh(95), gear: 12 }) }),
      { mode: 'engine-brake' },
      (s) => expect(s.v).toBeLessThan(kmh(95)),
    ],
    [
      'brakes for a red light close ahead',
      () => {
        const s = state({ v: kmh(50), gear: 8 });
        s.traffic.feature = redLight(5_040);
        return { state: s };
      },
      { mode: 'brake' },
      (s) => expect(s.v).toBeLessThan(kmh(50)),
    ],
    [
      'stops at the red light and waits there',
      () => {
        const s = state({ s: 5_039, v: 1.5, gear: 1 });
        s.traffic.feature = redLight(5_040);
        return { state: s };
      },
      { stopped: true, mode: 'brake' },
      (s) => {
        expect(s.v).toBe(0);
        expect(s.driver.dwell).toBe(20);
        expect(s.driver.dwellFor).toBe(s.traffic.feature);
      },
    ],
    [
      'brakes harshly when a car cuts in above 30 km/h',
      () => ({ state: state({ v: kmh(60), gear: 9 }, { nextHarshBrake: 0 }) }),
      { mode: 'brake', harshBrake: 3.6 + (4.6 - 3.6) * 0.75 },
      (s) => {
        expect(s.v).toBeCloseTo(kmh(60) - 4.35, 9);
        expect(s.driver.harshBrakeSeconds).toBe(3 - 1);
      },
    ],
    [
      'accelerates harshly at a pull-away when one is due',
      () => ({ state: state({}, { nextHarshAcceleration: 0 }) }),
      { mode: 'accelerate', harshAcceleration: 2.3 + (2.8 - 2.3) * 0.75, pedal: 100 },
      (s) => expect(s.driver.harshAccelerationSeconds).toBe(1),
    ],
    [
      'sets out to go over the speed limit on the motorway when an episode is due',
      () => ({
        trip: setting('motorway', 85),
        state: state({ v: kmh(85), gear: 12 }, { motorwayMetres: 1_000, nextOverSpeed: 500 }),
      }),
      { mode: 'hold' },
      (s) => {
        expect(s.driver.overSpeedEpisode).toBe(25 + Math.floor(0.75 * 96));
        expect(s.driver.overSpeedTarget * 3.6).toBeCloseTo(95, 9);
      },
    ],
    [
      'rolls on to the destination when it stops just short of it',
      () => ({ state: state({ s: 9_985, v: 0.5, gear: 1 }) }),
      { stopped: true },
      (s) => {
        expect(s.s).toBe(10_000);
        expect(s.v).toBe(0);
      },
    ],
  ])('%s', (_, given, second, then) => {
    const { trip = setting(), state: s } = given();
    const t = s.t;
    expect(driveSecond(s, trip, 50, new Steady())).toMatchObject({ standing: false, ...second });
    expect(s.t).toBe(t + 1000);
    then(s);
  });

  it('waits out its dwell standing, then the light is behind it', () => {
    const trip = setting();
    const light = redLight(5_000);
    const s = state({}, { dwell: 2, dwellFor: light });
    s.traffic.feature = light;
    expect(driveSecond(s, trip, 50, new Steady())).toEqual({
      standing: true,
      pto: false,
      fuel: 2.5 / 3600,
    });
    expect(s.traffic.feature).toBe(light);
    driveSecond(s, trip, 50, new Steady());
    expect(s.driver.dwellFor).toBeUndefined();
    // The route has no other feature: nothing is ahead any more.
    expect(s.traffic.feature).toBeUndefined();
    expect(driveSecond(s, trip, 50, new Steady())).toMatchObject({
      standing: false,
      mode: 'accelerate',
    });
  });

  it('drives the whole road to a stop at its end', () => {
    const trip = setting('urban', 50);
    const s = state({ s: 0 });
    const random = new Random(1);
    let seconds = 0;
    while (!arrived(s, trip) && seconds < 3600) {
      driveSecond(s, trip, 50, random);
      seconds++;
    }
    expect(s.s).toBe(10_000);
    expect(s.v).toBe(0);
    expect(seconds).toBeGreaterThan(10_000 / kmh(52));
    expect(seconds).toBeLessThan(10_000 / kmh(30));
  });

  it.each([
    [false, 600],
    [true, 1000],
  ])('stands a second (power take-off %s) at %i rpm', (pto, rpm) => {
    const s = state({ rpm: 1500 });
    expect(standSecond(s, pto).pto).toBe(pto);
    expect(s.rpm).toBe(rpm);
    expect(s.t).toBe(1000);
  });
});

describe('the slowdowns ahead', () => {
  const { road } = setting();
  const traffic = (feature?: Slowdown): Traffic => ({
    zoneIndex: 0,
    featureIndex: 0,
    feature,
    jamSpeed: 0,
    jamChange: 0,
    queueStop: undefined,
  });
  it.each<
    [
      string,
      number,
      number,
      Slowdown | undefined,
      { brake: number; coast: boolean; stops: boolean },
    ]
  >([
    ['nothing near: drive on', 5_000, 20, undefined, { brake: 0, coast: false, stops: false }],
    [
      'a red light 300 m ahead at 72 km/h: brake 0.67 m/s² for it',
      5_000,
      20,
      redLight(5_300),
      { brake: 400 / 600, coast: false, stops: true },
    ],
    [
      'a red light 600 m ahead, lifting off is enough for a driver who coasts',
      5_000,
      20,
      { ...redLight(5_600), coast: true },
      { brake: 0, coast: true, stops: false },
    ],
    [
      'a light that is green: not a slowdown at the speed aimed for',
      5_000,
      20,
      { at: 5_050, speed: 22, dwell: 0, coast: false },
      { brake: 0, coast: false, stops: false },
    ],
    [
      'the yard at the end: slow to 25 km/h',
      9_500,
      20,
      undefined,
      { brake: (400 - 48.225) / 200, coast: false, stops: false },
    ],
  ])('%s', (_, s, v, feature, expected) => {
    const need = slowdownsAhead(road, traffic(feature), s, v, 22, 0.6);
    expect(need.brake).toBeCloseTo(expected.brake, 2);
    expect(need.coast).toBe(expected.coast);
    expect(need.stopAt !== undefined).toBe(expected.stops);
  });
});
