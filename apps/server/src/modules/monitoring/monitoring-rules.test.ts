import { describe, expect, it } from 'vitest';
import type { AssetMonitoringRequestInput, WebhookState } from '@fleet/contract';
import { janusConfigFiles, firstStun } from '../video-gateway/index.js';
import {
  cameraOfDisplay,
  monitoringRequestProblem,
  normaliseRequest,
  tokenOpens,
  webhookDelaySeconds,
  webhookOutcome,
  webhookSignature,
} from './monitoring-rules.js';
import { parseRecordingHeader } from './recordings.repository.js';

describe('monitoringRequestProblem', () => {
  it.each<[AssetMonitoringRequestInput, RegExp | undefined]>([
    [{}, undefined],
    [{ tracingFrequency: 1 }, undefined],
    [{ tracingFrequency: 60 }, undefined],
    [{ tracingFrequency: 0 }, /1 to 60/],
    [{ tracingFrequency: 61 }, /1 to 60/],
    [{ liveFeed: true, liveFeedCameraMask: 31 }, undefined],
    [{ liveFeedCameraMask: 32 }, /0 to 31/],
    [{ liveFeed: false, liveFeedCameraMask: 1 }, /liveFeed is off/],
    [{ liveFeed: false, liveFeedCameraMask: 0 }, undefined],
    [{ assetId: 7 }, undefined],
    [{ assetId: 8 }, /assetId 8/],
  ])('%j', (input, problem) => {
    const answer = monitoringRequestProblem(input, 7);
    if (problem) expect(answer).toMatch(problem);
    else expect(answer).toBeUndefined();
  });
});

it.each<[AssetMonitoringRequestInput, ReturnType<typeof normaliseRequest>]>([
  [{}, { tracingFrequency: 5, liveFeed: true, liveFeedCameraMask: 0 }],
  [{ liveFeed: false }, { tracingFrequency: 5, liveFeed: false, liveFeedCameraMask: 0 }],
  [
    { tracingFrequency: 2, liveFeedCameraMask: 17 },
    { tracingFrequency: 2, liveFeed: true, liveFeedCameraMask: 17 },
  ],
])('normaliseRequest(%j)', (input, expected) => {
  expect(normaliseRequest(input)).toEqual(expected);
});

it.each<[string | undefined, number | undefined]>([
  ['FRONT', 1],
  ['rear', 2],
  [' Left ', 4],
  ['RIGHT', 8],
  ['DRIVER', 16],
  ['ControlRoom', undefined],
  ['', undefined],
  [undefined, undefined],
])('cameraOfDisplay(%s) is %s', (display, camera) => {
  expect(cameraOfDisplay(display)).toBe(camera);
});

it('webhook backoff: at once, then 5 s, 30 s, 2 min, 10 min, 30 min, then no more', () => {
  expect([1, 2, 3, 4, 5, 6, 7].map(webhookDelaySeconds)).toEqual([
    0,
    5,
    30,
    120,
    600,
    1800,
    undefined,
  ]);
});

const OPENSSL = 'aa9e2e3575f5d7098b6caccd790888c36d5fdb63342a73bada2d6a51747a8494';

it('signs the exact body with HMAC-SHA256', () => {
  // printf '{"a":1}' | openssl dgst -sha256 -hmac secret
  expect(webhookSignature('secret', '{"a":1}')).toBe(`sha256=${OPENSSL}`);
  expect(webhookSignature('secret', '{"a":2}')).not.toBe(`sha256=${OPENSSL}`);
  expect(webhookSignature('other', '{"a":1}')).not.toBe(`sha256=${OPENSSL}`);
});

it.each<[string, Date | null, number, boolean]>([
  ['active', null, 0, true],
  ['ended an hour ago', new Date(Date.now() - 3_600_000), Date.now(), true],
  ['ended 23 h 59 ago', new Date(Date.now() - 86_340_000), Date.now(), true],
  ['ended 24 h 1 ago', new Date(Date.now() - 86_460_000), Date.now(), false],
])('tokenOpens: %s', (_, end, now, opens) => {
  expect(tokenOpens(end, now || Date.now(), 24)).toBe(opens);
});

