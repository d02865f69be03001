import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type TSchema } from 'typebox';
import {
  DataQuery,
  Datapoint,
  DatapointQuery,
  FleetEntry,
  FleetQuery,
  IdParams,
  RawData,
  Trip,
  VehicleEvent,
} from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

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
    '/organisations/:id/assets/fleet',
    { schema: schema('Fleet overview: every asset now', FleetQuery, FleetEntry) },
    (r) => service.fleet(r.user, r.params.id, r.query),
  );
  app.get(
    '/assets/:id/trips',
    { schema: schema('Trips of an asset, latest first', DataQuery, Trip) },
    (r) => service.trips(r.user, r.params.id, r.query),
  );
  app.get(
    '/assets/:id/events',
    { schema: schema('Events of an asset', DataQuery, VehicleEvent) },
    (r) => service.assetEvents(r.user, r.params.id, r.query),
  );
  app.get(
    '/drivers/:id/events',
    { schema: schema('Events while the driver drove', DataQuery, VehicleEvent) },
    (r) => service.driverEvents(r.user, r.params.id, r.query),
  );
  app.get(
    '/assets/:id/rawdatas',
    { schema: schema('Raw records as sent (OEM, INTEGRATOR)', DataQuery, RawData) },
    (r) => service.rawData(r.user, r.params.id, r.query),
  );
  app.get(
    '/assets/:id/datapoints',
    { schema: schema('Positions, with events and media when asked', DatapointQuery, Datapoint) },
    (r) => service.datapoints(r.user, r.params.id, r.query),
  );
};
