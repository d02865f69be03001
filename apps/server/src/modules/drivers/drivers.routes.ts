import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { crudRoutes } from '../../lib/endpoint-routes.js';

export const driverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, endpoints.drivers, app.services.drivers);
};
