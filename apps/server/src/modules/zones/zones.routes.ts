import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

/** Zones and their visits (issue 21 §1). */
export const zoneRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.zones;
  const table = endpoints.zones;

  app.route({ ...on(table.list), handler: (r) => service.list(r.user, r.params.id) });
  app.route({
    ...on(table.create),
    handler: async (r, reply) =>
      reply.code(201).send(await service.create(r.user, r.params.id, r.body)),
  });
  app.route({ ...on(table.update), handler: (r) => service.update(r.user, r.params.id, r.body) });
  app.route({
    ...on(table.remove),
    handler: async (r, reply) => {
      await service.remove(r.user, r.params.id);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...on(table.visits),
    handler: (r) => service.visits(r.user, r.params.id, r.query),
  });
};
