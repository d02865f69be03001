import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  AssetMonitoring,
  AssetMonitoringList,
  AssetMonitoringRequest,
  AssetMonitoringRequestInput,
  AssetMonitoringRequestList,
  DeviceMonitoring,
  EnhanceVideoInput,
  Id,
  IdParams,
  MonitoringAccessToken,
  MonitoringPositions,
  MonitoringPositionsResult,
  MonitoringQuery,
  StartMonitoring,
} from '@fleet/contract';
import { NoContent, errorResponses } from '../../lib/http-error.js';
import { callerOf } from '../../plugins/authenticate.js';
import { geocodingRoutes } from '../geocoding/index.js';

const errors = errorResponses(400, 401, 403, 404);
const Binary = Type.String({ format: 'binary' });
const MediumParams = Type.Object({ id: Id, mediaId: Id });

/** Who reads a monitoring in the view's scope: a signed-in user or the monitoring token's holder. */
const viewerOf = (request: FastifyRequest) => callerOf(request, 'user', 'monitoringToken');

/** Monitoring calls only a signed-in user makes (spec §7); register inside the signed-in scope. */
export const monitoringRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.monitoring;

  app.post(
    '/assets/:id/assetmonitoringrequests',
    {
      schema: {
        tags: ['monitoring'],
        summary:
          'Ask the vehicle for a live monitoring (409 while one is active or waiting to start)',
        params: IdParams,
        body: AssetMonitoringRequestInput,
        response: { 201: AssetMonitoringRequest, ...errors, ...errorResponses(409) },
      },
    },
    async (r, reply) => reply.status(201).send(await service.request(r.user, r.params.id, r.body)),
  );

  app.get(
    '/assets/:id/assetmonitoringrequests',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'Monitoring requests of an asset, requested within [from, until), newest first',
        params: IdParams,
        querystring: MonitoringQuery,
        response: { 200: AssetMonitoringRequestList, ...errors },
      },
    },
    (r) => service.requests(r.user, r.params.id, r.query),
  );

  for (const by of ['asset', 'driver'] as const) {
    app.get(
      `/${by}s/:id/assetmonitorings`,
      {
        schema: {
          tags: ['monitoring'],
          summary: `Monitorings of ${by === 'asset' ? 'an asset' : 'a driver (linked when they started)'}, started within [from, until), newest first`,
          params: IdParams,
          querystring: MonitoringQuery,
          response: { 200: AssetMonitoringList, ...errors },
        },
      },
      (r) => service.list(r.user, by, r.params.id, r.query),
    );
  }

  app.get(
    '/assets/:id/assetmonitorings/active',
    {
      schema: {
        tags: ['monitoring'],
        summary: "The asset's active monitoring; 404 when none is active",
        params: IdParams,
        response: { 200: AssetMonitoring, ...errors },
      },
    },
    (r) => service.active(r.user, r.params.id),
  );

  app.get(
    '/assetmonitorings/:id/token',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'A token that opens this one monitoring (the monitoring view link)',
        params: IdParams,
        response: { 200: MonitoringAccessToken, ...errors },
      },
    },
    (r) => service.token(r.user, r.params.id),
  );
};

/**
 * Calls of one monitoring that its token opens as well as a session (the monitoring view):
 * `Authorization: Bearer <monitoring token>` or `<access token>`.
 */
export const monitoringViewRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.monitoring;
  app.addHook('onRequest', app.callers.accept('user', 'monitoringToken'));
  const security: { [name: string]: string[] }[] = [{ bearer: [] }, { monitoringToken: [] }];

  // The view shows the addresses of its monitoring's positions: reverse geocoding takes the
  // token too (it reveals nothing of the organisation; the place list or the cache answers).
  await app.register(geocodingRoutes);

  app.get(
    '/assetmonitorings/:id',
    {
      schema: {
        tags: ['monitoring'],
        summary:
          'One monitoring with its positions, live room and recordings (session or its token)',
        security,
        params: IdParams,
        response: { 200: AssetMonitoring, ...errors },
      },
    },
    (r) => service.get(viewerOf(r), r.params.id),
  );

  app.put(
    '/assetmonitorings/:id/end',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'End the monitoring (once; ending it again changes nothing)',
        security,
        params: IdParams,
        response: { 200: AssetMonitoring, ...errors },
      },
    },
    (r) => service.endByViewer(viewerOf(r), r.params.id),
  );

  app.post(
    '/assetmonitorings/:id/enhancevideo',
    {
      schema: {
        tags: ['monitoring'],
        summary:
          "'Enhance video': the device sends that camera at a higher quality for a minute (while active)",
        security,
        params: IdParams,
        body: EnhanceVideoInput,
        response: { 202: NoContent, ...errors, ...errorResponses(409) },
      },
    },
    async (r, reply) => {
      await service.enhance(viewerOf(r), r.params.id, r.body.camera);
      return reply.status(202).send(null);
    },
  );

  app.get(
    '/assetmonitorings/:id/media/:mediaId/download',
    {
      schema: {
        tags: ['monitoring'],
        summary: 'A recording of the monitoring (Range: bytes=a-b answers 206)',
        security,
        params: MediumParams,
        response: { 200: Binary, 206: Binary, ...errors, ...errorResponses(416) },
      },
    },
    async (r, reply) => {
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
  );
};

/** The device's monitoring calls (docs/device-protocol.md, "Monitoring"); inside the device API. */
export const deviceMonitoringRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.monitoring;
  const device = { tags: ['device'], security: [{ device: [] }] };

  app.post(
    '/monitorings',
    {
      schema: {
        ...device,
        summary:
          'Start the monitoring a MONITORING_REQUEST command asked for (again: the same one, 200)',
        body: StartMonitoring,
        response: {
          200: DeviceMonitoring,
          201: DeviceMonitoring,
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (r, reply) => {
      const { monitoring, created } = await service.startByDevice(r.deviceId, r.body.commandId);
      return reply.status(created ? 201 : 200).send(monitoring);
    },
  );

  app.get(
    '/monitorings/:id',
    {
      schema: {
        ...device,
        summary: 'The monitoring: ended or not, and where to publish the cameras',
        params: IdParams,
        response: { 200: DeviceMonitoring, ...errorResponses(400, 401, 404) },
      },
    },
    (r) => service.deviceView(r.deviceId, r.params.id),
  );

  app.post(
    '/monitorings/:id/positions',
    {
      schema: {
        ...device,
        summary: 'Positions at the tracing frequency (idempotent); ended: true says stop',
        params: IdParams,
        body: MonitoringPositions,
        response: { 200: MonitoringPositionsResult, ...errorResponses(400, 401, 404) },
      },
    },
    (r) => service.positionsByDevice(r.deviceId, r.params.id, r.body.positions),
  );

  app.put(
    '/monitorings/:id/end',
    {
      schema: {
        ...device,
        summary: 'The device ends the monitoring (once)',
        params: IdParams,
        response: { 200: DeviceMonitoring, ...errorResponses(400, 401, 404) },
      },
    },
    (r) => service.endByDevice(r.deviceId, r.params.id),
  );
};
