import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';
import { callerOf } from '../../plugins/authenticate.js';
import { geocodingRoutes } from '../geocoding/index.js';

const table = endpoints.monitoring;

/** Who reads a monitoring in the view's scope: a signed-in user or the monitoring token's holder. */
const viewerOf = (request: FastifyRequest) => callerOf(request, 'user', 'monitoringToken');

/** Monitoring calls only a signed-in user makes (spec §7); register inside the signed-in scope. */
export const monitoringRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.monitoring;

  app.route({
    ...on(table.request),
    handler: async (r, reply) =>
      reply.status(201).send(await service.request(r.user, r.params.id, r.body)),
  });

  app.route({
    ...on(table.requests),
    handler: (r) => service.requests(r.user, r.params.id, r.query),
  });

  for (const [by, call] of [
    ['asset', table.ofAsset],
    ['driver', table.ofDriver],
  ] as const) {
    app.route({
      ...on(call),
      handler: (r) => service.list(r.user, by, r.params.id, r.query),
    });
  }

  app.route({
    ...on(table.active),
    handler: (r) => service.active(r.user, r.params.id),
  });

  app.route({
    ...on(table.token),
    handler: (r) => service.token(r.user, r.params.id),
  });
};

/**
 * Calls of one monitoring that its token opens as well as a session (the monitoring view):
 * `Authorization: Bearer <monitoring token>` or `<access token>`.
 */
export const monitoringViewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.monitoring;
  app.addHook('onRequest', app.callers.accept('user', 'monitoringToken'));

  // The view shows the addresses of its monitoring's positions: reverse geocoding takes the
  // token too (it reveals nothing of the organisation; the place list or the cache answers).
  await app.register(geocodingRoutes);

  app.route({
    ...on(table.get),
    handler: (r) => service.get(viewerOf(r), r.params.id),
  });

  app.route({
    ...on(table.end),
    handler: (r) => service.endByViewer(viewerOf(r), r.params.id),
  });

  app.route({
    ...on(table.enhanceVideo),
    handler: async (r, reply) => {
      await service.enhance(viewerOf(r), r.params.id, r.body.camera);
      return reply.status(202).send(null);
    },
  });

  app.route({
    ...on(table.recording),
    handler: async (r, reply) => {
      const download = await service.download(
        viewerOf(r),
        r.params.id,
        r.params.mediaId,
        r.headers.range,
      );
      return reply
        .status(download.status as 200)
        .headers(download.headers)
        .send(download.stream as unknown as string);
    },
  });
};

/** The device's monitoring calls (docs/device-protocol.md, "Monitoring"); inside the device API. */
export const deviceMonitoringRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.monitoring;

  app.route({
    ...on(table.deviceStart),
    handler: async (r, reply) => {
      const { monitoring, created } = await service.startByDevice(r.deviceId, r.body.commandId);
      return reply.status(created ? 201 : 200).send(monitoring);
    },
  });

  app.route({
    ...on(table.deviceGet),
    handler: (r) => service.deviceView(r.deviceId, r.params.id),
  });

  app.route({
    ...on(table.devicePositions),
    handler: (r) => service.positionsByDevice(r.deviceId, r.params.id, r.body.positions),
  });

  app.route({
    ...on(table.deviceEnd),
    handler: (r) => service.endByDevice(r.deviceId, r.params.id),
  });
};
