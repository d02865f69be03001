import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { FleetEntry, FleetQuery, IdParams } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';
import { clientGone } from '../../db/heavy-work.js';

export const fleetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/organisations/:id/assets/fleet',
    {
      schema: {
        tags: ['vehicle data'],
        summary:
          'Fleet overview: every asset now (with entities=true, of the organisations below too)',
        params: IdParams,
        querystring: FleetQuery,
        response: { 200: Type.Array(FleetEntry), ...errorResponses(400, 401, 403, 404) },
      },
    },
    (r, reply) => app.services.fleet.fleet(r.user, r.params.id, r.query, clientGone(reply)),
  );
};
