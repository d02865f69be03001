import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AssetDeviceParams,
  AssetDriverParams,
  DeviceLink,
  DeviceLinkList,
  DriverLink,
  DriverLinkList,
  FromQuery,
  IdParams,
  PeriodQuery,
  UntilQuery,
} from '@fleet/contract';
import { errorResponses, NoContent } from '../../lib/http-error.js';

const tags = ['links'];
const readErrors = errorResponses(400, 401, 403, 404);
const writeErrors = errorResponses(400, 401, 403, 404, 409);

/** Main base: links of assets to devices and to drivers. */
export const linkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { deviceLinks, driverLinks } = app.services;

  app.get(
    '/assets/:id/devicelinks',
    {
      schema: {
        tags,
        summary: "The asset's device links overlapping [from, until), newest first",
        params: IdParams,
        querystring: PeriodQuery,
        response: { 200: DeviceLinkList, ...readErrors },
      },
    },
    (request) => deviceLinks.listByAsset(request.user, request.params.id, request.query),
  );

  app.get(
    '/devices/:id/devicelinks',
    {
      schema: {
        tags,
        summary: "The device's links still holding at or after from, newest first",
        params: IdParams,
        querystring: FromQuery,
        response: { 200: DeviceLinkList, ...readErrors },
      },
    },
    (request) => deviceLinks.listByTarget(request.user, request.params.id, request.query),
  );

  app.put(
    '/assets/:id/devices/:deviceId',
    {
      schema: {
        tags,
        summary: 'Link the device to the asset from `from` (default now), with no end',
        params: AssetDeviceParams,
        querystring: FromQuery,
        response: { 201: DeviceLink, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { id, deviceId } = request.params;
      const link = await deviceLinks.link(request.user, id, deviceId, request.query);
      return reply.status(201).send(link);
    },
  );

  app.delete(
    '/assets/:id/devices/:deviceId',
    {
      schema: {
        tags,
        summary: 'End the open link of the asset and the device at `until` (default now)',
        params: AssetDeviceParams,
        querystring: UntilQuery,
        response: { 200: DeviceLink, ...readErrors },
      },
    },
    (request) =>
      deviceLinks.terminate(
        request.user,
        request.params.id,
        request.params.deviceId,
        request.query,
      ),
  );

  app.delete(
    '/devicelinks/:id',
    {
      schema: {
        tags,
        summary: 'Remove the link as if it never was',
        params: IdParams,
        response: { 204: NoContent, ...readErrors },
      },
    },
    async (request, reply) => {
      await deviceLinks.delete(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );

  await app.register(assetDriverLinkRoute);

  app.get(
    '/drivers/:id/driverlinks',
    {
      schema: {
        tags,
        summary: "The driver's links overlapping [from, until), newest first",
        params: IdParams,
        querystring: PeriodQuery,
        response: { 200: DriverLinkList, ...readErrors },
      },
    },
    (request) => driverLinks.listByTarget(request.user, request.params.id, request.query),
  );

  app.put(
    '/assets/:id/drivers/:driverId',
    {
      schema: {
        tags,
        summary: 'Link the driver to the asset from `from` (default now), with no end',
        params: AssetDriverParams,
        querystring: FromQuery,
        response: { 201: DriverLink, ...writeErrors },
      },
    },
    async (request, reply) => {
      const { id, driverId } = request.params;
      const link = await driverLinks.link(request.user, id, driverId, request.query);
      return reply.status(201).send(link);
    },
  );

  app.delete(
    '/assets/:id/drivers/:driverId',
    {
      schema: {
        tags,
        summary: 'End the open link of the asset and the driver at `until` (default now)',
        params: AssetDriverParams,
        querystring: UntilQuery,
        response: { 200: DriverLink, ...readErrors },
      },
    },
    (request) =>
      driverLinks.terminate(
        request.user,
        request.params.id,
        request.params.driverId,
        request.query,
      ),
  );

  app.delete(
    '/driverlinks/:id',
    {
      schema: {
        tags,
        summary: 'Remove the link as if it never was',
        params: IdParams,
        response: { 204: NoContent, ...readErrors },
      },
    },
    async (request, reply) => {
      await driverLinks.delete(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};

/** GET assets/{id}/driverlinks: on the main base and, the same, on the admin base. */
export const assetDriverLinkRoute: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/assets/:id/driverlinks',
    {
      schema: {
        tags,
        summary: "The asset's driver links overlapping [from, until), newest first",
        params: IdParams,
        querystring: PeriodQuery,
        response: { 200: DriverLinkList, ...readErrors },
      },
    },
    (request) =>
      app.services.driverLinks.listByAsset(request.user, request.params.id, request.query),
  );
};
