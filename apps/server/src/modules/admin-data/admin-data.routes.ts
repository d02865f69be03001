import { Readable } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { DataQuery, IdParams, Location } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

const Window = Type.Object(
  { from: Type.String({ format: 'date-time' }), until: Type.String({ format: 'date-time' }) },
  { additionalProperties: false },
);

const QueryPoint = Type.Object({
  timestamp: Type.String(),
  source: Type.String({ description: 'RECORD or DATAPOINT' }),
  transferReason: Type.Union([Type.String(), Type.Null()]),
  location: Location,
  speed: Type.Union([Type.Number(), Type.Null()]),
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
          'Re-process a window of at most 93 days (and 5000 device-days): progress streams as JSON lines from the first moment until it is done',
        querystring: Window,
        response: {
          200: Type.Unknown({
            description:
              'JSON lines of {status: started|running|finished|failed, devices, remaining, processed, reattributed, message?}',
          }),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      // Checked before the first byte, so a refusal answers {code, message} with its status.
      const plan = await service.planImport(request.user, request.query.from, request.query.until);
      const lines = async function* () {
        for await (const step of service.runImport(plan)) yield JSON.stringify(step) + '\n';
      };
      return reply
        .type('application/x-ndjson')
        .header('cache-control', 'no-cache')
        .send(Readable.from(lines()));
    },
  );

  app.get(
    '/assets/:id/querypoints',
    {
      schema: {
        tags: ['admin'],
        summary: 'Positions the asset reported, from records and datapoints',
        params: IdParams,
        querystring: DataQuery,
        response: { 200: Type.Array(QueryPoint), ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.queryPoints(request.user, request.params.id, request.query),
  );

  app.delete(
    '/organisations/:id/data',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete all vehicle data of the organisation and below (OEM only)',
        params: IdParams,
        response: {
          200: Type.Object({ deleted: Type.Record(Type.String(), Type.Integer()) }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    (request) => service.deleteData(request.user, request.params.id),
  );
};
