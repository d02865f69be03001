import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { BatchResult, DatapointBatch, ErrorCode, RecordBatch } from '@fleet/contract';
import { errorResponses, unauthorized } from '../../lib/http-error.js';
import { deviceMediaRoutes } from '../media/media.routes.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The device whose credential signed the request (device API only). */
    deviceId: number;
  }
}

const BATCH_BODY_LIMIT = 8 * 1024 * 1024;

/** The device API (docs/device-protocol.md): vehicles send raw records and datapoints. */
export const deviceApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.decorateRequest('deviceId', 0);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    const deviceId = match?.[1] && (await app.services.deviceAuth.authenticate(match[1]));
    if (!deviceId)
      throw unauthorized(ErrorCode.UNAUTHORIZED, 'A valid device credential is required');
    request.deviceId = deviceId;
  });

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

  await app.register(deviceMediaRoutes);
};