it('parseRecordingHeader reads janus-pp-rec -j', () => {
  const header = parseRecordingHeader(
    'noise\n{"t":"v","c":"vp8","s":1764000000123456,"u":1764000000223456,"x":{"d":"FRONT"}}',
  );
  expect(header).toMatchObject({ kind: 'v', codec: 'vp8', startedAt: new Date(1764000000123) });
  expect(header!.texts).toContain('FRONT');
  expect(parseRecordingHeader('not json')).toBeUndefined();
});

it('the Janus configuration loads only VideoRoom, HTTP and WebSocket, on loopback', () => {
  const files = janusConfigFiles({
    libDir: '/usr/lib/janus',
    plugins: ['libjanus_videoroom.so', 'libjanus_echotest.so', 'libjanus_sip.so', 'README'],
    transports: ['libjanus_http.so', 'libjanus_websockets.so', 'libjanus_mqtt.so'],
    emptyDir: '/data/janus/none',
    httpPort: 18088,
    wsPort: 18188,
    adminKey: 'k"ey',
    rtpPortRange: '20000-20100',
    stunServer: firstStun(['turn:x', 'stun:stun.example.com:3479']),
  });
  expect(files['janus.jcfg']).toContain('disable = "libjanus_echotest.so,libjanus_sip.so"');
  expect(files['janus.jcfg']).toContain('disable = "libjanus_mqtt.so"');
  expect(files['janus.jcfg']).toMatch(/ipv6 = false/);
  expect(files['janus.jcfg']).toMatch(/ignore_mdns = true/);
  expect(files['janus.jcfg']).toMatch(/full_trickle = true/);
  expect(files['janus.jcfg']).toMatch(/rtp_port_range = "20000-20100"/);
  expect(files['janus.jcfg']).toMatch(/stun_server = "stun.example.com"\n\tstun_port = 3479/);
  expect(files['janus.plugin.videoroom.jcfg']).toContain('admin_key = "k\\"ey"');
  expect(files['janus.transport.http.jcfg']).toMatch(/port = 18088\n\tip = "127.0.0.1"/);
  expect(files['janus.transport.websockets.jcfg']).toMatch(
    /ws_port = 18188\n\tws_ip = "127.0.0.1"/,
  );
});

describe('webhookOutcome', () => {
  it.each<[number, WebhookState, string | null, string | null, string | null]>([
    [0, 'PENDING', null, null, null],
    [1, 'DELIVERED', 'DELIVERED', 'DELIVERED', null],
    [2, 'PENDING', 'NO_ANSWER', 'NO_ANSWER', 'The control room did not answer'],
    [
      1,
      'FAILED',
      'ADDRESS_NOT_ALLOWED',
      'ADDRESS_NOT_ALLOWED',
      'Refused: the address is not allowed',
    ],
    // What older rows kept is reduced to words, never answered as it is.
    [1, 'PENDING', 'HTTP 400', 'NOT_ACCEPTED', 'The control room did not accept the alarm'],
    [3, 'FAILED', 'ECONNREFUSED', 'NO_ANSWER', 'The control room did not answer'],
    [1, 'PENDING', 'UND_ERR_SOCKET', 'NO_ANSWER', 'The control room did not answer'],
    [
      1,
      'FAILED',
      'the organisation no longer has a webhook',
      'NO_WEBHOOK',
      'The organisation no longer has a webhook',
    ],
    [1, 'DELIVERED', null, 'DELIVERED', null],
  ])('%i attempts, %s, kept %s: %s', (attempts, state, kept, outcome, words) => {
    expect(webhookOutcome(attempts, state, kept)).toEqual({
      lastOutcome: outcome,
      lastError: words,
    });
  });
});
