import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** The services of the two kinds of link; the routes are the same (issue 10 §8). */
const SERVICES = { device: 'deviceLinks', driver: 'driverLinks' } as const;

/** GET assets/{id}/{kind}links: the asset's links overlapping [from, until). */
function assetLinksRoute(
  app: App,
  kind: 'device' | 'driver',
  call: typeof endpoints.links.device.ofAsset | typeof endpoints.links.driver.ofAsset,
) {
  app.route({
    ...on(call),
    handler: (request) =>
      app.services[SERVICES[kind]].listByAsset(request.user, request.params.id, request.query),
  });
}

/**
 * Main base: links of assets to devices and to drivers, the same five routes
 * for each kind: list by asset, list by device (driver), link, end, delete.
 */
export const linkRoutes: FastifyPluginAsyncTypebox = async (app) => {
  for (const kind of ['device', 'driver'] as const) {
    const table = endpoints.links[kind];
    // Services are read when a request comes (a test mounts these routes without them).
    const links = () => app.services[SERVICES[kind]];
    const targetId = (p: unknown) => (p as Record<string, number>)[`${kind}Id`]!;

    assetLinksRoute(app, kind, table.ofAsset);

    app.route({
      ...on(table.ofTarget),
      handler: (request) => links().listByTarget(request.user, request.params.id, request.query),
    });

    app.route({
      ...on(table.link),
      handler: async (request, reply) => {
        const made = await links().link(
          request.user,
          request.params.id,
          targetId(request.params),
          request.query,
        );
        return reply.status(201).send(made);
      },
    });

    app.route({
      ...on(table.end),
      handler: (request) =>
        links().terminate(request.user, request.params.id, targetId(request.params), request.query),
    });

    app.route({
      ...on(table.remove),
      handler: async (request, reply) => {
        await links().delete(request.user, request.params.id);
        return reply.status(204).send(null);
      },
    });
  }
};

/** GET assets/{id}/driverlinks on the admin base: the same as on the main base. */
export const assetDriverLinkRoute: FastifyPluginAsyncTypebox = async (app) => {
  assetLinksRoute(app, 'driver', endpoints.links.adminAssetDriverLinks);
};
