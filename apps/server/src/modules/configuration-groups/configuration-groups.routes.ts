import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { crudRoutes } from '../../lib/endpoint-routes.js';
import { membershipRoutes } from '../groups/index.js';

export const configurationGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const table = endpoints.configurationGroups;

  crudRoutes(app, table, app.services.configurationGroups);

  membershipRoutes(
    app,
    { members: table.members, candidates: table.candidates, kinds: [table.assets] },
    () => app.services.configurationGroups.membership,
  );
};
