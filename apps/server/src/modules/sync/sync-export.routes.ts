import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { SYNC_KIND_PATHS, endpoints, type SyncEntityKind } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';
import { callerOf } from '../../plugins/authenticate.js';

const table = endpoints.sync;

/**
 * The export side of the sync base (/sync-api/export/…): another server reads an
 * organisation's master data with an API key issued for it (header X-Api-Key), not a session.
 */
export const syncExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.syncExport;
  app.addHook('onRequest', app.callers.accept('exportKey'));
  const holder = (request: FastifyRequest) => callerOf(request, 'exportKey');

  app.route({
    ...on(table.exportOrganisations),
    handler: (r) => service.organisationList(holder(r)),
  });

  for (const kind of Object.keys(SYNC_KIND_PATHS) as SyncEntityKind[]) {
    app.route({
      ...on(table.exportPages[kind]),
      handler: (r) => service.page(holder(r), r.params.externalId, kind, r.query) as never,
    });
  }

  app.route({
    ...on(table.exportIds),
    handler: (r) => service.ids(holder(r), r.params.externalId, r.query),
  });
};
