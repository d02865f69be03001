import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  IdParams,
  MediaRequest,
  MediaRequestInput,
  MediaRequestList,
  MediaRequestQuery,
  RequestedMediaList,
} from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

const errors = errorResponses(400, 401, 403, 404);

/** Media requests (spec §7): ask a vehicle for a moment's pictures or video, and follow it. */
export const mediaRequestRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.mediaRequests;

  for (const by of ['asset', 'driver'] as const) {
    const owner = by === 'asset' ? 'an asset' : 'a driver (the vehicle the driver drove then)';
    app.post(
      `/${by}s/:id/mediarequests`,
      {
        schema: {
          tags: ['media'],
          summary: `Ask the device of ${owner} for pictures or a video of a moment`,
          params: IdParams,
          body: MediaRequestInput,
          response: { 201: MediaRequest, ...errors },
        },
      },
      async (r, reply) =>
        reply.status(201).send(await service.create(r.user, by, r.params.id, r.body)),
    );
    app.get(
      `/${by}s/:id/mediarequests`,
      {
        schema: {
          tags: ['media'],
          summary: `Media requests of ${by === 'asset' ? 'an asset' : 'a driver'}, newest first`,
          params: IdParams,
          querystring: MediaRequestQuery,
          response: { 200: MediaRequestList, ...errors },
        },
      },
      (r) => service.list(r.user, by, r.params.id, r.query),
    );
  }

  app.get(
    '/mediarequests/:id/medias',
    {
      schema: {
        tags: ['media'],
        summary: 'Each requested camera: its availability and, once there, its medium',
        params: IdParams,
        response: { 200: RequestedMediaList, ...errors },
      },
    },
    (r) => service.medias(r.user, r.params.id),
  );
};
