import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorCode, endpoints, type JobQueueDepth } from '@fleet/contract';
import { databaseWatch } from '../../db/database.js';
import { on } from '../../lib/endpoint-routes.js';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  databaseUnavailable,
  isDatabaseUnavailable,
} from '../../lib/postgres-errors.js';

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...on(endpoints.health.get),
    handler: async (_request, reply) => {
      const unavailable = async (since?: Date) => {
        void reply.status(503).header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
        return {
          code: ErrorCode.DATABASE_UNAVAILABLE,
          message: databaseUnavailable().message,
          status: 'unavailable' as const,
          database: 'unavailable' as const,
          ...(since ? { databaseUnavailableSince: since.toISOString() } : {}),
          version: app.appVersion,
          videoGateway: await app.services.videoGateway.status(),
        };
      };
      // The watch already knows: answer at once rather than wait on a frozen server.
      const state = databaseWatch(app.db)?.state;
      if (state && !state.available) return unavailable(state.since);
      let engineQueue: number;
      let jobs: JobQueueDepth[];
      try {
        [engineQueue, jobs] = await Promise.all([app.services.engine.pending(), app.jobs.depths()]);
      } catch (error) {
        // Whatever the database answered instead, this process is not healthy.
        if (isDatabaseUnavailable(error)) databaseWatch(app.db)?.suspect();
        else app.log.error({ err: error }, 'health: the database refused the check');
        return unavailable();
      }
      return {
        status: 'ok' as const,
        database: 'ok' as const,
        version: app.appVersion,
        engineQueue,
        jobs,
        videoGateway: await app.services.videoGateway.status(),
      };
    },
  });
};
