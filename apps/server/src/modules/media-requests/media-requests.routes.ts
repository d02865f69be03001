import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

/** Media requests (spec §7): ask a vehicle for a moment's pictures or video, and follow it. */
export const mediaRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.mediaRequests;
  const table = endpoints.mediaRequests;

  for (const [by, calls] of [
    ['asset', table.ofAsset],
    ['driver', table.ofDriver],
  ] as const) {
    app.route({
      ...on(calls.create),
      handler: async (r, reply) =>
        reply.status(201).send(await service.create(r.user, by, r.params.id, r.body)),
    });
    app.route({
      ...on(calls.list),
      handler: (r) => service.list(r.user, by, r.params.id, r.query),
    });
  }

  app.route({
    ...on(table.medias),
    handler: (r) => service.medias(r.user, r.params.id),
  });
};
