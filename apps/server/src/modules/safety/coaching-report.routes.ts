import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';
import { coachingReportCsv } from './coaching-report.csv.js';

export const coachingReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...on(endpoints.safety.coachingReport),
    handler: (request) =>
      app.services.coachingReport.report(request.user, request.params.id, request.query),
  });
  app.route({
    ...on(endpoints.safety.coachingReportCsv),
    handler: async (request, reply) => {
      const report = await app.services.coachingReport.report(
        request.user,
        request.params.id,
        request.query,
      );
      const name = `coaching-report-${report.from.slice(0, 10)}-${report.until.slice(0, 10)}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(coachingReportCsv(report));
    },
  });
};
