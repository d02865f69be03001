import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  Asset,
  AssetListPage,
  AssetListQuery,
  CreateAssetBody,
  IdParams,
  UpdateAssetBody,
} from '@fleet/contract';
import { sendPage } from '../../db/list-page.js';
import { errorResponses, NoContent } from '../../lib/http-error.js';

export const assetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.assets;
  const tags = ['assets'];

  app.get(
    '/organisations/:id/assets',
    {
      schema: {
        tags,
        summary:
          "The organisation's own assets, with their device, driver and configuration group now",
        description:
          'search: name or licence plate; filter=unlinked: no device fitted now. Without limit every row; X-Total-Count holds how many match.',
        params: IdParams,
        querystring: AssetListQuery,
        response: { 200: AssetListPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.list(request.user, request.params.id, request.query)),
  );

  app.post(
    '/organisations/:id/assets',
    {
      schema: {
        tags,
        params: IdParams,
        body: CreateAssetBody,
        response: { 201: Asset, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user, request.params.id, request.body)),
  );

  app.get(
    '/assets/:id',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: Asset, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.put(
    '/assets/:id',
    {
      schema: {
        tags,
        summary:
          'Change the fields sent; the configuration group is set through configurationgroups',
        params: IdParams,
        body: UpdateAssetBody,
        response: { 200: Asset, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/assets/:id',
    {
      schema: {
        tags,
        summary:
          'Delete the asset with its ended links, group memberships and history; 409 while a device or driver link has not ended',
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
