import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints, GroupMembers } from '@fleet/contract';
import { crudRoutes } from '../../lib/endpoint-routes.js';
import { membershipRoutes } from './membership.routes.js';

export const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tags = ['groups'];

  crudRoutes(app, endpoints.groups, app.services.groups);

  await app.register(membershipRoutes, {
    base: 'groups',
    tags,
    membership: () => app.services.groups.membership,
    kinds: ['asset', 'driver'],
    removeWithPut: true,
    members: GroupMembers,
    summaries: {
      add: 'Add to the group (again: no change)',
      remove: 'Take out of the group',
      candidates: "Assets and drivers of the group's organisation not in the group yet",
    },
  });
};
