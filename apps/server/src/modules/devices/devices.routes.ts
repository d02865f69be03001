import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateDeviceBody,
  Device,
  DeviceListPage,
  DeviceListQuery,
  DeviceWithCredential,
  IdParams,
  UpdateDeviceBody,
} from '@fleet/contract';
import { errorResponses, NoContent } from '../../lib/http-error.js';
import { sendPage } from '../../db/list-page.js';

export const deviceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.devices;
  const tags = ['devices'];

  app.get(
    '/organisations/:id/devices',
    {
      schema: {
        tags,
        summary:
          "The organisation's own devices, with the asset they are fitted to and their settings state",
        description:
          'search: name or identifier; filter=unlinked (fitted to no asset now), silent (not heard from for a day, or never), pending (settings not applied yet). Without limit every row; X-Total-Count holds how many match.',
        params: IdParams,
        querystring: DeviceListQuery,
        response: { 200: DeviceListPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.list(request.user, request.params.id, request.query)),
  );

  app.post(
    '/organisations/:id/devices',
    {
      schema: {
        tags,
        summary: 'Create a device; the answer holds its credential, shown this once',
        params: IdParams,
        body: CreateDeviceBody,
        response: { 201: DeviceWithCredential, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user, request.params.id, request.body)),
  );

  app.get(
    '/devices/:id',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: Device, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.put(
    '/devices/:id',
    {
      schema: {
        tags,
        summary: 'Change the fields sent',
        params: IdParams,
        body: UpdateDeviceBody,
        response: { 200: Device, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.post(
    '/devices/:id/credential',
    {
      schema: {
        tags,
        summary: 'Issue a new credential, shown this once; the old one stops working',
        params: IdParams,
        response: { 200: DeviceWithCredential, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.reissueCredential(request.user, request.params.id),
  );

  app.delete(
    '/devices/:id',
    {
      schema: {
        tags,
        summary:
          'Delete the device with its ended links, commands and records; 409 while it is linked to an asset',
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await service.delete(request.user, request.params.id);
      return reply.status(204).send(null);
    },
  );
};
