import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

/** Organisation settings (spec §7). The settings' id is the organisation's id. */
export const organisationSettingsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.organisationSettings;
  const table = endpoints.organisationSettings;

  app.route({ ...on(table.get), handler: (r) => service.get(r.user, r.params.id) });
  app.route({ ...on(table.save), handler: (r) => service.change(r.user, r.params.id, r.body) });
  app.route({ ...on(table.update), handler: (r) => service.change(r.user, r.params.id, r.body) });
};
