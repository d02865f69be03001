import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { TSchema } from 'typebox';
import {
  BatchResult,
  CommandBatch,
  CommandProgress,
  CommandQuery,
  CommandResult,
  DatapointBatch,
  IdParams,
  RecordBatch,
} from '@fleet/contract';
import { errorResponses, NoContent } from '../../lib/http-error.js';
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

  const schema = <B extends TSchema>(summary: string, body: B) => ({
    tags: ['device'],
    summary,
    security: [{ device: [] }],
    body,
    response: { 200: BatchResult, ...errorResponses(400, 401, 413) },
  });

  app.post(
    '/records',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: schema('Store raw records (idempotent; bad records refused one by one)', RecordBatch),
    },
    (request) => app.services.ingest.records(request.deviceId, request.body.records),
  );

  app.post(
    '/datapoints',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      schema: schema('Store GPS datapoints (idempotent)', DatapointBatch),
    },
    (request) => app.services.ingest.datapoints(request.deviceId, request.body.datapoints),
  );

  // ── The command channel ──
  const channel = app.services.deviceChannel;
  const command = (summary: string) => ({
    tags: ['device'],
    summary,
    security: [{ device: [] }],
    params: IdParams,
  });

  app.get(
    '/commands',
    {
      schema: {
        tags: ['device'],
        summary:
          'Pending commands, oldest first; with none, waits up to `wait` seconds for one (long-poll)',
        security: [{ device: [] }],
        querystring: CommandQuery,
        response: { 200: CommandBatch, ...errorResponses(400, 401) },
      },
    },
    async (request, reply) => {
      // A device that hangs up stops waiting here too.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      return {
        commands: await channel.poll(request.deviceId, request.query.wait ?? 0, gone.signal),
      };
    },
  );

  app.post(
    '/commands/:id/ack',
    {
      schema: {
        ...command('The device holds the command (idempotent)'),
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await channel.acknowledge(request.deviceId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/commands/:id/progress',
    {
      schema: {
        ...command('How each part of the command stands (a media request: per camera)'),
        body: CommandProgress,
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await channel.progress(request.deviceId, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/commands/:id/result',
    {
      schema: {
        ...command('The command is finished (idempotent: the first result stays)'),
        body: CommandResult,
        response: { 204: NoContent, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      await channel.result(request.deviceId, request.params.id, request.body);
      return reply.status(204).send(null);
    },
  );

  await app.register(deviceMediaRoutes);
  await app.register(deviceMonitoringRoutes);
};
