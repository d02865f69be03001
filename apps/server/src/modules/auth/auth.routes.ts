import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LoginBody, RefreshBody, TokenPair } from '@fleet/contract';
import { errorResponses, NoContent } from '../../lib/http-error.js';

/** Public routes: sign-in and token refresh (spec §7 Authentication). */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with organisation, user name and password',
        security: [],
        body: LoginBody,
        response: { 200: TokenPair, ...errorResponses(400, 401, 429) },
      },
    },
    (request) => app.services.auth.login(request.body, request.ip),
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Trade a refresh token for a new pair; the old one stops working',
        security: [],
        body: RefreshBody,
        response: { 200: TokenPair, ...errorResponses(400, 401) },
      },
    },
    (request) => app.services.auth.refresh(request.body.refreshToken),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary:
          'End the session of a refresh token: it, its successors and the access tokens it issued stop working',
        security: [],
        body: RefreshBody,
        response: { 204: NoContent, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      await app.services.auth.logout(request.body.refreshToken);
      return reply.status(204).send(null);
    },
  );
};
