import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CreateSyncApiKeyBody,
  CreateSyncConfigurationBody,
  IdParams,
  IssuedSyncApiKey,
  RemoteOrganisationList,
  RemoteOrganisationsQuery,
  SyncApiKey,
  SyncApiKeyList,
  SyncConfiguration,
  SyncExternalIdsBody,
  SyncLastResultList,
  SyncResult,
  SyncResultList,
  SyncResultsQuery,
  UpdateSyncConfigurationBody,
} from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['sync'];

/**
 * The sync base's calls for a signed-in OEM (spec §7; the base refuses other roles before
 * these run): configuration, remote organisations, runs and results, and the API keys of the
 * export side.
 */
export const syncRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.sync;
  const keys = app.services.syncApiKeys;

  app.get(
    '/organisations',
    {
      schema: {
        tags,
        summary:
          "The organisations a remote offers for the key of organisation {organisationId}'s configuration",
        querystring: RemoteOrganisationsQuery,
        response: { 200: RemoteOrganisationList, ...errorResponses(400, 401, 403, 404, 409, 502) },
      },
    },
    (r) => service.remoteOrganisations(r.user, r.query),
  );

  app.get(
    '/organisations/:id/configuration',
    {
      schema: {
        tags,
        summary: "An organisation's synchronisation configuration (404: none)",
        params: IdParams,
        response: { 200: SyncConfiguration, ...errors },
      },
    },
    (r) => service.configuration(r.user, r.params.id),
  );

  app.post(
    '/organisations/:id/configuration',
    {
      schema: {
        tags,
        summary: 'Configure the synchronisation of an organisation (409: it has one)',
        params: IdParams,
        body: CreateSyncConfigurationBody,
        response: { 201: SyncConfiguration, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (r, reply) => reply.status(201).send(await service.create(r.user, r.params.id, r.body)),
  );

  app.put(
    '/configurations/:id',
    {
      schema: {
        tags,
        summary: 'Change synchronisation configuration {id} (the fields sent)',
        params: IdParams,
        body: UpdateSyncConfigurationBody,
        response: { 200: SyncConfiguration, ...errors },
      },
    },
    (r) => service.update(r.user, r.params.id, r.body),
  );

  app.put(
    '/organisations/:id/externalids',
    {
      schema: {
        tags,
        summary: 'The remote organisations this organisation mirrors',
        params: IdParams,
        body: SyncExternalIdsBody,
        response: { 200: SyncConfiguration, ...errors },
      },
    },
    (r) => service.setExternalIds(r.user, r.params.id, r.body),
  );

  app.put(
    '/organisations/:id/sync',
    {
      schema: {
        tags,
        summary: 'Synchronise now: 202 with the queued run (or the one queued or running already)',
        params: IdParams,
        response: { 202: SyncResult, ...errorResponses(401, 403, 404, 409) },
      },
    },
    async (r, reply) => reply.status(202).send(await service.runNow(r.user, r.params.id)),
  );

  app.get(
    '/organisations/:id/results',
    {
      schema: {
        tags,
        summary: 'Results of the runs queued in [from, until), newest first',
        params: IdParams,
        querystring: SyncResultsQuery,
        response: { 200: SyncResultList, ...errors },
      },
    },
    (r) => service.resultsOf(r.user, r.params.id, r.query),
  );

  // The specification's path has the slash; without it answers the same.
  for (const path of ['/lastresults/', '/lastresults']) {
    app.get(
      path,
      {
        schema: {
          tags,
          hide: path === '/lastresults',
          summary: "The newest result of every configured organisation of the caller's subtree",
          response: { 200: SyncLastResultList, ...errorResponses(401, 403) },
        },
      },
      (r) => service.lastResults(r.user),
    );
  }

  app.get(
    '/organisations/:id/apikeys',
    {
      schema: {
        tags,
        summary: 'The export API keys issued for an organisation (never the keys themselves)',
        params: IdParams,
        response: { 200: SyncApiKeyList, ...errors },
      },
    },
    (r) => keys.list(r.user, r.params.id),
  );

  app.post(
    '/organisations/:id/apikeys',
    {
      schema: {
        tags,
        summary: 'Issue an export API key for an organisation: the key is in this answer only',
        params: IdParams,
        body: CreateSyncApiKeyBody,
        response: { 201: IssuedSyncApiKey, ...errors },
      },
    },
    async (r, reply) => reply.status(201).send(await keys.issue(r.user, r.params.id, r.body)),
  );

  app.delete(
    '/apikeys/:id',
    {
      schema: {
        tags,
        summary: 'Revoke an export API key',
        params: IdParams,
        response: { 200: SyncApiKey, ...errorResponses(400, 401, 403, 404) },
      },
    },
    (r) => keys.revoke(r.user, r.params.id),
  );
};
