import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, ConfigurationGroupMembers } from '@fleet/contract';
import { crudRoutes } from '../../lib/endpoint-routes.js';
import { membershipRoutes } from '../groups/index.js';

export const configurationGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['configuration groups'];

  crudRoutes(app, endpoints.configurationGroups, app.services.configurationGroups);

  await app.register(membershipRoutes, {
    base: 'configurationgroups',
    tags,
    membership: () => app.services.configurationGroups.membership,
    kinds: ['asset'],
    removeWithPut: false,
    members: ConfigurationGroupMembers,
    summaries: {
      add: 'Put the asset in this configuration group, out of any other; its device gets the settings',
      remove: 'Take the asset out of this configuration group; its device gets the defaults',
      candidates: "Assets of the group's organisation not in it (without one, or in another)",
    },
  });
};
