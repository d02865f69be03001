/**
 * What the `/janus` proxy lets through (docs/monitoring.md, "Why the proxy"): exactly what the
 * monitoring view's janus.js sends to watch one room, nothing that makes, changes, lists or
 * probes rooms. Pure: the route checks the room and the session's owner.
 */

/** Where a request goes: Janus's root, a session, or a plugin handle of a session. */
export type JanusTarget = 'root' | 'session' | 'handle';

export const VIDEOROOM = 'janus.plugin.videoroom';

/**
 * VideoRoom requests of a participant of one room: join (as the 'ControlRoom' publisher or as
 * the subscriber), publish and unpublish in it (the control room may speak; a camera on a
 * browser does, as the browser test's), start, change its subscription, leave. Everything
 * else (create, destroy, edit, list, exists, listparticipants, kick, rtp_forward,
 * enable_recording, …) is the server's own.
 */
export const VIEWER_REQUESTS = [
  'join',
  'publish',
  'unpublish',
  'start',
  'configure',
  'subscribe',
  'unsubscribe',
  'update',
  'pause',
  'leave',
] as const;

const OF_TARGET: Record<JanusTarget, readonly string[]> = {
  root: ['create'],
  session: ['attach', 'keepalive', 'destroy'],
  handle: ['message', 'trickle', 'detach', 'hangup'],
};

export type JanusVerdict =
  | { allowed: true; creates?: true; destroys?: true; room?: number }
  | { allowed: false; why: string };

const refuse = (why: string): JanusVerdict => ({ allowed: false, why });

/** What the proxy does with one request: refuse it (why), or pass it on (the room it names). */
export function inspectJanusRequest(
  target: JanusTarget,
  method: 'GET' | 'POST',
  body: Record<string, unknown> | undefined,
): JanusVerdict {
  if (method === 'GET')
    return target === 'session' ? { allowed: true } : refuse('Only a session is long-polled');
  const janus = body?.janus;
  if (typeof janus !== 'string' || !OF_TARGET[target].includes(janus))
    return refuse(`Janus request '${String(janus)}' is not open here`);
  if (janus === 'create') return { allowed: true, creates: true };
  if (janus === 'destroy') return { allowed: true, destroys: true };
  if (janus === 'attach')
    return body?.plugin === VIDEOROOM ? { allowed: true } : refuse('Only the VideoRoom plugin');
  if (janus !== 'message') return { allowed: true };
  const message = body?.body;
  if (typeof message !== 'object' || message === null || Array.isArray(message))
    return refuse('A VideoRoom message needs a body');
  const { request, room } = message as Record<string, unknown>;
  if (typeof request !== 'string' || !(VIEWER_REQUESTS as readonly string[]).includes(request))
    return refuse(`VideoRoom request '${String(request)}' is not open here`);
  if (room === undefined)
    return request === 'join' ? refuse('join names a room') : { allowed: true };
  if (typeof room !== 'number' || !Number.isSafeInteger(room) || room < 1)
    return refuse('room is a room number');
  return { allowed: true, room };
}
