import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { crudRoutes } from '../../lib/endpoint-routes.js';
import { membershipRoutes } from './membership.routes.js';

export const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const table = endpoints.groups;

  crudRoutes(app, table, app.services.groups);

  membershipRoutes(
    app,
    { members: table.members, candidates: table.candidates, kinds: [table.assets, table.drivers] },
    () => app.services.groups.membership,
  );
};
