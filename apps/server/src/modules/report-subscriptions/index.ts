// The report subscriptions module's front door (issue 21 §4, docs/reports.md): scheduled
// reports by e-mail, each period once, with a history.
import type { Db } from '../../db/database.js';
import type { AccessService } from '../access/index.js';
import type { ReportSources } from './report-attachments.js';
import { ReportDelivery, type ReportMailSettings } from './report-delivery.js';
import { ReportSubscriptionsRepository } from './report-subscriptions.repository.js';
import { ReportSubscriptionsService } from './report-subscriptions.service.js';

export { reportSubscriptionRoutes } from './report-subscriptions.routes.js';
export type { ReportSubscriptionsService } from './report-subscriptions.service.js';
export type { ReportDelivery } from './report-delivery.js';
export { attachmentsFor, type ReportSources } from './report-attachments.js';
export { lastCompletePeriod, type Frequency, type ReportPeriod } from './report-period.js';
export { NO_SMTP } from './report-delivery.js';

export function createReportSubscriptions(deps: {
  db: Db;
  access: AccessService;
  sources: ReportSources;
  mail: ReportMailSettings;
  /** the job's clock (tests) */
  now?: () => Date;
}) {
  const repository = new ReportSubscriptionsRepository(deps.db);
  const reportDelivery = new ReportDelivery(repository, deps.sources, deps.mail, deps.now);
  const reportSubscriptions = new ReportSubscriptionsService(
    repository,
    deps.access,
    () => reportDelivery.smtpConfigured,
  );
  return { reportSubscriptions, reportDelivery };
}
