import {
  AlertMailList,
  AlertNotificationList,
  AlertRule,
  AlertRuleInput,
  AlertRuleList,
  MarkReadQuery,
  NotificationListQuery,
} from '../alerts.js';
import { endpoint, NoContent } from '../endpoint.js';
import { IdParams } from '../organisations.js';

/** Alert rules (issue 21 §2): read by the subtree, changed by roles that manage the fleet. */
const tags = ['alerts'];
const FAILURES = [400, 401, 403, 404] as const;

export const listRules = endpoint('GET', '/organisations/:id/alert-rules', {
  tags,
  summary: "An organisation's alert rules",
  params: IdParams,
  ok: { 200: AlertRuleList },
  errors: FAILURES,
});

export const createRule = endpoint('POST', '/organisations/:id/alert-rules', {
  tags,
  summary: 'Create an alert rule (not DRIVER)',
  params: IdParams,
  body: AlertRuleInput,
  ok: { 201: AlertRule },
  errors: FAILURES,
});

export const getRule = endpoint('GET', '/alert-rules/:id', {
  tags,
  summary: 'One alert rule',
  params: IdParams,
  ok: { 200: AlertRule },
  errors: FAILURES,
});

export const updateRule = endpoint('PUT', '/alert-rules/:id', {
  tags,
  summary: 'Change an alert rule (the fields sent; not DRIVER)',
  params: IdParams,
  body: AlertRuleInput,
  ok: { 200: AlertRule },
  errors: FAILURES,
});

export const deleteRule = endpoint('DELETE', '/alert-rules/:id', {
  tags,
  summary: 'Delete an alert rule and its notifications (not DRIVER)',
  params: IdParams,
  ok: { 204: NoContent },
  errors: FAILURES,
});

export const mailOutbox = endpoint('GET', '/organisations/:id/alert-mails', {
  tags,
  summary: "The organisation's alert e-mails, newest first: sent, failed or kept (not DRIVER)",
  params: IdParams,
  ok: { 200: AlertMailList },
  errors: FAILURES,
});

export const notifications = endpoint('GET', '/notifications', {
  tags,
  summary: "The signed-in user's notifications, newest first, and how many are unread",
  querystring: NotificationListQuery,
  ok: { 200: AlertNotificationList },
  errors: [400, 401] as const,
});

export const readNotification = endpoint('POST', '/notifications/:id/read', {
  tags,
  summary: 'Mark one of my notifications read (andOlder: and every older one, for Mark all read)',
  params: IdParams,
  querystring: MarkReadQuery,
  ok: { 204: NoContent },
  errors: [400, 401, 404] as const,
});
