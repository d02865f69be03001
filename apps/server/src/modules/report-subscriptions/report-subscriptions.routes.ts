import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

/** Report subscriptions and their delivery history (issue 21 §4). */
export const reportSubscriptionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.reportSubscriptions;
  const table = endpoints.reportSubscriptions;

  app.route({ ...on(table.list), handler: (r) => service.list(r.user, r.params.id) });
  app.route({
    ...on(table.create),
    handler: async (r, reply) =>
      reply.code(201).send(await service.create(r.user, r.params.id, r.body)),
  });
  app.route({
    ...on(table.remove),
    handler: async (r, reply) => {
      await service.remove(r.user, r.params.id);
      return reply.code(204).send(null);
    },
  });
  app.route({ ...on(table.deliveries), handler: (r) => service.deliveries(r.user, r.params.id) });
};
