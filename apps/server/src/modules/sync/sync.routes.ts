import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

const table = endpoints.sync;

/**
 * The sync base's calls for a signed-in OEM (spec §7; the base refuses other roles before
 * these run): configuration, remote organisations, runs and results, and the API keys of the
 * export side.
 */
export const syncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.sync;
  const keys = app.services.syncApiKeys;

  app.route({
    ...on(table.remoteOrganisations),
    handler: (r) => service.remoteOrganisations(r.user, r.query),
  });

  app.route({
    ...on(table.configuration),
    handler: (r) => service.configuration(r.user, r.params.id),
  });

  app.route({
    ...on(table.createConfiguration),
    handler: async (r, reply) =>
      reply.status(201).send(await service.create(r.user, r.params.id, r.body)),
  });

  app.route({
    ...on(table.updateConfiguration),
    handler: (r) => service.update(r.user, r.params.id, r.body),
  });

  app.route({
    ...on(table.externalIds),
    handler: (r) => service.setExternalIds(r.user, r.params.id, r.body),
  });

  app.route({
    ...on(table.runNow),
    handler: async (r, reply) => reply.status(202).send(await service.runNow(r.user, r.params.id)),
  });

  app.route({
    ...on(table.results),
    handler: (r) => service.resultsOf(r.user, r.params.id, r.query),
  });

  // The specification's path has the slash; without it answers the same (undocumented).
  for (const hide of [false, true]) {
    const route = on(table.lastResults);
    app.route({
      ...route,
      url: hide ? '/lastresults' : route.url,
      schema: { ...route.schema, hide },
      handler: (r) => service.lastResults(r.user),
    });
  }

  app.route({
    ...on(table.apiKeys),
    handler: (r) => keys.list(r.user, r.params.id),
  });

  app.route({
    ...on(table.issueApiKey),
    handler: async (r, reply) =>
      reply.status(201).send(await keys.issue(r.user, r.params.id, r.body)),
  });

  app.route({
    ...on(table.revokeApiKey),
    handler: (r) => keys.revoke(r.user, r.params.id),
  });
};
