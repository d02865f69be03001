import { endpoint, NoContent } from '../endpoint.js';
import { IdParams } from '../organisations.js';
import {
  ReportDeliveryList,
  ReportSubscription,
  ReportSubscriptionInput,
  ReportSubscriptionList,
} from '../report-subscriptions.js';

/** Scheduled reports by e-mail (issue 21 §4): one's own, or all of the organisation for managers. */
const tags = ['report-subscriptions'];
const FAILURES = [400, 401, 403, 404] as const;

export const list = endpoint('GET', '/organisations/:id/report-subscriptions', {
  tags,
  summary: "The report subscriptions: the caller's own, or all of the organisation (not DRIVER)",
  params: IdParams,
  ok: { 200: ReportSubscriptionList },
  errors: FAILURES,
});

export const create = endpoint('POST', '/organisations/:id/report-subscriptions', {
  tags,
  summary: 'Subscribe oneself, or (not DRIVER) a user of the organisation, to a report by e-mail',
  params: IdParams,
  body: ReportSubscriptionInput,
  ok: { 201: ReportSubscription },
  errors: FAILURES,
});

export const remove = endpoint('DELETE', '/report-subscriptions/:id', {
  tags,
  summary: "Delete a report subscription (one's own, or of the organisation: not DRIVER)",
  params: IdParams,
  ok: { 204: NoContent },
  errors: FAILURES,
});

export const deliveries = endpoint('GET', '/organisations/:id/report-deliveries', {
  tags,
  summary: 'The reports sent, waiting or failed, newest first (of the subscriptions one sees)',
  params: IdParams,
  ok: { 200: ReportDeliveryList },
  errors: FAILURES,
});
