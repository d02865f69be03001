import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';
import { sendPage } from '../../lib/page.js';
import { sendProgress } from '../../lib/progress-stream.js';

export const organisationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.organisations;
  const table = endpoints.organisations;

  app.route({ ...on(table.list), handler: (request) => service.list(request.user) });

  app.route({
    ...on(table.get),
    handler: (request) => service.get(request.user, request.params.id),
  });

  app.route({
    ...on(table.overview),
    handler: async (request, reply) =>
      sendPage(reply, await service.overview(request.user, request.params.id, request.query)),
  });

  app.route({
    ...on(table.createChild),
    handler: async (request, reply) => {
      const created = await service.createChild(request.user, request.params.id, request.body.name);
      return reply.status(201).send(created);
    },
  });

  app.route({
    ...on(table.update),
    handler: (request) => service.update(request.user, request.params.id, request.body),
  });

  app.route({
    ...on(table.remove),
    handler: async (request, reply) => {
      const work = await service.delete(request.user, request.params.id, request.query.confirm);
      return sendProgress(reply, work);
    },
  });
};
