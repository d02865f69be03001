import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode, type AccessTokenClaims } from '@fleet/contract';
import { unauthorized } from '../lib/http-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller; set by `authenticate` on every protected route. */
    user: AccessTokenClaims;
  }
  interface FastifyInstance {
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** Reads `Authorization: Bearer <jwt>`, checks it and its session, and sets request.user, or answers 401. */
export default fp(
  async function authenticate(app: FastifyInstance) {
    app.decorateRequest('user', null as unknown as AccessTokenClaims);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const header = request.headers.authorization ?? '';
      const match = /^Bearer\s+(\S+)$/i.exec(header);
      if (!match?.[1])
        throw unauthorized(
          ErrorCode.UNAUTHORIZED,
          'Sign in first: the request has no access token',
        );
      request.user = await app.services.sessions.authenticate(match[1]);
    });
  },
  { name: 'authenticate' },
);
