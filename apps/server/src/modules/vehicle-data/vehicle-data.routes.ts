import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import {
  DataQuery,
  Datapoint,
  DatapointQuery,
  EventRecord,
  HeatmapCell,
  HeatmapQuery,
  IdParams,
  RawData,
  RawDataQuery,
  Trip,
} from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';
import { clientGone } from '../../db/heavy-work.js';

const errors = errorResponses(400, 401, 403, 404);

export const vehicleDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.vehicleData;
  const schema = <Q extends TSchema, R extends TSchema>(
    summary: string,
    querystring: Q,
    item: R,
  ) => ({
    tags: ['vehicle data'],
    summary,
    params: IdParams,
    querystring,
    response: { 200: Type.Array(item), ...errors },
  });

  app.get(
    '/assets/:id/trips',
    { schema: schema('Trips of an asset, latest first', DataQuery, Trip) },
    (r, reply) => service.trips(r.user, r.params.id, r.query, clientGone(reply)),
  );
  app.get(
    '/assets/:id/events',
    { schema: schema('Events of an asset, one record per moment', DataQuery, EventRecord) },
    (r, reply) => service.assetEvents(r.user, r.params.id, r.query, clientGone(reply)),
  );
  app.get(
    '/drivers/:id/events',
    {
      schema: schema(
        'Events while the driver drove, one record per moment',
        DataQuery,
        EventRecord,
      ),
    },
    (r, reply) => service.driverEvents(r.user, r.params.id, r.query, clientGone(reply)),
  );
  app.get(
    '/assets/:id/heatmap',
    {
      schema: schema('Events of one type per grid cell, up to a year', HeatmapQuery, HeatmapCell),
    },
    (r, reply) => service.heatmap(r.user, 'ASSET', r.params.id, r.query, clientGone(reply)),
  );
  app.get(
    '/drivers/:id/heatmap',
    {
      schema: schema(
        'Events of one type per grid cell while the driver drove, up to a year',
        HeatmapQuery,
        HeatmapCell,
      ),
    },
    (r, reply) => service.heatmap(r.user, 'DRIVER', r.params.id, r.query, clientGone(reply)),
  );
  app.get(
    '/assets/:id/rawdatas',
    {
      schema: schema(
        'A page of raw records as sent, newest first (OEM, INTEGRATOR); X-Total-Count holds how many the window has',
        RawDataQuery,
        RawData,
      ),
    },
    async (r, reply) => {
      const { records, total } = await service.rawData(
        r.user,
        r.params.id,
        r.query,
        clientGone(reply),
      );
      reply.header('x-total-count', String(total));
      return records;
    },
  );
  app.get(
    '/assets/:id/datapoints',
    { schema: schema('Positions, with events and media when asked', DatapointQuery, Datapoint) },
    (r, reply) => service.datapoints(r.user, r.params.id, r.query, clientGone(reply)),
  );
};
