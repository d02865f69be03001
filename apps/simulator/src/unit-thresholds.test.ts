import { describe, expect, it } from 'vitest';
import { RAW_RECORD_METRICS } from '@fleet/contract';
import { DEFAULT_SETTINGS, type ThresholdSettings } from './settings.js';
import {
  newUnitState,
  unitSecond,
  UnitSettings,
  type Counters,
  type DrivingSecond,
  type TruckSecond,
  type UnitState,
} from './unit-thresholds.js';

const LIMITS: ThresholdSettings = { ...DEFAULT_SETTINGS.thresholds, idle: 3, cruise: 3 };
const zero = () =>
  Object.fromEntries(RAW_RECORD_METRICS.map((key) => [key, 0])) as unknown as Counters;

const idle: TruckSecond = { standing: true, pto: false, fuel: 1 };
const pto: TruckSecond = { standing: true, pto: true, fuel: 3 };
/** A second driving 20 m at `speed` km/h, holding the speed with the engine at 1200 rpm. */
const drive = (fields: Partial<DrivingSecond> = {}): TruckSecond => ({
  standing: false,
  moved: 20,
  rolledOn: 0,
  a: 0,
  mode: 'hold',
  pedal: 40,
  startRpm: 1200,
  rpm: 1200,
  speed: 72,
  fuel: 0.01,
  stopped: false,
  ...fields,
});

/** The events of each second, and the counters that moved. */
function run(seconds: TruckSecond[], limits = LIMITS, unit: UnitState = newUnitState()) {
  const counters = zero();
  const events = seconds.map((second) => unitSecond(unit, counters, second, limits));
  const moved = Object.fromEntries(Object.entries(counters).filter(([, value]) => value !== 0));
  delete moved.engineHours;
  return { events, counters: moved, unit };
}

describe('the unit thresholds', () => {
  it.each<[string, TruckSecond[], string[][], Partial<Counters>]>([
    [
      'idling raises IDLE_START at the idle threshold and counts the time past it',
      [idle, idle, idle, idle, idle],
      [[], [], ['IDLE_START'], [], []],
      { idleTime: 5, idleThresholdTime: 2, fuelUsedIdle: 5, totalFuelUsed: 5 },
    ],
    [
      'driving off after it says IDLE_STOP; idling shorter than the threshold says nothing',
      [idle, idle, idle, drive(), idle, drive()],
      [[], [], ['IDLE_START'], ['IDLE_STOP'], [], []],
      {
        idleTime: 4,
        fuelUsedIdle: 4,
        totalFuelUsed: 4.02,
        odometer: 40,
        drivingTime: 2,
      },
    ],
    [
      'the power take-off ends idling and counts its own time and fuel',
      [idle, idle, idle, pto, pto],
      [[], [], ['IDLE_START'], ['IDLE_STOP'], []],
      { idleTime: 3, fuelUsedIdle: 3, ptoTime: 2, fuelUsedPTO: 6, totalFuelUsed: 9 },
    ],
    [
      'stationary in traffic counts as idling',
      [drive({ moved: 0, speed: 0, fuel: 1 }), drive({ moved: 0, speed: 0, fuel: 1 })],
      [[], []],
      { idleTime: 2, fuelUsedIdle: 2, totalFuelUsed: 2, odometer: 0, drivingTime: 0 },
    ],
    [
      'over-speed starts above the threshold and stops 2 km/h below it',
      [91, 89, 88.5, 88, 95].map((speed) => drive({ speed })),
      [['OVER_SPEED_START'], [], [], ['OVER_SPEED_STOP'], ['OVER_SPEED_START']],
      { speedThresholdTime: 5, drivingTime: 5, cruiseTime: 0 },
    ],
    [
      'over-RPM starts above the threshold, stops 50 rpm below it or when standing',
      [
        drive({ rpm: 2050 }),
        drive({ rpm: 1960 }),
        drive({ rpm: 1950 }),
        drive({ rpm: 2100 }),
        idle,
      ],
      [['OVER_RPM_START'], [], ['OVER_RPM_STOP'], ['OVER_RPM_START'], ['OVER_RPM_STOP']],
      { rpmThresholdTime: 0, cruiseTime: 1 },
    ],
    [
      'a harsh brake reaches the threshold at 12 km/h lost in a second; 3.2 m/s² does not',
      [drive({ harshBrake: 3.4, mode: 'brake', a: -3.4 }), drive({ harshBrake: 3.2 })],
      [['HARSH_BRAKE'], []],
      { harshBrakeCount: 1, brakeUsages: 1, decelerationTime: 1, odometer: 40 },
    ],
    [
      'a harsh acceleration at 8 km/h gained in a second',
      [drive({ harshAcceleration: 2.3, mode: 'accelerate', a: 2.3, pedal: 100 })],
      [['HARSH_ACCELERATION']],
      {
        harshAccelerationCount: 1,
        accelerationTime: 1,
        harshAccelerationThresholdTime: 1,
        torqueThresholdTime: 1,
      },
    ],
    [
      'braking counts once per use of the brake',
      ['brake', 'brake', 'coast', 'brake'].map((mode) => drive({ mode: mode as 'brake' })),
      [[], [], [], []],
      { brakeUsages: 2, coastTime: 1, harshBrakeCount: 0 },
    ],
    [
      'rpm and torque time count by the rpm the second began with',
      [
        drive({ startRpm: 1800, rpm: 1400 }),
        drive({ startRpm: 1400, rpm: 1800, mode: 'accelerate', pedal: 85 }),
      ],
      [[], []],
      { rpmThresholdTime: 1, torqueThresholdTime: 1 },
    ],
    [
      'a steady speed counts as cruising once held for the cruise threshold',
      [72, 72.5, 72.2, 72.4, 72.3, 60].map((speed) => drive({ speed })),
      [[], [], [], [], [], []],
      { cruiseTime: 2 },
    ],
    [
      'a stop counts, and rolling on to the destination adds to the odometer',
      [drive({ moved: 5, speed: 0, stopped: true, rolledOn: 12 })],
      [[]],
      { stops: 1, odometer: 17 },
    ],
  ])('%s', (_, seconds, events, counters) => {
    const result = run(seconds);
    expect(result.events).toEqual(events);
    for (const [key, value] of Object.entries(counters))
      expect(result.counters[key] ?? 0, key).toBeCloseTo(value, 6);
  });

  it('counts an hour of engine time in 3600 seconds of any kind', () => {
    const counters = zero();
    const unit = newUnitState();
    for (let i = 0; i < 3600; i++) unitSecond(unit, counters, [idle, pto, drive()][i % 3]!, LIMITS);
    expect(counters.engineHours).toBeCloseTo(1, 9);
  });
});

describe('the unit settings on a trip', () => {
  const strict = { ...LIMITS, overSpeed: 60 };
  const changes = [
    { at: 10_000, thresholds: strict, periodical: { moving: 10, notMoving: 900 } },
    { at: 20_500, thresholds: LIMITS, periodical: { moving: 300, notMoving: 900 } },
  ];

  it.each([
    [0, 90, 60],
    [9_000, 90, 60],
    [10_000, 60, 10],
    [20_000, 60, 10],
    [21_000, 90, 300],
  ])('at %i ms: over-speed at %i km/h, a PERIODIC record every %i s', (t, overSpeed, moving) => {
    const settings = new UnitSettings(LIMITS, { moving: 60, notMoving: 60 }, changes);
    for (let at = 0; at <= t; at += 1000) settings.update(at);
    expect(settings.thresholds.overSpeed).toBe(overSpeed);
    expect(settings.periodical.moving).toBe(moving);
  });
});
