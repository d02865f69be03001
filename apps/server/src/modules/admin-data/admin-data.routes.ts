import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';
import { sendProgress } from '../../lib/progress-stream.js';

/** Admin base (/admin-api): re-processing and data maintenance. */
export const adminDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.adminData;
  const table = endpoints.adminData;

  app.route({
    ...on(table.reprocess),
    handler: async (request, reply) => {
      // Checked before the first byte, so a refusal answers {code, message} with its status.
      const plan = await service.planImport(request.user, request.query);
      return sendProgress(reply, (report, signal) => service.runImport(plan, report, signal));
    },
  });

  app.route({
    ...on(table.queryPoints),
    handler: (request) => service.queryPoints(request.user, request.params.id, request.query),
  });

  app.route({
    ...on(table.deleteData),
    handler: async (request, reply) => {
      const work = await service.deleteData(request.user, request.params.id, request.query.confirm);
      return sendProgress(reply, work);
    },
  });
};
