import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {
  AccessTokenClaims,
  Endpoint,
  EndpointBody,
  EndpointQuery,
  EndpointResponse,
  IdParams,
} from '@fleet/contract';
import { sendPage, type Page } from './page.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/**
 * A route's method, url and schema, from the contract's table of endpoints:
 * `app.route({ ...on(endpoints.assets.get), handler })`. The schema keeps its type, so the
 * handler's params, query and body are typed as the contract says.
 */
export function on<E extends Endpoint>(
  endpoint: E,
): { method: E['method']; url: E['path']; schema: E['schema'] } {
  return { method: endpoint.method, url: endpoint.path, schema: endpoint.schema };
}

/** The five calls of a fleet record an organisation owns; see the contract's `crudEndpoints`. */
export type CrudTable = {
  list: Endpoint;
  create: Endpoint;
  get: Endpoint;
  update: Endpoint;
  delete: Endpoint;
};

/** What a record's service answers to those five calls; access checks are the service's. */
export interface CrudService<E extends CrudTable> {
  list(
    user: AccessTokenClaims,
    organisationId: number,
    query: EndpointQuery<E['list']>,
  ): Promise<Page<unknown>>;
  create(
    user: AccessTokenClaims,
    organisationId: number,
    body: EndpointBody<E['create']>,
  ): Promise<EndpointResponse<E['create']>>;
  get(user: AccessTokenClaims, id: number): Promise<EndpointResponse<E['get']>>;
  update(
    user: AccessTokenClaims,
    id: number,
    body: EndpointBody<E['update']>,
  ): Promise<EndpointResponse<E['update']>>;
  delete(user: AccessTokenClaims, id: number): Promise<void>;
}

/**
 * Registers the list page and create under an organisation, and get, change and delete by id:
 * the one shape that assets, drivers, devices, groups, configuration groups and users share.
 */
export function crudRoutes<E extends CrudTable>(app: App, table: E, service: CrudService<E>) {
  const id = (params: unknown) => (params as IdParams).id;
  app.route({
    ...on(table.list),
    handler: async (request, reply) =>
      sendPage(reply, await service.list(request.user, id(request.params), request.query as never)),
  });
  app.route({
    ...on(table.create),
    handler: async (request, reply) =>
      reply
        .status(201)
        .send(await service.create(request.user, id(request.params), request.body as never)),
  });
  app.route({
    ...on(table.get),
    handler: (request) => service.get(request.user, id(request.params)),
  });
  app.route({
    ...on(table.update),
    handler: (request) => service.update(request.user, id(request.params), request.body as never),
  });
  app.route({
    ...on(table.delete),
    handler: async (request, reply) => {
      await service.delete(request.user, id(request.params));
      return reply.status(204).send(null);
    },
  });
}
