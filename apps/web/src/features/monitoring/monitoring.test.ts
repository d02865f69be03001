import { describe, expect, it } from 'vitest';
import {
  canRequest,
  durationSeconds,
  frequencyError,
  gridColumns,
  lastPoint,
  monitoringIdOf,
  NEW_REQUEST_FORM,
  newestFirst,
  nextStreams,
  posterUrl,
  requestInput,
  requestStatus,
  viewPollInterval,
  type LiveStream,
} from './monitoring';

const jwt = (claims: object) =>
  `x.${btoa(JSON.stringify(claims)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.y`;

describe('monitoring request form (spec §4, §5)', () => {
  it('opens with 5 seconds, live feed on and no cameras', () => {
    expect(NEW_REQUEST_FORM).toEqual({ tracingFrequency: '5', liveFeed: true, cameras: [] });
  });

  it.each([
    ['', 'required'],
    ['   ', 'required'],
    ['abc', 'numeric'],
    ['5.5', 'numeric'],
    ['-3', 'numeric'],
    ['1e2', 'numeric'],
    ['0', 'range'],
    ['61', 'range'],
    ['1', undefined],
    [' 60 ', undefined],
    ['5', undefined],
  ])('frequency %j → %s', (value, error) => {
    expect(frequencyError(value)).toBe(error);
  });

  it('sends the camera mask only with a live feed', () => {
    const form = { tracingFrequency: '10', liveFeed: true, cameras: ['FRONT', 'DRIVER'] as const };
    expect(requestInput(3, { ...form, cameras: [...form.cameras] })).toEqual({
      assetId: 3,
      tracingFrequency: 10,
      liveFeed: true,
      liveFeedCameraMask: 17,
    });
    expect(requestInput(3, { ...form, cameras: ['REAR'], liveFeed: false })).toMatchObject({
      liveFeed: false,
      liveFeedCameraMask: 0,
    });
  });
});

describe('request timeline and the create button', () => {
  it.each([
    [{ state: 'PENDING' }, 'PENDING'],
    [{ state: 'PENDING', syncedWithDevice: '2026-01-01T10:00:00Z' }, 'SYNCED'],
    [{ state: 'ACTIVE', syncedWithDevice: '2026-01-01T10:00:00Z' }, 'ACTIVE'],
    [{ state: 'ENDED' }, 'ENDED'],
    [{ state: 'EXPIRED' }, 'EXPIRED'],
    [{ state: 'FAILED' }, 'FAILED'],
  ] as const)('%j shows as %s', (request, status) => {
    expect(requestStatus(request)).toBe(status);
  });

  it('lists the newest first (spec §2: reversed)', () => {
    const list = [
      { id: 1, timestamp: '2026-01-01T10:00:00Z' },
      { id: 3, timestamp: '2026-01-01T12:00:00Z' },
      { id: 2, timestamp: '2026-01-01T12:00:00Z' },
    ];
    expect(newestFirst(list).map((r) => r.id)).toEqual([3, 2, 1]);
  });

  it('is disabled while a monitoring is active or a request waits for the vehicle', () => {
    const active = { id: 1 } as never;
    expect(canRequest(null, [])).toBe(true);
    expect(canRequest(null, [{ state: 'ENDED' }, { state: 'EXPIRED' }])).toBe(true);
    expect(canRequest(active, [])).toBe(false);
    expect(canRequest(null, [{ state: 'PENDING' }])).toBe(false);
    // Started, while the active lookup has not caught up yet.
    expect(canRequest(null, [{ state: 'ACTIVE' }])).toBe(false);
  });
});

describe('monitoring facts', () => {
  it('has a duration only once ended', () => {
    expect(durationSeconds({ start: '2026-01-01T10:00:00Z' })).toBeNull();
    expect(durationSeconds({ start: '2026-01-01T10:00:00Z', end: '2026-01-01T11:02:03Z' })).toBe(
      3723,
    );
  });

  it('takes the latest position whatever the order', () => {
    const at = (s: string, latitude: number) => ({
      timestamp: s,
      location: { latitude, longitude: 0 },
      speed: null,
      heading: null,
    });
    expect(
      lastPoint([
        at('2026-01-01T10:00:05Z', 2),
        at('2026-01-01T10:00:10Z', 3),
        at('2026-01-01T10:00:00Z', 1),
      ])?.location.latitude,
    ).toBe(3);
    expect(lastPoint([])).toBeNull();
  });

  it.each([
    [jwt({ monitoring_id: 12 }), 12],
    [jwt({ monitoring_id: '12' }), null],
    [jwt({ monitoring_id: -1 }), null],
    [jwt({ user_id: 3 }), null],
    ['not a token', null],
    ['', null],
    [null, null],
  ])('token %s opens monitoring %s', (token, id) => {
    expect(monitoringIdOf(token)).toBe(id);
  });
});

