import { describe, expect, it } from 'vitest';
import type { EventType } from '@fleet/contract';
import type { Route } from './route.js';
import { TripRecorder } from './trip-recorder.js';
import type { Counters } from './unit-thresholds.js';

const route: Route = {
  from: 'A',
  to: 'B',
  points: [
    { latitude: 52, longitude: 5 },
    { latitude: 52.09, longitude: 5 },
  ],
  cumulative: [0, 10_000],
  length: 10_000,
  zones: [{ from: 0, to: 10_000, kind: 'rural' }],
  features: [],
};
const start = Date.parse('2026-11-17T10:30:00Z');

/** `seconds` seconds at `v` m/s (events by second), then the stop: what it recorded, as "s reason". */
function recorded(seconds: number, v: number, events: Record<number, EventType[]> = {}) {
  const counters = { odometer: 1234.9, engineHours: 10.00049 } as Counters;
  const recorder = new TripRecorder(route, start, counters);
  let s = 0;
  recorder.record('TRIP_START', { t: start, s, v: 0 });
  recorder.datapoint({ t: start, s, v: 0 });
  for (let i = 1; i <= seconds; i++) {
    s += v;
    recorder.second({ t: start + i * 1000, s, v }, events[i] ?? [], { moving: 10, notMoving: 30 });
  }
  recorder.stop({ t: start + seconds * 1000, s, v: 0 }, events[-1] ?? []);
  const at = (timestamp: string) => (Date.parse(timestamp) - start) / 1000;
  return {
    records: recorder.records.map((r) => `${at(r.timestamp)} ${r.transferReason}`),
    datapoints: recorder.datapoints.map((d) => at(d.timestamp)),
    first: recorder.records[0]!,
    events: recorder.records.filter((r) => r.events).map((r) => r.events!.map((e) => e.eventType)),
  };
}

describe('the trip recorder', () => {
  it.each<[string, number, number, string[], number[]]>([
    [
      'moving: a PERIODIC record every 10 s, a datapoint every 15 s',
      31,
      10,
      ['0 TRIP_START', '10 PERIODIC', '20 PERIODIC', '30 PERIODIC', '31 TRIP_STOP'],
      [0, 15, 30, 31],
    ],
    [
      'standing: a PERIODIC record every 30 s; no second datapoint at a stop that falls on one',
      45,
      0,
      ['0 TRIP_START', '30 PERIODIC', '45 TRIP_STOP'],
      [0, 15, 30, 45],
    ],
  ])('%s', (_, seconds, v, records, datapoints) => {
    const result = recorded(seconds, v);
    expect(result.records).toEqual(records);
    expect(result.datapoints).toEqual(datapoints);
  });

  it('sends one EVENTS record a second, the last second’s events with those of the stop', () => {
    const result = recorded(5, 10, {
      2: ['HARSH_BRAKE'],
      5: ['OVER_SPEED_STOP'],
      [-1]: ['IDLE_STOP'],
    });
    expect(result.records).toEqual(['0 TRIP_START', '2 EVENTS', '5 EVENTS', '5 TRIP_STOP']);
    expect(result.events).toEqual([['HARSH_BRAKE'], ['OVER_SPEED_STOP', 'IDLE_STOP']]);
  });

  it('reports the counters rounded down, where the truck is and its speed', () => {
    const { first } = recorded(0, 0);
    expect(first).toMatchObject({
      odometer: 1234,
      engineHours: 10,
      speed: 0,
      location: { latitude: 5_200_000, longitude: 500_000 },
    });
  });
});
