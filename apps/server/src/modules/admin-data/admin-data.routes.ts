import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DataQuery,
  DeleteOrganisationQuery,
  IdParams,
  ImportQuery,
  QueryPointList,
} from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';
import { sendProgress } from '../../lib/progress-stream.js';

/** The streamed answer, for the OpenAPI document (the lines are the contract's *Progress). */
const progressLines = (fields: string) =>
  Type.Unknown({
    description: `JSON lines (application/x-ndjson): a first line status 'started' at once, 'running' lines at least every second, and a last line 'finished' (or 'failed' with a message). Each line: ${fields}`,
  });

/** Admin base (/admin-api): re-processing and data maintenance. */
export const adminDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.adminData;

  app.post(
    '/rawdatas/import',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Re-process a window of at most 93 days (and 5000 device-days): everything of the caller, one organisation with those below it, or one asset. Progress streams as JSON lines until it is done; a client that goes away cancels it at the next step',
        querystring: ImportQuery,
        response: {
          200: progressLines(
            '{status, devices, reattributed, total, remaining, processed}; finished adds {assetDays, records, seconds}',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      // Checked before the first byte, so a refusal answers {code, message} with its status.
      const plan = await service.planImport(request.user, request.query);
      return sendProgress(reply, (report, signal) => service.runImport(plan, report, signal));
    },
  );

  app.get(
    '/assets/:id/querypoints',
    {
      schema: {
        tags: ['admin'],
        summary: 'Positions the asset reported, from records and datapoints, oldest first',
        params: IdParams,
        querystring: DataQuery,
        response: { 200: QueryPointList, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.queryPoints(request.user, request.params.id, request.query),
  );

  app.delete(
    '/organisations/:id/data',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Delete all vehicle data of the organisation and below, confirmed with its name (confirm=<name>); the fleet records stay. One transaction: all of it or nothing; a client that goes away cancels it',
        params: IdParams,
        querystring: DeleteOrganisationQuery,
        response: {
          200: progressLines(
            '{status, done, steps, deleted: {rawRecords, trips, …}}; finished adds {seconds}',
          ),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const work = await service.deleteData(request.user, request.params.id, request.query.confirm);
      return sendProgress(reply, work);
    },
  );
};
