import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { crudRoutes, on } from '../../lib/endpoint-routes.js';

export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.devices;
  crudRoutes(app, endpoints.devices, service);

  app.route({
    ...on(endpoints.devices.reissueCredential),
    handler: (request) => service.reissueCredential(request.user, request.params.id),
  });
};
