import { describe, expect, it } from 'vitest';
import { ApiError } from './client.js';
import type { DeviceUnit, UnitServices } from './device-unit.js';
import { interpolate, nextTraceDelay, resumeMonitoring, traceTimes } from './monitoring.js';
import { DEFAULT_SETTINGS } from './settings.js';

describe('the trace schedule', () => {
  it.each([
    [1, 3_000, [0, 1000, 2000, 3000]],
    [5, 12_000, [0, 5000, 10_000]],
    [60, 59_000, [0]],
  ])('every %i s over %i ms: %j', (frequency, span, times) => {
    expect(traceTimes(1_000_000, frequency, 1_000_000 + span)).toEqual(
      times.map((t) => 1_000_000 + t),
    );
  });

  it.each([
    [0, 5, 100, 4900],
    [0, 5, 5000, 0],
    [0, 5, 7000, 0],
    [1000, 1, 1200, 800],
  ])('sent at %i every %i s, at %i waits %i ms', (sent, frequency, now, wait) => {
    expect(nextTraceDelay(sent, frequency, now)).toBe(wait);
  });
});

describe('a position between track points', () => {
  const points = [
    { t: 0, lat: 5_200_000, lon: 500_000, speed: 0 },
    { t: 10_000, lat: 5_201_000, lon: 500_000, speed: 80 },
    { t: 20_000, lat: 5_201_000, lon: 501_000, speed: 60 },
  ];
  it.each([
    [-1, undefined],
    [0, { latitude: 5_200_000, longitude: 500_000, speed: 0, heading: 0 }],
    [5_000, { latitude: 5_200_500, longitude: 500_000, speed: 40, heading: 0 }],
    [15_000, { latitude: 5_201_000, longitude: 500_500, speed: 70, heading: 90 }],
    [25_000, { latitude: 5_201_000, longitude: 501_000, speed: 60 }],
  ])('at %i: %j', (t, position) => {
    expect(interpolate(points, t)).toEqual(position);
  });
});

describe('a monitoring after a restart', () => {
  const unitWith = (monitoring: () => Promise<unknown>) => {
    const kept: (number | undefined)[] = [];
    const traced: unknown[] = [];
    const unit = {
      asset: 'Truck',
      identifier: 'X',
      settings: DEFAULT_SETTINGS,
      api: {
        monitoring,
        monitoringPositions: async (_id: number, positions: unknown[]) => {
          traced.push(...positions);
          return { stored: positions.length, ended: true, tracingFrequency: 1 };
        },
      },
      position: () => ({ latitude: 5_200_000, longitude: 500_000, speed: 10 }),
      keepMonitoring: (id: number | undefined) => kept.push(id),
    } as unknown as DeviceUnit;
    const services = { log: () => {}, now: Date.now } as unknown as UnitServices;
    return { unit, services, kept, traced };
  };
  const base = { id: 4, tracingFrequency: 1, start: '', maxEnd: '', liveFeed: null };

  it.each([
    ['ended meanwhile', async () => ({ ...base, ended: true }), [undefined], 0],
    ['gone', async () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'no')), [undefined], 0],
    // Still on: traced until the answer says it ended, then forgotten.
    ['still on', async () => ({ ...base, ended: false }), [4, undefined], 1],
  ])('%s', async (_, monitoring, kept, traces) => {
    const t = unitWith(monitoring);
    await resumeMonitoring(4, t.unit, t.services, new AbortController().signal);
    expect(t.kept).toEqual(kept);
    expect(t.traced).toHaveLength(traces);
  });
});
