import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

export const geocodingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...on(endpoints.geocoding.address),
    handler: (request) => app.services.geocoding.address(request.query),
  });
};
