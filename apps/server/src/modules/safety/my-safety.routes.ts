import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

export const mySafetyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...on(endpoints.safety.my),
    handler: (request) => app.services.mySafety.get(request.user),
  });
};
