import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, ManagementOverview } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

export const managementOverviewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/organisations/:id/managementoverview',
    {
      schema: {
        tags: ['management'],
        summary: "Counts of the organisation's own records and what needs attention",
        description:
          'Each check names the list and filter that shows its records: /management/{resource}?filter={filter}.',
        params: IdParams,
        response: { 200: ManagementOverview, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => app.services.managementOverview.get(request.user, request.params.id),
  );
};
