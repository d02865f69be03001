import { describe, expect, it } from 'vitest';
import type { EventType, MediaItem, RawRecordInput } from '@fleet/contract';
import {
  eventMoments,
  eventShots,
  keptEarlier,
  seedEventPlan,
  shotsInOrder,
  withSpeeds,
  type EventMoment,
} from './event-media.js';
import { DEFAULT_SETTINGS } from './settings.js';

const T = Date.parse('2026-11-24T09:00:00Z');
const record = (seconds: number, ...events: EventType[]): RawRecordInput => ({
  timestamp: new Date(T + seconds * 1000).toISOString(),
  transferReason: events.length ? 'EVENTS' : 'PERIODIC',
  location: { latitude: 5_200_000, longitude: 500_000 },
  speed: 50,
  ...(events.length ? { events: events.map((eventType) => ({ eventType })) } : {}),
});

describe('event media', () => {
  const records = [
    record(0),
    record(10, 'HARSH_BRAKE'),
    record(20, 'OVER_SPEED_START', 'OVER_RPM_START'),
    record(30, 'OVER_SPEED_STOP', 'IDLE_STOP'),
    record(40, 'HARSH_ACCELERATION'),
  ];

  it('come from the events the mask selects, by default', () => {
    expect(
      eventMoments(records, DEFAULT_SETTINGS.media).map((m) => [(m.at - T) / 1000, m.event]),
    ).toEqual([
      [10, 'HARSH_BRAKE'],
      [20, 'OVER_SPEED_START'],
      [40, 'HARSH_ACCELERATION'],
    ]);
  });

  it('only from the days asked for', () => {
    expect(
      eventMoments(records, DEFAULT_SETTINGS.media, T + 15_000, T + 40_000).map((m) => m.event),
    ).toEqual(['OVER_SPEED_START']);
  });

  it('are pictures at the event and clips from the seconds before to those after', () => {
    const [brake] = eventMoments(records, DEFAULT_SETTINGS.media);
    expect(eventShots(brake!)).toEqual([
      {
        at: T + 10_000,
        event: 'HARSH_BRAKE',
        camera: 1,
        kind: 'picture',
        from: T + 10_000,
        seconds: 0,
      },
      { at: T + 10_000, event: 'HARSH_BRAKE', camera: 1, kind: 'video', from: T, seconds: 20 },
    ]);
    const emergency: EventMoment = {
      at: T,
      event: 'EMERGENCY_BRAKE',
      capture: { pictures: [1, 16], videos: [16], before: 3, after: 7 },
    };
    expect(eventShots(emergency).map((s) => [s.kind, s.camera, s.from - T, s.seconds])).toEqual([
      ['picture', 1, 0, 0],
      ['picture', 16, 0, 0],
      ['video', 16, -3000, 10],
    ]);
  });

  it('draw the speed of the moment, or of every second of the clip', () => {
    const points = [
      { t: T, lat: 0, lon: 0, speed: 80 },
      { t: T + 4000, lat: 0, lon: 0, speed: 40 },
    ];
    const picture = {
      at: T + 2000,
      event: 'HARSH_BRAKE',
      camera: 1,
      kind: 'picture',
      from: T + 2000,
      seconds: 0,
    } as const;
    expect(withSpeeds(picture, points).speeds).toEqual([60]);
    expect(withSpeeds({ ...picture, kind: 'video', from: T, seconds: 5 }, points).speeds).toEqual([
      80, 70, 60, 50, 40,
    ]);
  });

  const moment = (
    seconds: number,
    event: EventMoment['event'] = 'OVER_SPEED_START',
    clip = event === 'HARSH_BRAKE',
  ): EventMoment => ({
    at: T + seconds * 1000,
    event,
    capture: { pictures: [1], videos: clip ? [1] : [], before: 10, after: 10 },
  });
  const plan = (perVehicle: EventMoment[][], events: number, clips: number) =>
    seedEventPlan(perVehicle, events, clips).map(
      (p) => `${p.vehicle}:${(p.moment.at - T) / 1000}${p.clips ? '+clip' : ''}`,
    );
  const brake = (seconds: number) => moment(seconds, 'HARSH_BRAKE');
  const pulls = (seconds: number) => moment(seconds, 'HARSH_ACCELERATION');

  it.each([
    [
      'one a vehicle in turns, up to the limit',
      [[moment(1), moment(2)], [moment(3)], []],
      2,
      9,
      ['0:2', '1:3'],
    ],
    [
      'more rounds when the limit allows',
      [[moment(1), moment(2)], [moment(3)], []],
      10,
      9,
      ['0:2', '1:3', '0:1'],
    ],
    [
      'its newest clip first, then the newest',
      [[moment(5), brake(1), moment(9)]],
      2,
      9,
      ['0:1+clip', '0:9'],
    ],
    [
      'clips only within their budget, then kind by kind',
      [[brake(1), brake(2), pulls(3)], [brake(4)], [brake(5)]],
      10,
      2,
      ['0:2+clip', '1:4+clip', '2:5', '0:3', '0:1'],
    ],
    [
      'each vehicle from another kind',
      [
        [brake(1), pulls(2), moment(3)],
        [brake(4), pulls(5), moment(6)],
        [brake(7), pulls(8), moment(9)],
      ],
      3,
      0,
      ['0:3', '1:5', '2:7'],
    ],
    ['nothing', [[moment(1)]], 0, 9, []],
  ])('the seeding picks %s', (_, perVehicle, events, clips, expected) => {
    expect(plan(perVehicle, events, clips)).toEqual(expected);
  });

  it('sends the clips of an event before its pictures, or its pictures alone', () => {
    const shots = eventShots({
      at: T,
      event: 'EMERGENCY_BRAKE',
      capture: { pictures: [1, 16], videos: [1], before: 1, after: 1 },
    });
    expect(shotsInOrder(shots).map((s) => `${s.kind} ${s.camera}`)).toEqual([
      'video 1',
      'picture 1',
      'picture 16',
    ]);
    expect(shotsInOrder(shots, false).map((s) => `${s.kind} ${s.camera}`)).toEqual([
      'picture 1',
      'picture 16',
    ]);
  });

  it('see when the server kept an earlier medium of another type', () => {
    const item = { mimeType: 'image/jpeg' } as MediaItem;
    expect(keptEarlier(item, 'video/mp4')).toBe(true);
    expect(keptEarlier(item, 'image/jpeg')).toBe(false);
  });
});
