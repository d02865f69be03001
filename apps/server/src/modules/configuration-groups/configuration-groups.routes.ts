import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ConfigurationGroup,
  ConfigurationGroupDetail,
  ConfigurationGroupListPage,
  ConfigurationGroupListQuery,
  ConfigurationGroupMembers,
  CreateConfigurationGroupBody,
  IdParams,
  UpdateConfigurationGroupBody,
} from '@fleet/contract';
import { errorResponses, NoContent } from '../../lib/http-error.js';
import { sendPage } from '../../db/list-page.js';
import { membershipRoutes } from '../groups/index.js';

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
        summary: 'The configuration group, with the settings state of each device of its assets',
        params: IdParams,
        response: { 200: ConfigurationGroupDetail, ...errorResponses(400, 401, 403, 404) },
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
