import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Report, ReportBody, ReportInterval } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';
import { sendJsonArray } from '../../lib/json-array-stream.js';
import { clientGone } from '../../lib/limits-http.js';

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

  app.post(
    '/organisations/:id/reports/assets',
    { schema: schema('Driving style per asset, per interval or per trip') },
    (request, reply) => {
      const signal = clientGone(reply);
      const intervals = app.services.reports.assets(
        request.user,
        request.params.id,
        request.body,
        signal,
      );
      return sendJsonArray(reply, intervals, ReportInterval, signal);
    },
  );
  app.post(
    '/organisations/:id/reports/drivers',
    { schema: schema('Driving style per driver (and UNKNOWN)') },
    (request, reply) => {
      const signal = clientGone(reply);
      const intervals = app.services.reports.drivers(
        request.user,
        request.params.id,
        request.body,
        signal,
      );
      return sendJsonArray(reply, intervals, ReportInterval, signal);
    },
  );
};
