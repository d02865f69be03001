import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CreateOrganisationBody, IdParams, Organisation, OrganisationList } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

export const organisationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.organisations;

  app.get(
    '/organisations',
    {
      schema: {
        tags: ['organisations'],
        summary: "The caller's organisation and all its descendants",
        response: { 200: OrganisationList, ...errorResponses(401) },
      },
    },
    (request) => service.list(request.user),
  );

  app.get(
    '/organisations/:id',
    {
      schema: {
        tags: ['organisations'],
        params: IdParams,
        response: { 200: Organisation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.post(
    '/organisations/:id',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Create a child organisation under {id}',
        params: IdParams,
        body: CreateOrganisationBody,
        response: { 201: Organisation, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await service.createChild(request.user, request.params.id, request.body.name);
      return reply.status(201).send(created);
    },
  );
};
