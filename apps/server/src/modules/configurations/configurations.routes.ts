import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

export const configurationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.configurations;
  const table = endpoints.configurations;

  app.route({ ...on(table.definitions), handler: () => service.definitions() });

  app.route({
    ...on(table.asset),
    handler: (request) => app.services.deviceSettings.assetConfigs(request.user, request.params.id),
  });

  app.route({
    ...on(table.group),
    handler: (request) =>
      service.groupConfigurations(request.user, request.params.id, request.query),
  });

  app.route({
    ...on(table.updateGroup),
    handler: (request) =>
      service.update(request.user, request.params.id, request.body, request.query),
  });
};
