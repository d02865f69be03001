import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

/** Public routes: sign-in and token refresh (spec §7 Authentication). */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { login, refresh, logout } = endpoints.auth;

  app.route({
    ...on(login),
    handler: (request) => app.services.auth.login(request.body, request.ip),
  });

  app.route({
    ...on(refresh),
    handler: (request) => app.services.auth.refresh(request.body.refreshToken),
  });

  app.route({
    ...on(logout),
    handler: async (request, reply) => {
      await app.services.auth.logout(request.body.refreshToken);
      return reply.status(204).send(null);
    },
  });
};
