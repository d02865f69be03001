import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';
import { sendPage } from '../../lib/page.js';

/** Safety review and coaching (issue 20): the inbox, a case, its actions, settings, audits. */
export const safetyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.safety;
  const table = endpoints.safety;

  app.route({
    ...on(table.list),
    handler: async (r, reply) => sendPage(reply, await service.list(r.user, r.params.id, r.query)),
  });
  app.route({ ...on(table.counts), handler: (r) => service.counts(r.user, r.params.id, r.query) });
  app.route({ ...on(table.bulk), handler: (r) => service.bulk(r.user, r.params.id, r.body) });
  app.route({ ...on(table.get), handler: (r) => service.get(r.user, r.params.id, r.query) });
  app.route({ ...on(table.act), handler: (r) => service.act(r.user, r.params.id, r.body) });
  app.route({
    ...on(table.comment),
    handler: async (r, reply) =>
      reply.status(201).send(await service.comment(r.user, r.params.id, r.body.text)),
  });
  app.route({ ...on(table.minute), handler: (r) => service.minute(r.user, r.params.id) });
  app.route({ ...on(table.coaches), handler: (r) => service.coaches(r.user, r.params.id) });
  app.route({ ...on(table.getSettings), handler: (r) => service.settings(r.user, r.params.id) });
  app.route({
    ...on(table.putSettings),
    handler: (r) => service.saveSettings(r.user, r.params.id, r.body),
  });
  app.route({
    ...on(table.mediaAudit),
    handler: (r) => service.mediaAudit(r.user, r.params.id),
  });
};
