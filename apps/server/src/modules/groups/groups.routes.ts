import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateGroupBody,
  Group,
  GroupListPage,
  GroupListQuery,
  GroupMembers,
  IdParams,
  UpdateGroupBody,
} from '@fleet/contract';
import { errorResponses, NoContent } from '../../lib/http-error.js';
import { sendPage } from '../../db/list-page.js';
import { membershipRoutes } from './membership.routes.js';

export const groupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.groups;
  const tags = ['groups'];

  app.get(
    '/organisations/:id/groups',
    {
      schema: {
        tags,
        summary: "The organisation's own groups, with their numbers of assets and drivers",
        description: 'search: name. Without limit every row; X-Total-Count holds how many match.',
        params: IdParams,
        querystring: GroupListQuery,
        response: { 200: GroupListPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.list(request.user, request.params.id, request.query)),
  );

  app.post(
    '/organisations/:id/groups',
    {
      schema: {
        tags,
        params: IdParams,
        body: CreateGroupBody,
        response: { 201: Group, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user, request.params.id, request.body)),
  );

  app.get(
    '/groups/:id',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: Group, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.put(
    '/groups/:id',
    {
      schema: {
        tags,
        summary: 'Change the fields sent',
        params: IdParams,
        body: UpdateGroupBody,
        response: { 200: Group, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/groups/:id',
    {
      schema: {
        tags,
        summary: 'Delete the group; its members stay',
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await service.delete(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

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
