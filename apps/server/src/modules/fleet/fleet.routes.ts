import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FleetEntry, FleetOrganisationCount, FleetQuery, IdParams } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';
import { clientGone } from '../../db/heavy-work.js';
import { sendPage } from '../../lib/page.js';

export const fleetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/organisations/:id/assets/fleet',
    {
      schema: {
        tags: ['vehicle data'],
        summary:
          'Fleet overview: every asset now (with entities=true, of the organisations below too)',
        description:
          'Without limit every asset, newest data first. With limit: one page of the cards (assets with a device now; newest data first, never sent last, then name and id) from offset. X-Total-Count holds how many entries there are (with limit: cards).',
        params: IdParams,
        querystring: FleetQuery,
        response: { 200: Type.Array(FleetEntry), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (r, reply) => {
      const { entries, total } = await app.services.fleet.fleet(
        r.user,
        r.params.id,
        r.query,
        clientGone(reply),
      );
      return sendPage(reply, { rows: entries, total });
    },
  );

  app.get(
    '/organisations/:id/assets/fleet/organisations',
    {
      schema: {
        tags: ['vehicle data'],
        summary:
          'How many fleet overview cards (assets with a device now) the organisation and each one below it has; only those with cards',
        params: IdParams,
        response: {
          200: Type.Array(FleetOrganisationCount),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    (r, reply) => app.services.fleet.cardCounts(r.user, r.params.id, clientGone(reply)),
  );
};
