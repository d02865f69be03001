import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, Report, ReportBody } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

export const reportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const schema = (summary: string) => ({
    tags: ['reports'],
    summary,
    params: IdParams,
    body: ReportBody,
    response: { 200: Report, ...errorResponses(400, 401, 403, 404) },
  });

  app.post(
    '/organisations/:id/reports/assets',
    { schema: schema('Driving style per asset, per interval or per trip') },
    (request) => app.services.reports.assets(request.user, request.params.id, request.body),
  );
  app.post(
    '/organisations/:id/reports/drivers',
    { schema: schema('Driving style per driver (and UNKNOWN)') },
    (request) => app.services.reports.drivers(request.user, request.params.id, request.body),
  );
};
