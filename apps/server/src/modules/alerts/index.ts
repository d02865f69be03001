// The alerts module's front door (issue 21 §2): rules, firing, notifications, e-mail and webhooks.
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { OutboundPolicy } from '../../lib/outbound.js';
import type { AccessService } from '../access/index.js';
import { organisationTree } from '../organisations/index.js';
import { AlertDelivery, type MailSettings } from './alert-delivery.js';
import { AlertFiring, type FiringCounts } from './alert-firing.js';
import { AlertLoop } from './alert-loop.js';
import { AlertsRepository } from './alerts.repository.js';
import { AlertsService } from './alerts.service.js';

export { alertRoutes } from './alerts.routes.js';
export type { AlertsService } from './alerts.service.js';
export type { AlertFiring, FiringCounts } from './alert-firing.js';
export type { AlertDelivery } from './alert-delivery.js';
/** An event type's words in a language (the alert texts' own; the trip PDF uses them too). */
export { what as alertWhat } from './alert-texts.js';

/** The background side: the firing loop (a Loop of the job runner) and the deliveries job. */
export interface AlertWork {
  firing: AlertFiring;
  delivery: AlertDelivery;
  /** A new loop over the queue; `fired` is told when notifications were made (wake deliveries). */
  loop(fired: (counts: FiringCounts) => void): AlertLoop;
  /** The deliveries job: e-mails, webhooks and the silent-device check. */
  job(): Promise<void>;
}

export function createAlerts(deps: {
  db: Db;
  access: AccessService;
  outbound: OutboundPolicy;
  mail: MailSettings;
  timeZone: string;
  log: FastifyBaseLogger;
}) {
  const repository = new AlertsRepository(deps.db);
  const firing = new AlertFiring(deps.db, repository, deps.timeZone);
  const delivery = new AlertDelivery(repository, deps.mail, deps.outbound);
  const alerts = new AlertsService(
    repository,
    deps.access,
    organisationTree(deps.db),
    deps.outbound,
    () => delivery.smtpConfigured,
  );
  const alertWork: AlertWork = {
    firing,
    delivery,
    loop: (fired) => new AlertLoop(deps.db, firing, fired, deps.log),
    job: async () => {
      await firing.silentDevices();
      await delivery.run();
    },
  };
  return { alerts, alertWork };
}
