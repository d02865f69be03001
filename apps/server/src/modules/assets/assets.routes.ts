import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { crudRoutes } from '../../lib/endpoint-routes.js';

export const assetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  crudRoutes(app, endpoints.assets, app.services.assets);
};
