import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { GeocodeAnswer, GeocodeQuery } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

export const geocodingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/geocode',
    {
      schema: {
        tags: ['geocoding'],
        summary: 'The address or place at a position (reverse geocoding, cached)',
        querystring: GeocodeQuery,
        response: { 200: GeocodeAnswer, ...errorResponses(400, 401) },
      },
    },
    (request) => app.services.geocoding.address(request.query),
  );
};
