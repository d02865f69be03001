import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { clientGone } from '../../db/heavy-work.js';
import { on } from '../../lib/endpoint-routes.js';
import { sendJsonArray } from '../../lib/json-array-stream.js';
import { reportIntervalJson } from './report-json.js';

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Both reports answer the same way: intervals streamed as computed, stopped when the client goes.
  for (const kind of ['assets', 'drivers'] as const) {
    app.route({
      ...on(endpoints.reports[kind]),
      handler: (request, reply) => {
        const signal = clientGone(reply);
        const intervals = app.services.reports[kind](
          request.user,
          request.params.id,
          request.body,
          signal,
        );
        return sendJsonArray(reply, intervals, reportIntervalJson, signal);
      },
    });
  }
};
