import type { SafetyCaseMinute } from '@fleet/contract';
import { describe, expect, it } from 'vitest';
import { labelRows, minuteWindow, offsetLabel, speedCeiling } from './minute';

const at = '2026-11-26T10:00:00.000Z';
const sec = (s: number) => new Date(Date.parse(at) + s * 1000).toISOString();
const point = (s: number, speed: number | null) => ({ timestamp: sec(s), location: null, speed });

describe('the minute around a case', () => {
  const minute: SafetyCaseMinute = {
    from: sec(-120),
    until: sec(120),
    points: [
      point(90, 50),
      point(-100, 10),
      point(-45, 20),
      point(-20, 30),
      point(0, null),
      point(10, 40),
      point(30, 45),
      point(60, 48),
    ],
    events: [
      { timestamp: sec(0), eventType: 'HARSH_BRAKE', location: null },
      { timestamp: sec(31), eventType: 'OVER_SPEED_START', location: null },
      { timestamp: sec(-5), eventType: 'HARSH_ACCELERATION', location: null },
    ],
  };

  it('keeps the speeds of the minute, in order, with the nearest outside each edge', () => {
    const window = minuteWindow(minute, at);
    expect(window.points.map((p) => p.speed)).toEqual([20, 30, 40, 45, 48]);
    expect(window.inside).toBe(3);
    expect(window.until - window.from).toBe(60_000);
  });

  it('keeps the events of the minute only', () => {
    expect(minuteWindow(minute, at).events.map((e) => e.eventType)).toEqual([
      'HARSH_BRAKE',
      'HARSH_ACCELERATION',
    ]);
  });

  it('has no points where nothing was reported', () => {
    expect(minuteWindow({ ...minute, points: [point(5, null)] }, at).points).toEqual([]);
  });

  it.each([
    [0, 40],
    [39, 40],
    [41, 60],
    [80, 80],
    [81.5, 100],
  ])('puts the top of %s km/h at %s', (max, top) => {
    expect(speedCeiling(max)).toBe(top);
  });

  it.each([
    [-30, '−30 s'],
    [0, '0 s'],
    [15, '+15 s'],
  ])('labels %s s as %s', (seconds, text) => {
    expect(offsetLabel(seconds)).toBe(text);
  });
});

describe('the rows of the event labels', () => {
  const label = (x: number, width = 50) => ({ x, width });
  it.each([
    { name: 'none', labels: [], rows: 2, expected: [] },
    {
      name: 'apart: all on the first row',
      labels: [label(0), label(60), label(200)],
      rows: 2,
      expected: [0, 0, 0],
    },
    { name: 'touching: the gap decides', labels: [label(0), label(55)], rows: 2, expected: [0, 1] },
    {
      name: 'close: the second row, then back to the first',
      labels: [label(0), label(10), label(70)],
      rows: 2,
      expected: [0, 1, 0],
    },
    {
      name: 'a cluster: beyond the rows, no label',
      labels: [label(0), label(5), label(10), label(15)],
      rows: 2,
      expected: [0, 1, null, null],
    },
    { name: 'one row', labels: [label(0), label(10), label(100)], rows: 1, expected: [0, null, 0] },
  ])('$name', ({ labels, rows, expected }) => {
    expect(labelRows(labels, rows)).toEqual(expected);
  });
});
