import { describe, expect, it } from 'vitest';
import type { DeviceEvent, RawRecordMetrics } from '@fleet/contract';
import { DEFAULT_SCORE_SETTINGS, score } from '../drivingstyle/index.js';
import { dismissedKey, processDay, type EngineRecord } from './process-day.js';

/** Issue 20 §3: a dismissed event counts in no statistic, so in no score (docs/scoring.md). */

const day = {
  start: new Date('2026-11-20T00:00:00+01:00'),
  end: new Date('2026-11-21T00:00:00+01:00'),
};
const now = new Date('2026-11-21T12:00:00+01:00');
const at = (hhmm: string) => new Date(`2026-11-20T${hhmm}:00+01:00`);

function rec(
  hhmm: string,
  reason: string,
  metrics: Partial<RawRecordMetrics>,
  events: DeviceEvent['eventType'][] = [],
): EngineRecord {
  return {
    timestamp: at(hhmm),
    transferReason: reason,
    deviceId: 7,
    latitude: 5200000,
    longitude: 500000,
    events: events.length ? events.map((eventType) => ({ eventType })) : null,
    metrics,
  };
}

const run = (records: EngineRecord[], dismissed: string[] = []) =>
  processDay({
    records,
    links: [],
    ...day,
    extendSeconds: 300,
    now,
    dismissed: new Set(dismissed),
  });

/**
 * The hand-computed day: one trip 08:00–10:00, 100 km in 2 h of driving (7200 s), cruise
 * control 2880 s (40 %, the cruise target) and coasting 720 s (10 %, the coast target), no
 * idling, speeding, over-revving or pedal time, no brake applications; two harsh brakes, at
 * 08:30 and 09:30, each carried by a record with a HARSH_BRAKE event.
 */
const m = (km: number, harsh: number): Partial<RawRecordMetrics> => ({
  odometer: 1_000_000 + km * 1000,
  drivingTime: km * 72, // 50 km/h
  cruiseTime: km * 28.8,
  coastTime: km * 7.2,
  harshBrakeCount: harsh,
});
const handDay = [
  rec('08:00', 'TRIP_START', m(0, 10)),
  rec('08:30', 'EVENTS', m(25, 11), ['HARSH_BRAKE']),
  rec('09:00', 'PERIODIC', m(50, 11)),
  rec('09:30', 'EVENTS', m(75, 12), ['HARSH_BRAKE']),
  rec('10:00', 'TRIP_STOP', m(100, 12)),
];
const firstBrake = dismissedKey('HARSH_BRAKE', at('08:30'));
const dayScore = (dismissed: string[]) =>
  score(run(handDay, dismissed).daily.get(0)!, DEFAULT_SCORE_SETTINGS);

describe('a dismissed event in the score (hand-computed, default settings)', () => {
  it('before: 2 harsh brakes in 100 km', () => {
    // Every part but harshBrake scores 100: no idling, speeding, revving, pedal or needless
    // braking (penalty of 0 = 100), cruise and coast at their targets (reward 100).
    // harshBrake: 2 per 100 km, factor 2 → 100 · 2^(−2/2) = 50.
    // harshBrakeScore = (3 · 50 + 1 · 100) / 4 = 62.5
    // totalScore = (3 · 50 + 1 + 2 + 1 + 3 + 1 + 2 + 1 + 1 [= 12 weights] · 100) / 15 = 1350 / 15 = 90
    const s = dayScore([]);
    expect(s.harshBrakeScore).toBeCloseTo(62.5, 2);
    expect(s.totalScore).toBeCloseTo(90, 2);
  });

  it('after dismissing the 08:30 harsh brake: 1 in 100 km', () => {
    // harshBrake: 1 per 100 km → 100 · 2^(−1/2) = 70.7107
    // harshBrakeScore = (3 · 70.7107 + 100) / 4 = 312.132 / 4 = 78.033
    // totalScore = (3 · 70.7107 + 1200) / 15 = 1412.132 / 15 = 94.142
    const result = run(handDay, [firstBrake]);
    expect(result.daily.get(0)!.harshBrakes).toBe(1);
    expect(result.trips[0]!.stats.harshBrakes).toBe(1);
    const hourly = [...result.hourly.values()].reduce((n, h) => n + (h.stats.harshBrakes ?? 0), 0);
    expect(hourly).toBe(1);
    // the event itself stays listed
    expect(result.events.map((e) => e.eventType)).toEqual(['HARSH_BRAKE', 'HARSH_BRAKE']);
    const s = dayScore([firstBrake]);
    expect(s.harshBrakeScore).toBeCloseTo(78.033, 2);
    expect(s.totalScore).toBeCloseTo(94.142, 2);
  });
});

