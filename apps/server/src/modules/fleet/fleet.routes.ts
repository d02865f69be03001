import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { clientGone } from '../../db/heavy-work.js';
import { on } from '../../lib/endpoint-routes.js';
import { sendPage } from '../../lib/page.js';

export const fleetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const table = endpoints.fleet;

  app.route({
    ...on(table.list),
    handler: async (r, reply) => {
      const { entries, total } = await app.services.fleet.fleet(
        r.user,
        r.params.id,
        r.query,
        clientGone(reply),
      );
      return sendPage(reply, { rows: entries, total });
    },
  });

  app.route({
    ...on(table.organisations),
    handler: (r, reply) => app.services.fleet.cardCounts(r.user, r.params.id, clientGone(reply)),
  });
};
