import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { clientGone } from '../../db/heavy-work.js';
import { on } from '../../lib/endpoint-routes.js';
import { sendPage } from '../../lib/page.js';

const table = endpoints.vehicleData;

/** The entity-data calls (spec §7), from the contract's table; the paged ones send X-Total-Count. */
export const vehicleDataRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.vehicleData;
  app.route({
    ...on(table.assetTrips),
    handler: async (r, reply) =>
      sendPage(reply, await service.trips(r.user, r.params.id, r.query, clientGone(reply))),
  });
  app.route({
    ...on(table.assetEvents),
    handler: async (r, reply) =>
      sendPage(reply, await service.assetEvents(r.user, r.params.id, r.query, clientGone(reply))),
  });
  app.route({
    ...on(table.driverEvents),
    handler: async (r, reply) =>
      sendPage(reply, await service.driverEvents(r.user, r.params.id, r.query, clientGone(reply))),
  });
  app.route({
    ...on(table.assetHeatmap),
    handler: (r, reply) =>
      service.heatmap(r.user, 'ASSET', r.params.id, r.query, clientGone(reply)),
  });
  app.route({
    ...on(table.driverHeatmap),
    handler: (r, reply) =>
      service.heatmap(r.user, 'DRIVER', r.params.id, r.query, clientGone(reply)),
  });
  app.route({
    ...on(table.rawData),
    handler: async (r, reply) =>
      sendPage(reply, await service.rawData(r.user, r.params.id, r.query, clientGone(reply))),
  });
  app.route({
    ...on(table.datapoints),
    handler: async (r, reply) =>
      sendPage(reply, await service.datapoints(r.user, r.params.id, r.query, clientGone(reply))),
  });
};
