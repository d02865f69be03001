import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConfigurationGroup,
  ConfigurationGroupListPage,
  ConfigurationGroupListQuery,
  ConfigurationGroupMembers,
  CreateConfigurationGroupBody,
  IdParams,
  MemberAssetParams,
  UpdateConfigurationGroupBody,
} from '@fleet/contract';
import { errorResponses, NoContent } from '../../lib/http-error.js';
import { sendPage } from '../../lib/list-page.js';

export const configurationGroupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.configurationGroups;
  const tags = ['configuration groups'];

  app.get(
    '/organisations/:id/configurationgroups',
    {
      schema: {
        tags,
        summary: "The organisation's own configuration groups, with their numbers of assets",
        description: 'search: name. Without limit every row; X-Total-Count holds how many match.',
        params: IdParams,
        querystring: ConfigurationGroupListQuery,
        response: { 200: ConfigurationGroupListPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.list(request.user, request.params.id, request.query)),
  );

  app.post(
    '/organisations/:id/configurationgroups',
    {
      schema: {
        tags,
        params: IdParams,
        body: CreateConfigurationGroupBody,
        response: { 201: ConfigurationGroup, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user, request.params.id, request.body)),
  );

  app.get(
    '/configurationgroups/:id',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: ConfigurationGroup, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.put(
    '/configurationgroups/:id',
    {
      schema: {
        tags,
        summary: 'Change the fields sent',
        params: IdParams,
        body: UpdateConfigurationGroupBody,
        response: { 200: ConfigurationGroup, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/configurationgroups/:id',
    {
      schema: {
        tags,
        summary: 'Delete the configuration group with its settings; 409 while it holds assets',
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.delete(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/configurationgroups/:id/members',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: ConfigurationGroupMembers, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.members(request.user, request.params.id),
  );

  app.get(
    '/configurationgroups/:id/membercandidates',
    {
      schema: {
        tags,
        summary: "Assets of the group's organisation not in it (without one, or in another)",
        params: IdParams,
        response: { 200: ConfigurationGroupMembers, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.candidates(request.user, request.params.id),
  );

  const membership = { tags, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } };
  app.put(
    '/configurationgroups/:id/assets/:assetId',
    {
      schema: {
        ...membership,
        summary: 'Put the asset in this configuration group, out of any other',
        params: MemberAssetParams,
      },
    },
    async (request, reply) => {
      await service.setAsset(request.user, request.params.id, request.params.assetId, true);
      return reply.status(204).send(null);
    },
  );
  app.delete(
    '/configurationgroups/:id/assets/:assetId',
    {
      schema: {
        ...membership,
        summary: 'Take the asset out of this configuration group',
        params: MemberAssetParams,
      },
    },
    async (request, reply) => {
      await service.setAsset(request.user, request.params.id, request.params.assetId, false);
      return reply.status(204).send(null);
    },
  );
};
