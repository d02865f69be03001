import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { ErrorCode } from '@fleet/contract';
import { HttpError, unauthorized } from '../../lib/http-error.js';
import { MonitoringTokens } from '../monitoring/monitoring-tokens.js';

const BODY_LIMIT = 64 * 1024;
/** Janus holds a long-poll up to 30 s; a POST answers at once. */
const LONG_POLL_MS = 40_000;
const POST_MS = 10_000;
const PASSED_QUERY = ['rid', 'maxev', '_'];

/**
 * `/janus` → the Janus HTTP API (docs/monitoring.md, "Why the proxy"). Janus listens on
 * loopback only, so a browser on another machine reaches it through the server, and only with
 * a monitoring token or a signed-in session: as `Authorization: Bearer`, or as janus.js's
 * `token` option (a `token` field in the body, `?token=` on the long-poll), which is taken off
 * before the request goes on. Bodies up to 64 kB, answers within 40 s.
 */
export const janusProxyRoutes: FastifyPluginAsync = async (app) => {
  const gateway = app.services.videoGateway;

  const authorise = async (request: FastifyRequest, body: Record<string, unknown> | undefined) => {
    const query = request.query as Record<string, string | undefined>;
    const token =
      /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1] ??
      (typeof body?.token === 'string' ? body.token : undefined) ??
      query.token;
    if (!token)
      throw unauthorized(ErrorCode.UNAUTHORIZED, 'A monitoring token or a session is required');
    if (MonitoringTokens.looksLikeOne(token)) {
      await app.services.monitoring.viewerOfToken(token);
    } else {
      const user = await app.services.sessions.authenticate(token);
      app.services.access.assertMayMonitor(user);
    }
  };

  const forward = async (request: FastifyRequest, path: string) => {
    const body =
      request.method === 'POST' && typeof request.body === 'object' && request.body !== null
        ? { ...(request.body as Record<string, unknown>) }
        : undefined;
    if (request.method === 'POST' && !body)
      throw new HttpError(400, ErrorCode.VALIDATION_ERROR, 'Send a JSON object');
    await authorise(request, body);
    const target = gateway.url;
    if (!target)
      throw new HttpError(
        404,
        ErrorCode.NOT_FOUND,
        gateway.unavailableReason ?? 'No video gateway',
      );
    if (body) delete body.token;
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
      const text = await response.text();
      return { status: response.status, text };
    } catch {
      throw new HttpError(502, 'GATEWAY_UNAVAILABLE', 'The video gateway does not answer');
    }
  };

  for (const url of ['/janus', '/janus/:session', '/janus/:session/:handle']) {
    app.route({
      method: ['GET', 'POST'],
      url,
      bodyLimit: BODY_LIMIT,
      schema: { hide: true },
      handler: async (request, reply) => {
        const params = request.params as { session?: string; handle?: string };
        for (const part of [params.session, params.handle])
          if (part !== undefined && !/^\d{1,20}$/.test(part))
            throw new HttpError(400, ErrorCode.VALIDATION_ERROR, 'Not a Janus session or handle');
        const path = [params.session, params.handle]
          .filter(Boolean)
          .map((p) => `/${p}`)
          .join('');
        const { status, text } = await forward(request, path);
        return reply
          .status(status)
          .header('content-type', 'application/json')
          .header('cache-control', 'no-store')
          .send(text);
      },
    });
  }
};