describe('live streams (spec §4 Live feed)', () => {
  const feeds = (...list: [number, string][]) => list.map(([id, display]) => ({ id, display }));
  const names = (streams: LiveStream[]) => streams.map((s) => s.display);

  it('takes cameras in camera order, never the control room, never a feed twice', () => {
    let streams = nextStreams([], {
      type: 'published',
      feeds: feeds([5, 'REAR'], [6, 'ControlRoom'], [7, 'FRONT']),
    });
    expect(names(streams)).toEqual(['FRONT', 'REAR']);
    expect(streams[0]).toEqual({ feed: 7, display: 'FRONT', camera: 'FRONT' });
    streams = nextStreams(streams, {
      type: 'published',
      feeds: feeds([7, 'FRONT'], [8, 'DRIVER']),
    });
    expect(names(streams)).toEqual(['FRONT', 'REAR', 'DRIVER']);
  });

  it('holds at most five feeds', () => {
    const streams = nextStreams([], {
      type: 'published',
      feeds: feeds([1, 'FRONT'], [2, 'REAR'], [3, 'LEFT'], [4, 'RIGHT'], [5, 'DRIVER'], [6, 'X']),
    });
    expect(streams).toHaveLength(5);
    expect(names(streams)).not.toContain('X');
  });

  it('clears a feed that leaves or unpublishes, and all when the room is destroyed', () => {
    const streams = nextStreams([], { type: 'published', feeds: feeds([1, 'FRONT'], [2, 'REAR']) });
    expect(names(nextStreams(streams, { type: 'gone', feed: 1 }))).toEqual(['REAR']);
    expect(nextStreams(streams, { type: 'gone', feed: 9 })).toEqual(streams);
    expect(nextStreams(streams, { type: 'destroyed' })).toEqual([]);
  });
});

describe('the view polls (spec §4)', () => {
  const end = '2026-01-01T10:00:00Z';
  const at = (minutes: number) => Date.parse(end) + minutes * 60_000;
  const feed = (media: number, recordingsPending: number, available = true) => ({
    available,
    reason: null,
    roomId: null,
    joinPassphrase: null,
    cameraMask: 1,
    media: Array.from({ length: media }, (_, i) => ({ mediaId: i + 1, camera: 1 as const })),
    recordingsPending,
  });
  it.each([
    ['no answer yet', undefined, at(0), 1000],
    ['active', { liveFeed: feed(0, 0) }, at(0), 1000],
    ['ended without a live feed', { end, liveFeed: null }, at(0), false],
    ['ended, live video unavailable', { end, liveFeed: feed(0, 0, false) }, at(0), false],
    ['ended, recordings converting', { end, liveFeed: feed(1, 2) }, at(30), 2000],
    ['ended just now, nothing listed yet', { end, liveFeed: feed(0, 0) }, at(1), 2000],
    ['ended long ago, nothing recorded', { end, liveFeed: feed(0, 0) }, at(6), false],
    ['ended, recordings ready', { end, liveFeed: feed(2, 0) }, at(1), false],
  ] as const)('%s → %s', (_, monitoring, now, interval) => {
    expect(viewPollInterval(monitoring, now)).toBe(interval);
  });
});

describe("the control room's video grid (issue 19 §5)", () => {
  it.each([
    [0, 1],
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 2],
    [5, 3],
  ])('%s feeds take %s columns', (count, columns) => {
    expect(gridColumns(count)).toBe(columns);
  });

  it("names the camera on a recording's poster, escaped", () => {
    const svg = decodeURIComponent(posterUrl('FRONT').replace('data:image/svg+xml,', ''));
    expect(svg).toContain('>FRONT</text>');
    expect(decodeURIComponent(posterUrl('<b>'))).not.toContain('<b>');
  });
});
