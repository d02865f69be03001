import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Report, ReportBody } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';
import { sendJsonArray } from '../../lib/json-array-stream.js';
import { clientGone } from '../../db/heavy-work.js';
import { reportIntervalJson } from './report-json.js';

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = (summary: string) => ({
    tags: ['reports'],
    summary,
    description:
      'The intervals are streamed as they are computed. A long report over many entities counts against per-user and per-organisation limits: 429 with Retry-After beyond.',
    params: IdParams,
    body: ReportBody,
    response: { 200: Report, ...errorResponses(400, 401, 403, 404, 429) },
  });

  // Both reports answer the same way: intervals streamed as computed, stopped when the client goes.
  for (const [kind, summary] of [
    ['assets', 'Driving style per asset, per interval or per trip'],
    ['drivers', 'Driving style per driver (and UNKNOWN)'],
  ] as const) {
    app.post(
      `/organisations/:id/reports/${kind}`,
      { schema: schema(summary) },
      (request, reply) => {
        const signal = clientGone(reply);
        const intervals = app.services.reports[kind](
          request.user,
          request.params.id,
          request.body,
          signal,
        );
        return sendJsonArray(reply, intervals, reportIntervalJson, signal);
      },
    );
  }
};
