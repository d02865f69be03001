import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Health } from '@fleet/contract';
import { HttpError, errorResponses } from '../../lib/http-error.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['health'],
        summary: 'Liveness and database reachability',
        security: [],
        response: { 200: Health, ...errorResponses(503) },
      },
    },
    async () => {
      let engineQueue: number;
      try {
        engineQueue = await app.services.engine.pending();
      } catch {
        throw new HttpError(503, 'DATABASE_UNAVAILABLE', 'The database does not answer');
      }
      return {
        status: 'ok' as const,
        database: 'ok' as const,
        version: app.appVersion,
        engineQueue,
        videoGateway: await app.services.videoGateway.status(),
      };
    },
  );
};
