import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';
import { deviceMediaRoutes } from '../media/index.js';
import { deviceMonitoringRoutes } from '../monitoring/index.js';

const BATCH_BODY_LIMIT = 8 * 1024 * 1024;

/**
 * The device API (docs/device-protocol.md): vehicles send raw records and datapoints, and
 * take their commands from the command channel.
 */
export const deviceApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Every call is a device's (request.deviceId); its last_seen_at is kept by the check.
  app.addHook('onRequest', app.callers.accept('device'));

  const table = endpoints.device;

  app.route({
    ...on(table.records),
    bodyLimit: BATCH_BODY_LIMIT,
    handler: (request) => app.services.ingest.records(request.deviceId, request.body.records),
  });

  app.route({
    ...on(table.datapoints),
    bodyLimit: BATCH_BODY_LIMIT,
    handler: (request) => app.services.ingest.datapoints(request.deviceId, request.body.datapoints),
  });

  // ── The command channel ──
  const channel = app.services.deviceChannel;

  app.route({
    ...on(table.commands),
    handler: async (request, reply) => {
      // A device that hangs up stops waiting here too.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      return {
        commands: await channel.poll(request.deviceId, request.query.wait ?? 0, gone.signal),
      };
    },
  });

  app.route({
    ...on(table.ackCommand),
    handler: async (request, reply) => {
      await channel.acknowledge(request.deviceId, request.params.id);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...on(table.commandProgress),
    handler: async (request, reply) => {
      await channel.progress(request.deviceId, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  });

  app.route({
    ...on(table.commandResult),
    handler: async (request, reply) => {
      await channel.result(request.deviceId, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  });

  await app.register(deviceMediaRoutes);
  await app.register(deviceMonitoringRoutes);
};
