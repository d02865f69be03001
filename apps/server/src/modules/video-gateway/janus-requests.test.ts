import { describe, expect, it } from 'vitest';
import { inspectJanusRequest, type JanusTarget } from './janus-requests.js';

const room = 1234;
const message = (body: object) => ({ janus: 'message', body });

/** [target, method, body, allowed, room it names] */
const CASES: [JanusTarget, 'GET' | 'POST', object | undefined, boolean, number?][] = [
  // what the monitoring view's janus.js sends
  ['root', 'POST', { janus: 'create' }, true],
  ['session', 'GET', undefined, true],
  ['session', 'POST', { janus: 'attach', plugin: 'janus.plugin.videoroom' }, true],
  ['session', 'POST', { janus: 'keepalive' }, true],
  ['session', 'POST', { janus: 'destroy' }, true],
  ['handle', 'POST', message({ request: 'join', ptype: 'publisher', room, pin: 'p' }), true, room],
  [
    'handle',
    'POST',
    message({ request: 'join', ptype: 'subscriber', room, streams: [] }),
    true,
    room,
  ],
  ['handle', 'POST', message({ request: 'start', room }), true, room],
  ['handle', 'POST', message({ request: 'subscribe', streams: [{ feed: 1 }] }), true],
  ['handle', 'POST', message({ request: 'publish', descriptions: [] }), true],
  ['handle', 'POST', { janus: 'trickle', candidate: { completed: true } }, true],
  ['handle', 'POST', { janus: 'detach' }, true],
  ['handle', 'POST', { janus: 'hangup' }, true],
  // what lists, probes, makes or changes rooms, or reaches elsewhere
  ['handle', 'POST', message({ request: 'list' }), false],
  ['handle', 'POST', message({ request: 'exists', room }), false],
  ['handle', 'POST', message({ request: 'listparticipants', room }), false],
  ['handle', 'POST', message({ request: 'create', room }), false],
  ['handle', 'POST', message({ request: 'edit', room }), false],
  ['handle', 'POST', message({ request: 'destroy', room }), false],
  ['handle', 'POST', message({ request: 'rtp_forward', room }), false],
  ['handle', 'POST', message({ request: 'joinandconfigure', room }), false],
  ['handle', 'POST', message({ request: 'switch', streams: [] }), false],
  ['handle', 'POST', message({ request: 'join' }), false],
  ['handle', 'POST', message({ request: 'join', room: '1234' }), false],
  ['handle', 'POST', message({ request: 'join', room: 0 }), false],
  ['handle', 'POST', { janus: 'message' }, false],
  ['handle', 'GET', undefined, false],
  ['root', 'GET', undefined, false],
  ['root', 'POST', { janus: 'info' }, false],
  ['root', 'POST', { janus: 'attach', plugin: 'janus.plugin.videoroom' }, false],
  ['session', 'POST', { janus: 'attach', plugin: 'janus.plugin.streaming' }, false],
  ['session', 'POST', { janus: 'claim' }, false],
  ['session', 'POST', { janus: 'message', body: { request: 'list' } }, false],
  ['session', 'POST', {}, false],
];

describe('inspectJanusRequest: what the /janus proxy lets through', () => {
  it.each(CASES)('%s %s %j → %s', (target, method, body, allowed, named) => {
    const verdict = inspectJanusRequest(target, method, body as Record<string, unknown>);
    expect(verdict.allowed).toBe(allowed);
    if (verdict.allowed) expect(verdict.room).toBe(named);
    else expect(verdict.why).toEqual(expect.any(String));
  });
});
