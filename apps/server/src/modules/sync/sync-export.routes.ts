import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  EXPORT_PAGES,
  ExportIdsPage,
  ExportIdsQuery,
  ExportListQuery,
  ExportOrganisationParams,
  ExportOrganisations,
  SYNC_KIND_PATHS,
  type SyncEntityKind,
} from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';
import { callerOf } from '../../plugins/authenticate.js';

const security = [{ syncApiKey: [] }];

/**
 * The export side of the sync base (/sync-api/export/…): another server reads an
 * organisation's master data with an API key issued for it (header X-Api-Key), not a session.
 */
export const syncExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.syncExport;
  app.addHook('onRequest', app.callers.accept('exportKey'));
  const holder = (request: FastifyRequest) => callerOf(request, 'exportKey');

  app.get(
    '/export/organisations',
    {
      schema: {
        tags: ['sync export'],
        summary: "The API key's organisation and every organisation below it",
        security,
        response: { 200: ExportOrganisations, ...errorResponses(401) },
      },
    },
    (r) => service.organisationList(holder(r)),
  );

  for (const [kind, path] of Object.entries(SYNC_KIND_PATHS) as [SyncEntityKind, string][]) {
    app.get(
      `/export/organisations/:externalId/${path}`,
      {
        schema: {
          tags: ['sync export'],
          summary: `One page of the organisation's ${path} (since: changed since that stamp)`,
          security,
          params: ExportOrganisationParams,
          querystring: ExportListQuery,
          response: { 200: EXPORT_PAGES[kind], ...errorResponses(400, 401, 404) },
        },
      },
      (r) => service.page(holder(r), r.params.externalId, kind, r.query) as never,
    );
  }

  app.get(
    '/export/organisations/:externalId/ids',
    {
      schema: {
        tags: ['sync export'],
        summary: 'One page of the ids of every current record of a kind (finds removals)',
        security,
        params: ExportOrganisationParams,
        querystring: ExportIdsQuery,
        response: { 200: ExportIdsPage, ...errorResponses(400, 401, 404) },
      },
    },
    (r) => service.ids(holder(r), r.params.externalId, r.query),
  );
};