describe('what a dismissed event takes out', () => {
  const speed = (s: number, extra: Partial<RawRecordMetrics> = {}) => ({
    odometer: 1_000_000 + s * 10,
    drivingTime: s,
    speedThresholdTime: 0,
    ...extra,
  });
  const cases: {
    name: string;
    records: EngineRecord[];
    dismissed: string[];
    field: 'harshBrakes' | 'harshAccelerationPedal' | 'overSpeedThresholdTime';
    expected: number;
  }[] = [
    {
      name: 'a harsh acceleration: one from its counter',
      records: [
        rec('08:00', 'TRIP_START', { harshAccelerationCount: 0 }),
        rec('08:10', 'EVENTS', { harshAccelerationCount: 2 }, ['HARSH_ACCELERATION']),
        rec('08:20', 'TRIP_STOP', { harshAccelerationCount: 2 }),
      ],
      dismissed: [dismissedKey('HARSH_ACCELERATION', at('08:10'))],
      field: 'harshAccelerationPedal',
      expected: 1,
    },
    {
      name: 'a counter that did not grow stays at 0, never below',
      records: [
        rec('08:00', 'TRIP_START', { harshBrakeCount: 3 }),
        rec('08:10', 'EVENTS', { harshBrakeCount: 3 }, ['HARSH_BRAKE']),
      ],
      dismissed: [dismissedKey('HARSH_BRAKE', at('08:10'))],
      field: 'harshBrakes',
      expected: 0,
    },
    {
      name: 'a dismissal of another time or type takes nothing',
      records: [
        rec('08:00', 'TRIP_START', { harshBrakeCount: 0 }),
        rec('08:10', 'EVENTS', { harshBrakeCount: 1 }, ['HARSH_BRAKE']),
      ],
      dismissed: [
        dismissedKey('HARSH_BRAKE', at('08:11')),
        dismissedKey('HARSH_ACCELERATION', at('08:10')),
      ],
      field: 'harshBrakes',
      expected: 1,
    },
    {
      name: 'an over-speed episode: its time from the start record to the stop record',
      records: [
        rec('08:00', 'TRIP_START', speed(0)),
        rec('08:10', 'EVENTS', speed(600, { speedThresholdTime: 30 }), ['OVER_SPEED_START']),
        rec('08:20', 'PERIODIC', speed(1200, { speedThresholdTime: 630 })),
        rec('08:30', 'EVENTS', speed(1800, { speedThresholdTime: 700 }), ['OVER_SPEED_STOP']),
        rec('08:40', 'EVENTS', speed(2400, { speedThresholdTime: 750 }), ['OVER_SPEED_START']),
        rec('08:50', 'TRIP_STOP', speed(3000, { speedThresholdTime: 760 })),
      ],
      dismissed: [dismissedKey('OVER_SPEED_START', at('08:10'))],
      // 700 s of the dismissed episode gone; the next one (50 + 10 s) counts
      field: 'overSpeedThresholdTime',
      expected: 60,
    },
    {
      name: 'an over-speed episode started and stopped within one interval',
      records: [
        rec('08:00', 'TRIP_START', speed(0)),
        rec('08:10', 'EVENTS', speed(600, { speedThresholdTime: 40 }), [
          'OVER_SPEED_START',
          'OVER_SPEED_STOP',
        ]),
        rec('08:20', 'TRIP_STOP', speed(1200, { speedThresholdTime: 40 })),
      ],
      dismissed: [dismissedKey('OVER_SPEED_START', at('08:10'))],
      field: 'overSpeedThresholdTime',
      expected: 0,
    },
  ];
  it.each(cases)('$name', ({ records, dismissed, field, expected }) => {
    expect(run(records, dismissed).daily.get(0)![field]).toBe(expected);
  });

  it('the trip under way at midnight leaves out a dismissed event of the day before', () => {
    const evening = (hhmm: string) => new Date(`2026-11-19T${hhmm}:00+01:00`);
    const records = [
      { ...rec('00:00', 'TRIP_START', { harshBrakeCount: 0 }), timestamp: evening('23:00') },
      {
        ...rec('00:00', 'EVENTS', { harshBrakeCount: 1 }, ['HARSH_BRAKE']),
        timestamp: evening('23:30'),
      },
      rec('00:30', 'TRIP_STOP', { harshBrakeCount: 1 }),
    ];
    expect(run(records).trips[0]!.stats.harshBrakes).toBe(1);
    const dismissed = [dismissedKey('HARSH_BRAKE', evening('23:30'))];
    expect(run(records, dismissed).trips[0]!.stats.harshBrakes).toBe(0);
  });
});
