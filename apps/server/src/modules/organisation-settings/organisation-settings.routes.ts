import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, OrganisationSettings, OrganisationSettingsInput } from '@fleet/contract';
import { errorResponses } from '../../lib/http-error.js';

const errors = errorResponses(400, 401, 403, 404);

/** Organisation settings (spec §7). The settings' id is the organisation's id. */
export const organisationSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.organisationSettings;

  app.get(
    '/organisations/:id/settings',
    {
      schema: {
        tags: ['organisations'],
        summary: "An organisation's settings (defaults while none were saved)",
        params: IdParams,
        response: { 200: OrganisationSettings, ...errors },
      },
    },
    (r) => service.get(r.user, r.params.id),
  );

  app.post(
    '/organisations/:id/settings',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Save settings of an organisation (the fields sent; OEM and RESELLER)',
        params: IdParams,
        body: OrganisationSettingsInput,
        response: { 200: OrganisationSettings, ...errors },
      },
    },
    (r) => service.change(r.user, r.params.id, r.body),
  );

  app.put(
    '/organisationsettings/:id',
    {
      schema: {
        tags: ['organisations'],
        summary: 'Change settings {id} (the organisation id; the fields sent; OEM and RESELLER)',
        params: IdParams,
        body: OrganisationSettingsInput,
        response: { 200: OrganisationSettings, ...errors },
      },
    },
    (r) => service.change(r.user, r.params.id, r.body),
  );
};
