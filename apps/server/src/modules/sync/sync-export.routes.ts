import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  EXPORT_PAGES,
  ExportIdsPage,
  ExportIdsQuery,
  ExportListQuery,
  ExportOrganisationParams,
  ExportOrganisations,
  SYNC_API_KEY_HEADER,
  SYNC_KIND_PATHS,
  type SyncEntityKind,
} from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';
import type { ApiKeyHolder } from './api-keys.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The export side's caller: set from the API key by syncExportRoutes. */
    apiKeyHolder: ApiKeyHolder;
  }
}

const security = [{ syncApiKey: [] }];

/**
 * The export side of the sync base (/sync-api/export/…): another server reads an
 * organisation's master data with an API key issued for it (header X-Api-Key), not a session.
 */
export const syncExportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const keys = app.services.syncApiKeys;
  const service = app.services.syncExport;
  app.decorateRequest('apiKeyHolder', null as unknown as ApiKeyHolder);
  app.addHook('onRequest', async (request) => {
    const header = request.headers[SYNC_API_KEY_HEADER];
    request.apiKeyHolder = await keys.authenticate(typeof header === 'string' ? header : undefined);
  });

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
    (r) => service.organisationList(r.apiKeyHolder),
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
      (r) => service.page(r.apiKeyHolder, r.params.externalId, kind, r.query) as never,
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
    (r) => service.ids(r.apiKeyHolder, r.params.externalId, r.query),
  );
};
