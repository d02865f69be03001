import websocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ErrorCode } from '@fleet/contract';
import { HttpError, forbidden, notFound } from '../../lib/http-error.js';
import { callerOf } from '../../plugins/authenticate.js';
import type { Viewer } from '../access/index.js';
import { callerKey } from '../authn/index.js';
import { inspectJanusRequest, type JanusTarget } from './janus-requests.js';
import type { JanusSessionsRepository } from './janus-sessions.repository.js';
import { MESSAGE_LIMIT, relayJanusSocket } from './janus-socket.js';

const BODY_LIMIT = 64 * 1024;
/** Janus holds a long-poll up to 30 s; a POST answers at once. */
const LONG_POLL_MS = 40_000;
const POST_MS = 10_000;
const PASSED_QUERY = ['rid', 'maxev', '_'];

type Params = { session?: string; handle?: string };

export interface JanusProxyOptions {
  /**
   * Refuses (throws) a viewer who may not use the gateway (no room) or may not watch the live
   * room `room`. Monitoring decides; app.ts passes it in, so the gateway does not import it.
   */
  authorise(viewer: Viewer, room?: number): Promise<void>;
  /** Who made each Janus session, shared by every server process (createJanusSessions). */
  sessions: JanusSessionsRepository;
}

/**
 * `/janus` → the Janus HTTP API (docs/monitoring.md, "Why the proxy"). Janus listens on
 * loopback only, so a browser on another machine reaches it through the server, and only with
 * a monitoring token or a signed-in session: as `Authorization: Bearer`, or as janus.js's
 * `token` option (a `token` field in the body, `?token=` on the long-poll), which is taken off
 * before the request goes on. Only what a viewer needs passes (janus-requests.ts); a join
 * names the room of a live monitoring the caller may read; a session answers only to the
 * caller that made it. Bodies up to 64 kB, answers within 40 s.
 */
export const janusProxyRoutes: FastifyPluginAsync<JanusProxyOptions> = async (
  app,
  { authorise, sessions },
) => {
  const gateway = app.services.videoGateway;

  // Malformed requests answer 400 before anyone is asked for a credential, as always.
  app.addHook('preValidation', async (request) => {
    const params = request.params as Params;
    for (const part of [params.session, params.handle])
      if (part !== undefined && !/^\d{1,20}$/.test(part))
        throw new HttpError(400, ErrorCode.VALIDATION_ERROR, 'Not a Janus session or handle');
    if (
      request.method === 'POST' &&
      (typeof request.body !== 'object' || request.body === null || Array.isArray(request.body))
    )
      throw new HttpError(400, ErrorCode.VALIDATION_ERROR, 'Send a JSON object');
  });
  app.addHook('preHandler', app.callers.acceptWithTokenParameter('user', 'monitoringToken'));

  const forward = async (request: FastifyRequest, path: string, body?: object) => {
    const target = gateway.url;
    if (!target)
      throw new HttpError(
        404,
        ErrorCode.NOT_FOUND,
        gateway.unavailableReason ?? 'No video gateway',
      );
    const query = new URLSearchParams();
    for (const [k, v] of Object.entries(request.query as Record<string, string>))
      if (PASSED_QUERY.includes(k) && typeof v === 'string') query.set(k, v);
    const url = `${target}${path}${query.size ? `?${query}` : ''}`;
    try {
      const response = await fetch(url, {
        method: request.method,
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(request.method === 'GET' ? LONG_POLL_MS : POST_MS),
      });
      return { status: response.status, text: await response.text() };
    } catch {
      throw new HttpError(502, 'GATEWAY_UNAVAILABLE', 'The video gateway does not answer');
    }
  };

  await janusSocketRoute(app, { authorise, sessions });

  for (const url of ['/janus', '/janus/:session', '/janus/:session/:handle']) {
    app.route({
      method: ['GET', 'POST'],
      url,
      bodyLimit: BODY_LIMIT,
      schema: { hide: true },
      handler: async (request, reply) => {
        const viewer = callerOf(request, 'user', 'monitoringToken');
        const owner = callerKey(viewer);
        const { session, handle } = request.params as Params;
        const target: JanusTarget = handle ? 'handle' : session ? 'session' : 'root';
        const body =
          request.method === 'POST' ? { ...(request.body as Record<string, unknown>) } : undefined;
        if (body) delete body.token;

        await authorise(viewer);
        const verdict = inspectJanusRequest(target, request.method as 'GET' | 'POST', body);
        if (!verdict.allowed) throw forbidden(verdict.why);
        if (session && !(await sessions.owns(session, owner)))
          throw notFound(`Janus session ${session} does not exist`);
        if (verdict.room !== undefined) await authorise(viewer, verdict.room);
        if (verdict.creates && !(await sessions.mayCreate(owner)))
          throw new HttpError(429, ErrorCode.TOO_MANY_ATTEMPTS, 'Too many open video sessions');

        const path = [session, handle]
          .filter(Boolean)
          .map((p) => `/${p}`)
          .join('');
        const { status, text } = await forward(request, path, body);
        const answer = janusAnswer(text);
        if (verdict.creates && answer?.janus === 'success') {
          const id = (answer.data as { id?: unknown } | undefined)?.id;
          if (typeof id === 'number') await sessions.created(String(id), owner);
        }
        if (verdict.destroys && session && answer?.janus === 'success')
          await sessions.destroyed(session);
        return reply
          .status(status)
          .header('content-type', 'application/json')
          .header('cache-control', 'no-store')
          .send(text);
      },
    });
  }
};

function janusAnswer(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The WebSocket route of the proxy, in its scope (the caller hook above applies). */
async function janusSocketRoute(
  app: FastifyInstance,
  { authorise, sessions }: JanusProxyOptions,
): Promise<void> {
  const gateway = app.services.videoGateway;
  await app.register(websocket, { options: { maxPayload: MESSAGE_LIMIT } });
  /**
   * `/janus/ws` → Janus's WebSocket API (issue 19 §5: one connection instead of a request and
   * a long-poll per step). The caller is known before the upgrade (`?token=`, as the
   * long-poll), and every message passes the same checks as a request (janus-socket.ts).
   * Without our own Janus (JANUS_URL) it answers 404, and janus.js falls back to HTTP.
   */
  app.get(
    '/janus/ws',
    {
      websocket: true,
      schema: { hide: true },
      preHandler: async (request) => {
        await authorise(callerOf(request, 'user', 'monitoringToken'));
        if (!gateway.wsUrl)
          throw new HttpError(404, ErrorCode.NOT_FOUND, 'No WebSocket to the video gateway');
      },
    },
    (socket, request) => {
      const viewer = callerOf(request, 'user', 'monitoringToken');
      relayJanusSocket(socket, {
        upstreamUrl: gateway.wsUrl!,
        owner: callerKey(viewer),
        authorise: (room) => authorise(viewer, room),
        sessions,
        log: request.log,
      });
    },
  );
}
