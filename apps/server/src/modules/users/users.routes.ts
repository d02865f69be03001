import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateUserBody,
  IdParams,
  UpdateUserBody,
  User,
  UserListPage,
  UserListQuery,
} from '@fleet/contract';
import { errorResponses, NoContent } from '../../lib/http-error.js';
import { sendPage } from '../../db/list-page.js';

export const userRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.users;
  const tags = ['users'];

  app.get(
    '/users/:id',
    {
      schema: {
        tags,
        params: IdParams,
        response: { 200: User, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (request) => service.get(request.user, request.params.id),
  );

  app.get(
    '/organisations/:id/users',
    {
      schema: {
        tags,
        summary: "The organisation's own users",
        description:
          'search: name or user name. Without limit every row; X-Total-Count holds how many match.',
        params: IdParams,
        querystring: UserListQuery,
        response: { 200: UserListPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      sendPage(reply, await service.list(request.user, request.params.id, request.query)),
  );

  app.post(
    '/organisations/:id/users',
    {
      schema: {
        tags,
        summary: 'Create a user; the caller gives at most its own authority',
        params: IdParams,
        body: CreateUserBody,
        response: { 201: User, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await service.create(request.user, request.params.id, request.body)),
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Change the fields sent; a new role or password ends the user’s sessions',
        params: IdParams,
        body: UpdateUserBody,
        response: { 200: User, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    (request) => service.update(request.user, request.params.id, request.body),
  );

  app.delete(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Delete the user and end its sessions',
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
