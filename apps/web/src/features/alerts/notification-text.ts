import type { AlertNotification } from '@fleet/contract';
import type { TFunction } from 'i18next';

/** What happened, in the user's language: the event's name, else the rule kind's, else the kind. */
export function notificationTitle(t: TFunction, n: Pick<AlertNotification, 'kind' | 'detail'>) {
  const kind = t(`alerts.kinds.${n.kind}` as never, { defaultValue: n.kind });
  if (!n.detail || !(n.kind === 'event' || n.kind === 'caseNeedsReview')) return kind;
  // an event's or a case's detail is the event type
  const event = t(`alerts.events.${n.detail}` as never, { defaultValue: n.detail });
  return n.kind === 'event' ? event : `${kind}: ${event}`;
}
