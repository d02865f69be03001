import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  clipSpan,
  coverage,
  localMinute,
  parseRecording,
  recordingWindow,
  Recordings,
  speedAt,
  speedsPerSecond,
  trackPoints,
  type TrackPoint,
} from './recorder.js';

const T = Date.parse('2026-11-24T09:00:00Z');
const at = (seconds: number) => T + seconds * 1000;
const point = (seconds: number, speed: number): TrackPoint => ({
  t: at(seconds),
  lat: 5_200_000 + seconds,
  lon: 500_000,
  speed,
});
const HOUR = 3_600_000;

describe('the track', () => {
  it('is made of records and datapoints with a location, in time order, one per moment', () => {
    const location = { latitude: 5_200_000, longitude: 500_000 };
    const iso = (seconds: number) => new Date(at(seconds)).toISOString();
    expect(
      trackPoints([
        { timestamp: iso(15), location, speed: 50.4 },
        { timestamp: iso(0), transferReason: 'TRIP_START', location, speed: 0 },
        { timestamp: iso(15), transferReason: 'EVENTS', location, speed: 51 },
        { timestamp: iso(20), transferReason: 'PERIODIC' },
        { timestamp: iso(30), location },
      ]).map((p) => [p.t - T, p.speed]),
    ).toEqual([
      [0, 0],
      [15_000, 50],
      [30_000, 0],
    ]);
  });

  const points = [point(0, 0), point(15, 30), point(30, 60), point(45, 60), point(60, 0)];
  it.each([
    [-10, 0, 'before the first point: the first'],
    [0, 0, 'at a point'],
    [5, 10, 'between points: linear'],
    [22.5, 45, 'halfway'],
    [30, 60, 'at a point'],
    [52.5, 30, 'braking'],
    [600, 0, 'after the last point: the last (parked)'],
  ])('speed at %d s is %d (%s)', (seconds, speed) => {
    expect(speedAt(points, at(seconds))).toBe(speed);
  });

  it('speed of an empty track is 0; a drive goes on at the last speed sent', () => {
    expect(speedAt([], T)).toBe(0);
    expect(speedAt([point(0, 70)], at(9))).toBe(70);
  });

  it('gives a clip one speed a second', () => {
    expect(speedsPerSecond(points, at(0), 4)).toEqual([0, 2, 4, 6]);
    expect(speedsPerSecond(points, at(28), 3)).toEqual([56, 58, 60]);
    expect(speedsPerSecond(points, at(0), 2.5)).toHaveLength(3);
    expect(speedsPerSecond(points, at(0), 0)).toEqual([]);
  });
});

describe('the recording window', () => {
  it.each([
    [10, { from: -5_000, until: 5_000 }],
    [1, { from: -500, until: 500 }],
    [60, { from: -30_000, until: 30_000 }],
  ])('a clip of %i s starts half of it before the moment', (duration, span) => {
    expect(clipSpan(T, duration)).toEqual({ from: T + span.from, until: T + span.until });
  });

  it.each([
    ['recording for a week', T - 7 * 24 * HOUR, { from: T - 72 * HOUR, until: T }],
    ['recording for an hour', T - HOUR, { from: T - HOUR, until: T }],
    ['recording since now', T, { from: T, until: T }],
    ['a clock that went back', T + HOUR, { from: T, until: T }],
  ])('is the last 72 hours, or less when %s', (_, since, window) => {
    expect(recordingWindow(since, T, 72 * HOUR)).toEqual(window);
  });

  const window = {
    from: Date.parse('2026-11-21T09:00:00Z'),
    until: Date.parse('2026-11-24T09:00:00Z'),
  };
  const held = 'the device holds 2026-11-21 10:00 … 2026-11-24 10:00';
  it.each([
    ['the window start', window.from, { ok: true, moment: window.from }],
    ['an hour ago', window.until - HOUR, { ok: true, moment: window.until - HOUR }],
    ['now', window.until, { ok: true, moment: window.until }],
    ['a clock 3 s ahead', window.until + 3_000, { ok: true, moment: window.until }],
    [
      'a minute before the window',
      window.from - 60_000,
      { ok: false, reason: `2026-11-21 09:59 is no longer recorded: ${held}` },
    ],
    [
      'a week ago',
      window.until - 7 * 24 * HOUR,
      { ok: false, reason: `2026-11-17 10:00 is no longer recorded: ${held}` },
    ],
    [
      'two hours ahead',
      window.until + 2 * HOUR,
      { ok: false, reason: `2026-11-24 12:00 is in the future for the device: ${held}` },
    ],
  ])('%s', (_, moment, expected) => {
    expect(coverage(moment, window)).toEqual(expected);
  });

  it('says times in the fleet zone, summer and winter', () => {
    expect(localMinute(Date.parse('2026-07-01T12:00:00Z'))).toBe('2026-07-01 14:00');
    expect(localMinute(Date.parse('2026-12-31T23:30:00Z'))).toBe('2027-01-01 00:30');
  });
});

describe('recordings on disk', () => {
  const dir = () => mkdtempSync(path.join(tmpdir(), 'recordings-'));

  it('survive a restart: what the seeding replaced and what was appended since', () => {
    const where = dir();
    let now = at(100);
    const first = new Recordings(where, 72 * HOUR, () => now);
    const recording = first.of('SN 7/a');
    expect(recording.points).toEqual([]);
    expect(first.window(recording)).toEqual({ from: at(100), until: at(100) });
    recording.replace(at(-3600), [point(0, 0), point(15, 30)]);
    recording.append([point(15, 99), point(30, 60)]);
    recording.append([point(10, 5)]);
    now = at(200);
    const second = new Recordings(where, 72 * HOUR, () => now).of('SN 7/a');
    expect(second.since).toBe(at(-3600));
    expect(second.points).toEqual([point(0, 0), point(15, 30), point(30, 60)]);
    expect(readFileSync(path.join(where, 'SN_7_a.csv'), 'utf8').split('\n')[0]).toBe(
      `since,${at(-3600)}`,
    );
  });

  it('forget what the window no longer holds, keeping the point before it', () => {
    const where = dir();
    let now = at(0);
    const recordings = new Recordings(where, HOUR, () => now);
    const recording = recordings.of('A');
    recording.replace(
      at(-7200),
      Array.from({ length: 1000 }, (_, i) => point(i * 5 - 4000, i % 90)),
    );
    now = at(2000);
    recordings.pruneAll();
    expect(recording.points[0]!.t).toBeLessThan(now - HOUR);
    expect(recording.points[1]!.t).toBeGreaterThanOrEqual(now - HOUR);
    // Written again when much was dropped.
    expect(new Recordings(where, HOUR, () => now).of('A').points).toEqual(recording.points);
  });

  it('skip a half-written line and anything out of order', () => {
    expect(parseRecording(`since,5\n1,2,3,4\n0,1,1,1\n2,x,3,4\n3,2,3,4\n4,2,3`)).toEqual({
      since: 5,
      points: [
        { t: 1, lat: 2, lon: 3, speed: 4 },
        { t: 3, lat: 2, lon: 3, speed: 4 },
      ],
    });
    const where = dir();
    writeFileSync(path.join(where, 'B.csv'), '7,1,1,1\n');
    // A file without its first line starts at its first point.
    expect(new Recordings(where, HOUR, () => 10).of('B').since).toBe(7);
  });
});
