import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SYNC_API_KEY_HEADER, type AccessTokenClaims } from '@fleet/contract';
import type { Caller, CallerKind, CallerOf } from '../modules/authn/index.js';

type Hook = (request: FastifyRequest) => Promise<void>;

export interface Callers {
  /**
   * A hook that lets a route scope through for the kinds of caller it names (and answers 401
   * otherwise): `scope.addHook('onRequest', app.callers.accept('user', 'monitoringToken'))`.
   * It sets `request.caller`, and `request.user` for a session user.
   */
  accept(...kinds: CallerKind[]): Hook;
  /**
   * The same, taking janus.js's `token` option too (a `token` body field or `?token=`, which
   * the proxy takes off before forwarding). Needs the body: use it as a preHandler.
   */
  acceptWithTokenParameter(...kinds: CallerKind[]): Hook;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is calling: set by the scope's `callers.accept(…)` hook. */
    caller: Caller;
    /** The signed-in user, when the caller is one (`caller.user`); set on every session route. */
    user: AccessTokenClaims;
    /** The device whose credential signed the request (the device API's scope). */
    deviceId: number;
  }
  interface FastifyInstance {
    callers: Callers;
    /** `callers.accept('user')`: the signed-in scopes' hook. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** The caller of a route whose scope accepts only the named kinds (a scope wired wrong: 500). */
export function callerOf<K extends CallerKind>(
  request: FastifyRequest,
  ...kinds: K[]
): CallerOf<K> {
  const caller = request.caller as Caller | null;
  if (!caller || !(kinds as CallerKind[]).includes(caller.kind))
    throw new Error(`route scope does not authenticate ${kinds.join(' or ')}`);
  return caller as CallerOf<K>;
}

/**
 * The one authentication layer (docs/architecture.md, "Authentication"): every route scope
 * says which kinds of caller it accepts, the credential is read off the request here and
 * checked once by modules/authn, and the caller is on the request for the handlers.
 */
export default fp(
  async function authenticate(app: FastifyInstance) {
    app.decorateRequest('caller', null as never);
    app.decorateRequest('user', null as unknown as AccessTokenClaims);
    app.decorateRequest('deviceId', 0);

    const hook =
      (kinds: CallerKind[], tokenParameter: boolean): Hook =>
      async (request) => {
        if (request.caller && kinds.includes(request.caller.kind)) return; // an outer scope did
        const query = request.query as Record<string, unknown> | undefined;
        const body = request.body as Record<string, unknown> | undefined;
        const apiKey = request.headers[SYNC_API_KEY_HEADER];
        const text = (value: unknown) => (typeof value === 'string' ? value : undefined);
        const caller = await app.services.authentication.identify(
          {
            authorization: request.headers.authorization,
            apiKey: text(apiKey),
            link: text(query?.link),
            tokenParameter: tokenParameter
              ? (text(body && typeof body === 'object' ? body.token : undefined) ??
                text(query?.token))
              : undefined,
          },
          kinds,
          tokenParameter,
        );
        request.caller = caller;
        if (caller.kind === 'user') request.user = caller.user;
        if (caller.kind === 'device') request.deviceId = caller.deviceId;
      };

    const callers: Callers = {
      accept: (...kinds) => hook(kinds, false),
      acceptWithTokenParameter: (...kinds) => hook(kinds, true),
    };
    app.decorate('callers', callers);
    app.decorate('authenticate', callers.accept('user'));
  },
  { name: 'authenticate' },
);
