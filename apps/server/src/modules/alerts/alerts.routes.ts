import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { endpoints } from '@fleet/contract';
import { on } from '../../lib/endpoint-routes.js';

/** Alert rules, the organisation's alert e-mails and the user's notifications (issue 21 §2). */
export const alertRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const service = app.services.alerts;
  const table = endpoints.alerts;

  app.route({ ...on(table.listRules), handler: (r) => service.listRules(r.user, r.params.id) });
  app.route({
    ...on(table.createRule),
    handler: async (r, reply) =>
      reply.code(201).send(await service.createRule(r.user, r.params.id, r.body)),
  });
  app.route({ ...on(table.getRule), handler: (r) => service.getRule(r.user, r.params.id) });
  app.route({
    ...on(table.updateRule),
    handler: (r) => service.updateRule(r.user, r.params.id, r.body),
  });
  app.route({
    ...on(table.deleteRule),
    handler: async (r, reply) => {
      await service.deleteRule(r.user, r.params.id);
      return reply.code(204).send(null);
    },
  });
  app.route({ ...on(table.mailOutbox), handler: (r) => service.mails(r.user, r.params.id) });
  app.route({
    ...on(table.notifications),
    handler: (r) => service.notifications(r.user, r.query.limit),
  });
  app.route({
    ...on(table.readNotification),
    handler: async (r, reply) => {
      await service.markRead(r.user, r.params.id, r.query.andOlder ?? false);
      return reply.code(204).send(null);
    },
  });
};
