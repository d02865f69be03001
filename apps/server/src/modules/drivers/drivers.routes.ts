import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateDriverBody,
  Driver,
  DriverListPage,
  DriverListQuery,
  IdParams,
  UpdateDriverBody,
} from '@fleet/contract';
import { errorResponses, NoContent } from '../../lib/http-error.js';
import { sendPage } from '../../db/list-page.js';

export const driverRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.drivers;
  const tags = ['drivers'];

  app.get(
    '/organisations/:id/drivers',
    {
      schema: {
        tags,
        summary: "The organisation's own drivers, with the asset they drive now",
        description:
          'search: first and last name or phone; filter=unlinked: in no asset now. Without limit every row; X-Total-Count holds how many match.',
        params: IdParams,
        querystring: DriverListQuery,
        response: { 200: DriverListPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.list(request.user, request.params.id, request.query)),
  );

  app.post(
    '/organisations/:id/drivers',
    {
      schema: {
        tags,
        params: IdParams,
        body: CreateDriverBody,
        response: { 201: Driver, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user, request.params.id, request.body)),
  );

  app.get(
    '/drivers/:id',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: Driver, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.put(
    '/drivers/:id',
    {
      schema: {
        tags,
        summary: 'Change the fields sent',
        params: IdParams,
        body: UpdateDriverBody,
        response: { 200: Driver, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/drivers/:id',
    {
      schema: {
        tags,
        summary:
          'Delete the driver with its ended links and group memberships; 409 while it is linked to an asset',
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.delete(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
