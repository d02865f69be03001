import { describe, expect, it } from 'vitest';
import { feedsOfMids, gatewayServers, roomNews, withTrack } from './live-room';

describe('roomNews', () => {
  it.each([
    ['joined, nobody yet', { videoroom: 'joined', publishers: [] }, { joined: true, events: [] }],
    [
      'joined with a camera publishing',
      { videoroom: 'joined', publishers: [{ id: 7, display: 'FRONT' }] },
      { joined: true, events: [{ type: 'published', feeds: [{ id: 7, display: 'FRONT' }] }] },
    ],
    [
      'a camera appears',
      { videoroom: 'event', publishers: [{ id: 8 }] },
      { joined: false, events: [{ type: 'published', feeds: [{ id: 8 }] }] },
    ],
    [
      'a camera unpublishes',
      { videoroom: 'event', unpublished: 7 },
      { joined: false, events: [{ type: 'gone', feed: 7 }] },
    ],
    [
      'a camera leaves',
      { videoroom: 'event', leaving: 8 },
      { joined: false, events: [{ type: 'gone', feed: 8 }] },
    ],
    [
      'the control room itself unpublishes (ok)',
      { videoroom: 'event', unpublished: 'ok' },
      { joined: false, events: [] },
    ],
    [
      'the room is destroyed: nothing else counts',
      { videoroom: 'destroyed', publishers: [{ id: 9 }], leaving: 7 },
      { joined: false, events: [{ type: 'destroyed' }] },
    ],
    ['an error', { videoroom: 'event', error: 'no such room' }, { joined: false, events: [] }],
  ])('%s', (_, message, news) => {
    expect(roomNews(message)).toEqual(news);
  });
});

describe('feedsOfMids', () => {
  it.each([
    [{}, []],
    [{ streams: [] }, []],
    [
      {
        streams: [
          { mid: '0', feed_id: 7 },
          { mid: '1', feed_id: 8, type: 'video' },
        ],
      },
      [
        ['0', 7],
        ['1', 8],
      ],
    ],
    [{ streams: [{ mid: '0' }, { feed_id: 8 }, { mid: '2', feed_id: 9 }] }, [['2', 9]]],
  ])('%j: %j', (message, pairs) => {
    expect(feedsOfMids(message)).toEqual(pairs);
  });
});

describe('withTrack', () => {
  const media = new Map([[7, 'a']]);
  it.each([
    [
      'a new feed',
      8,
      'b',
      [
        [7, 'a'],
        [8, 'b'],
      ],
    ],
    ['the same feed again: replaced', 7, 'c', [[7, 'c']]],
    ['a feed that went', 7, null, []],
    ['a feed not there that went', 9, null, [[7, 'a']]],
  ] as const)('%s', (_, feed, stream, entries) => {
    expect([...withTrack(media, feed, stream)]).toEqual(entries);
    expect([...media]).toEqual([[7, 'a']]);
  });
});

describe('gatewayServers', () => {
  it.each([
    [
      'http',
      { protocol: 'http:', host: 'localhost:3000' },
      'ws://localhost:3000/janus/ws?token=a.b%2Bc',
    ],
    [
      'https',
      { protocol: 'https:', host: 'fleet.example' },
      'wss://fleet.example/janus/ws?token=a.b%2Bc',
    ],
  ])('the WebSocket first on %s, then the HTTP API', (_, page, socket) => {
    expect(gatewayServers('/janus', 'a.b+c', page)).toEqual([socket, '/janus']);
  });
});
