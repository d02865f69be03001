import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

export const managementOverviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...on(endpoints.managementOverview.get),
    handler: (request) => app.services.managementOverview.get(request.user, request.params.id),
  });
};
