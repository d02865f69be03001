import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateGroupBody,
  Group,
  GroupListPage,
  GroupListQuery,
  GroupMembers,
  IdParams,
  MemberAssetParams,
  MemberDriverParams,
  UpdateGroupBody,
} from '@fleet/contract';
import { errorResponses, NoContent } from '../../lib/http-error.js';
import { sendPage } from '../../lib/list-page.js';

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

  app.get(
    '/groups/:id/members',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: GroupMembers, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.members(request.user, request.params.id),
  );

  app.get(
    '/groups/:id/membercandidates',
    {
      schema: {
        tags,
        summary: "Assets and drivers of the group's organisation not in the group yet",
        params: IdParams,
        response: { 200: GroupMembers, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.candidates(request.user, request.params.id),
  );

  const membership = { tags, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } };
  const added = 'Add to the group (again: no change)';
  const removed = 'Take out of the group';
  app.put(
    '/groups/:id/assets/:assetId',
    { schema: { ...membership, summary: added, params: MemberAssetParams } },
    async (request, reply) => {
      await service.setAsset(request.user, request.params.id, request.params.assetId, true);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/groups/:id/assets/:assetId',
    { schema: { ...membership, summary: removed, params: MemberAssetParams } },
    async (request, reply) => {
      await service.setAsset(request.user, request.params.id, request.params.assetId, false);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/groups/:id/drivers/:driverId',
    { schema: { ...membership, summary: added, params: MemberDriverParams } },
    async (request, reply) => {
      await service.setDriver(request.user, request.params.id, request.params.driverId, true);
      return reply.status(204).send(null);
    },
  );
  // Spec §7: the portal removes a driver with PUT too; DELETE keeps working.
  app.put(
    '/groups/:id/drivers/:driverId/remove',
    {
      schema: {
        ...membership,
        summary: `${removed} (PUT, as the portal calls it)`,
        params: MemberDriverParams,
      },
    },
    async (request, reply) => {
      await service.setDriver(request.user, request.params.id, request.params.driverId, false);
      return reply.status(204).send(null);
    },
  );
  app.put(
    '/groups/:id/assets/:assetId/remove',
    { schema: { ...membership, summary: `${removed} (PUT)`, params: MemberAssetParams } },
    async (request, reply) => {
      await service.setAsset(request.user, request.params.id, request.params.assetId, false);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/groups/:id/drivers/:driverId',
    { schema: { ...membership, summary: removed, params: MemberDriverParams } },
    async (request, reply) => {
      await service.setDriver(request.user, request.params.id, request.params.driverId, false);
      return reply.status(204).send(null);
    },
  );
};
