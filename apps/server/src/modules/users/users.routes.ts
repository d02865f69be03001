import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, User } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/users/:id',
    {
      schema: {
        tags: ['users'],
        params: IdParams,
        response: { 200: User, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => app.services.users.get(request.user, request.params.id),
  );
};
