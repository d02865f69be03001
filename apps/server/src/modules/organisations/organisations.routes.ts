import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  CreateOrganisationBody,
  DeleteOrganisationQuery,
  IdParams,
  Organisation,
  OrganisationList,
  OrganisationListPage,
  OrganisationListQuery,
  UpdateOrganisationBody,
} from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';
import { sendPage } from '../../db/list-page.js';
import { sendProgress } from '../../lib/progress-stream.js';

export const organisationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.organisations;
  const tags = ['organisations'];

  app.get(
    '/organisations',
    {
      schema: {
        tags,
        summary: "The caller's organisation and all its descendants",
        response: { 200: OrganisationList, ...errorResponses(401) },
      },
    },
    (request) => service.list(request.user),
  );

  app.get(
    '/organisations/:id',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: Organisation, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.get(
    '/organisations/:id/organisations',
    {
      schema: {
        tags,
        summary:
          'The organisation overview: {id} and every organisation below it, each with its parent and its own users, assets and devices',
        description:
          'search: name. Without sort, the tree order (each organisation followed by its children, by name). Without limit every row; X-Total-Count holds how many match.',
        params: IdParams,
        querystring: OrganisationListQuery,
        response: { 200: OrganisationListPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.overview(request.user, request.params.id, request.query)),
  );

  app.post(
    '/organisations/:id',
    {
      schema: {
        tags,
        summary: 'Create a child organisation under {id} (OEM and RESELLER)',
        params: IdParams,
        body: CreateOrganisationBody,
        response: { 201: Organisation, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const created = await service.createChild(request.user, request.params.id, request.body.name);
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/organisations/:id',
    {
      schema: {
        tags,
        summary:
          "Rename (name) and/or move under another parent of the caller's subtree (parentId); OEM and RESELLER, never the caller's own organisation's move",
        params: IdParams,
        body: UpdateOrganisationBody,
        response: { 200: Organisation, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/organisations/:id',
    {
      schema: {
        tags,
        summary:
          "Delete the organisation with everything in and below it, confirmed with its name (confirm=<name>); OEM and RESELLER, never the caller's own. One transaction: all of it or nothing; a client that goes away cancels it",
        params: IdParams,
        querystring: DeleteOrganisationQuery,
        response: {
          200: Type.Unknown({
            description:
              "JSON lines (application/x-ndjson) of {status, done, steps, deleted: {rawRecords, trips, assets, organisations, …}}: 'started' at once, 'running' at least every second, a last line 'finished' with {seconds}, or 'failed' with a message (then nothing was deleted)",
          }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const work = await service.delete(request.user, request.params.id, request.query.confirm);
      return sendProgress(reply, work);
    },
  );
};
